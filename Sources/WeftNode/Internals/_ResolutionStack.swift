import WeftCore

/// The nodes whose layout specs this thread is resolving, outermost first: a
/// spec that names a node whose spec names the first node again (a cycle of two
/// or more) finds its owner here instead of recursing until the stack overflows.
final class _ResolutionStack {
    /// The owners being resolved, outermost first.
    var owners: [ObjectIdentifier] = []
    /// Owners an inner resolution found again: their outer resolution reports the cycle.
    var cycles: [ObjectIdentifier] = []

    /// This thread's stack.
    static var current: _ResolutionStack { record.current }

    private static let record = ThreadLocalRecord { _ResolutionStack() }
}

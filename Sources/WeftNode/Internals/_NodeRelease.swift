import WeftCore

/// Releases what dying nodes held without letting `deinit`s nest deeper than
/// ``maximumNesting``: a node dying that deep on a thread hands what it held to the
/// outermost release on that thread, which lets it go after its own. Nested
/// `deinit`s overflowed the stack at a few tens of thousands of levels; a shallow
/// tree costs one thread-local lookup per node that held anything, and a leaf nothing.
final class _NodeRelease {
    /// What one dying node held.
    struct Held {
        var subnodes: [DisplayNode]
        var calculatedLayout: DisplayNode.CalculatedLayout?
        var appliedLayout: Layout?

        var isEmpty: Bool { subnodes.isEmpty && calculatedLayout == nil && appliedLayout == nil }
    }

    /// How deep releases nest on one thread before they are deferred; each level
    /// takes a few hundred bytes of stack.
    static let maximumNesting = 64

    private var depth = 0
    private var deferred: [Held] = []

    private static let records = ThreadLocalRecord { _NodeRelease() }

    /// Lets go of `held`, now or, if this thread is already `maximumNesting`
    /// releases deep, when its outermost release has let go of its own.
    static func release(_ held: consuming Held) {
        let thread = records.current
        guard thread.depth < maximumNesting else {
            thread.deferred.append(consume held)
            return
        }
        thread.depth += 1
        // `consume`: a copy would leave the last reference to the caller, released
        // after the depth count is back down (debug builds do not move on their own).
        drop(consume held)
        if thread.depth == 1 {
            while let next = thread.deferred.popLast() {
                drop(next)
            }
        }
        thread.depth -= 1
    }

    /// Releases `held` here, where the caller's depth count covers the `deinit`s it runs.
    @inline(never)
    private static func drop(_ held: consuming Held) {}
}

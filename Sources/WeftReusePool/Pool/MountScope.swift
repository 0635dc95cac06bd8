/// A mount pass held as a value: the pass ends when the scope ends, however it ends.
///
/// Use a scope when the pass does not fit in one closure, or when its code throws
/// errors of its own. The pass ends at ``end()`` or, if the scope is dropped first
/// (an early return, a thrown error), when the scope is destroyed.
///
/// ```swift
/// let scope = try map.makeMountScope()
/// for item in items {
///     _ = try scope.pass.view(for: item.configuration, component: ComponentID(Cell.self))
/// }
/// scope.end()
/// ```
@MainActor
public struct MountScope: ~Copyable {
    /// The root container's pass.
    public let pass: MountPass
    /// Whether this scope started the pass; a scope made inside a running pass joins it.
    private let startedPass: Bool

    init(pass: MountPass, startedPass: Bool) {
        self.pass = pass
        self.startedPass = startedPass
    }

    /// Ends the pass: shows vended views in vend order, hides the others, fires callbacks.
    ///
    /// - Complexity: O(*v*) for *v* views in the containers the pass touched, plus
    ///   O(*s*) expected for the *s* subviews of a container whose vend order changed.
    public consuming func end() {}

    deinit {
        if startedPass {
            let pass = self.pass
            MainActor.assumeIsolated { pass.map.endPass(pass.number) }
        }
    }
}

import WeftChangeSet

extension ChangeSet {
    /// A change-set completion that runs `completion` on the main actor. A
    /// container's batches complete on main (the data controller runs their
    /// completions in its commit or its refusal, both main-actor methods), so the
    /// containers take `@MainActor` completions and hand them on through this.
    static func onMain(_ completion: @escaping @MainActor @Sendable (Bool) -> Void) -> @Sendable (Bool) -> Void {
        { finished in MainActor.assumeIsolated { completion(finished) } }
    }
}

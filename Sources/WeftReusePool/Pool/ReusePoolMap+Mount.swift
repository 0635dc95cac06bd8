extension ReusePoolMap {
    /// Runs a mount pass: `body` asks for views, and when it returns or throws, the pass
    /// ends (vended views shown in vend order, the rest hidden, callbacks fired).
    ///
    /// Calling `mount` again from inside `body` joins the running pass instead of
    /// starting another. `body` may throw errors of its own; the pass ends all the same.
    ///
    /// - Parameter body: Vends views through the pass it is given.
    /// - Returns: What `body` returns.
    /// - Throws: ``ReusePoolError/notARootMap`` if this map belongs to a child
    ///   container; ``ReusePoolError/reentrantCall(operation:)`` if called from a
    ///   reuse callback while a pass ends or a purge runs; or what `body` throws.
    /// - Complexity: The cost of `body`, plus O(*v*) for the *v* views in the
    ///   containers the pass touched, plus O(*s*) expected for the *s* subviews of
    ///   each container whose vend order changed.
    @discardableResult
    public func mount<Result>(_ body: (MountPass) throws -> Result) throws -> Result {
        let (pass, startedPass) = try beginPass()
        defer { if startedPass { endPass(pass.number) } }
        return try body(pass)
    }

    /// Starts a mount pass held as a value; the pass ends when the scope ends.
    ///
    /// Inside a running pass the scope joins it, and its end leaves the pass running.
    ///
    /// - Returns: A scope whose ``MountScope/pass`` vends views.
    /// - Throws: ``ReusePoolError/notARootMap`` if this map belongs to a child
    ///   container; ``ReusePoolError/reentrantCall(operation:)`` if called from a
    ///   reuse callback while a pass ends or a purge runs.
    /// - Complexity: O(1).
    public func makeMountScope() throws(ReusePoolError) -> MountScope {
        let (pass, startedPass) = try beginPass()
        return MountScope(pass: pass, startedPass: startedPass)
    }

    func beginPass() throws(ReusePoolError) -> (MountPass, startedPass: Bool) {
        guard isRoot else { throw .notARootMap }
        switch tree.phase {
        case .mounting:
            return (MountPass(map: self, number: tree.pass), false)
        case .ending, .purging:
            throw .reentrantCall(operation: "mount")
        case .idle:
            tree.pass += 1
            tree.phase = .mounting
            touch(tree.pass)
            return (MountPass(map: self, number: tree.pass), true)
        }
    }

    /// Ends pass `number` if it is still running; a later call for it does nothing.
    ///
    /// Containers are reset in reverse order of first touch, so children before their
    /// parents: a child's views settle before its owner shows or hides, and a view
    /// whose owner stays hidden sees no transition.
    func endPass(_ number: UInt64) {
        guard tree.phase == .mounting, tree.pass == number else { return }
        tree.phase = .ending
        var index = tree.touched.count
        while index > 0 {
            index -= 1
            tree.touched[index].resetAfterPass(number)
        }
        tree.touched.removeAll(keepingCapacity: true)
        tree.phase = .idle
        _checkInvariants()
    }

    /// Records that pass `number` used this map, once per pass.
    func touch(_ number: UInt64) {
        if touchedPass != number {
            touchedPass = number
            tree.touched.append(self)
        }
    }

    /// Returns the map of `container`, which is a view vended in pass `number` or a
    /// descendant of one, making it on first use.
    func childMap(for container: any ReusableView, pass number: UInt64) throws(ReusePoolError) -> ReusePoolMap {
        guard tree.phase == .mounting, tree.pass == number else { throw .passEnded }
        var anchor: Int32?
        var current: (any ReusableView)? = container
        while let view = current, view !== self.container {
            if let slot = slotByView[ObjectIdentifier(view)] {
                anchor = slot
                break
            }
            current = view.parentView
        }
        guard let anchor, records[Int(anchor)].vendedPass == number else { throw .containerNotInMountedView }
        let children = records[Int(anchor)].childMaps
        for child in children where child.container === container {
            child.touch(number)
            return child
        }
        let child = ReusePoolMap(container: container, parent: self, anchorSlot: anchor)
        records[Int(anchor)].childMaps.append(child)
        child.touch(number)
        return child
    }
}

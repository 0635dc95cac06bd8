extension ReusePoolMap {
    /// Settles this container at the end of pass `number`: child containers left out of
    /// the pass hide their views, vended views show, the others hide, and the managed
    /// subviews take vend order.
    ///
    /// - Complexity: O(*v*) for *v* views in this container, plus the reorder.
    func resetAfterPass(_ number: UInt64) {
        for order in 0 ..< vended.count {
            let slot = Int(vended[order])
            if records[slot].childMaps.isEmpty { continue }
            let children = records[slot].childMaps
            for child in children where child.touchedPass != number {
                child.hideAll()
            }
        }
        for slot in 0 ..< records.count {
            setHidden(slot: slot, records[slot].vendedPass != number)
        }
        reorderSubviews(pass: number)
        for poolIndex in 0 ..< pools.count {
            pools[poolIndex].cursor = 0
        }
        // This pass's order is the next pass's hint; both arrays keep their capacity.
        swap(&vended, &previousVended)
        vended.removeAll(keepingCapacity: true)
    }

    /// Hides every view of this container: its owner was vended, but it was not
    /// entered in the pass, so nothing in it was mounted.
    func hideAll() {
        for slot in 0 ..< records.count {
            setHidden(slot: slot, true)
        }
    }

    /// Hides or shows the view at `slot`, firing the pool transition if there is one.
    ///
    /// A view's own `isHidden` is set back too if code outside the pools changed it.
    func setHidden(slot: Int, _ hide: Bool) {
        let view = records[slot].view
        guard records[slot].isHidden != hide else {
            if view.isHidden != hide { view.isHidden = hide }
            return
        }
        let wasInPool = records[slot].inPool
        records[slot].isHidden = hide
        if hide {
            view.isHidden = true
            if !wasInPool { poolStateChanged(slot: slot, view: view, entered: true) }
        } else {
            if !records[slot].inPool { poolStateChanged(slot: slot, view: view, entered: false) }
            view.isHidden = false
        }
    }

    /// Tells the view at `slot` that it entered or will leave the pool, then does the
    /// same for every managed view below it whose state follows (views hidden
    /// themselves stay in the pool either way).
    func poolStateChanged(slot: Int, view: any ReusableView, entered: Bool) {
        let viewClass = records[slot].viewClass
        if entered {
            suspendPooledAttributes(slot: slot, view: view)
            viewClass.didEnterReusePool(view)
        } else {
            viewClass.willLeaveReusePool(view)
        }
        if records[slot].childMaps.isEmpty { return }
        let children = records[slot].childMaps
        for child in children {
            child.anchorPoolStateChanged(inPool: entered)
        }
    }

    /// Records that the managed view owning this container entered or will leave the
    /// pool, and passes the transition on to each view it changes.
    func anchorPoolStateChanged(inPool: Bool) {
        for slot in 0 ..< records.count {
            let wasInPool = records[slot].inPool
            records[slot].ancestorInPool = inPool
            if records[slot].inPool != wasInPool {
                poolStateChanged(slot: slot, view: records[slot].view, entered: inPool)
            }
        }
    }
}

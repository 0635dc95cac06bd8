extension ReusePoolMap {
    /// Vends a view of `storage`'s key to `component` in pass `number` (see
    /// ``MountPass/view(for:component:)``).
    func vend(_ storage: ViewConfiguration._Storage, component: ComponentID, pass number: UInt64)
        throws(ReusePoolError) -> any ReusableView {
        guard tree.phase == .mounting, tree.pass == number else { throw .passEnded }
        touch(number)
        let key = ViewKey(componentType: component.type, storage: storage)
        let owner: ComponentID? = component.instance == nil ? nil : component

        var slot: Int32 = -1
        let order = vended.count
        if order < previousVended.count {
            // A pass that repeats the previous one finds every view here, unhashed.
            let hint = previousVended[order]
            if isFree(Int(hint), for: owner, key: key, pass: number) { slot = hint }
        }
        if slot < 0, let owner, let previous = slotByComponent[owner],
           isFree(Int(previous), for: owner, key: key, pass: number) {
            slot = previous
        }
        if slot < 0 {
            let poolIndex = poolIndexByKey[key] ?? makePool(for: key)
            if let unvended = takeNextUnvended(fromPool: Int(poolIndex), pass: number) {
                slot = unvended
            } else {
                slot = try makeView(storage, inPool: poolIndex)
            }
        }

        let index = Int(slot)
        records[index].vendedPass = number
        records[index].vendOrder = Int32(order)
        vended.append(slot)
        if records[index].component != owner {
            assign(slot, to: owner)
        }
        // The view joins the container's subviews at the end of the pass if code
        // outside the pools took it away (see `reorderSubviews(pass:)`).
        let view = records[index].view
        configure(slot: index, with: storage, view: view)
        return view
    }

    /// Whether the view at `slot` may go to `owner` for `key`: it was last vended to
    /// `owner` (both `nil` for an anonymous component), has that key, and is not yet
    /// vended in pass `number`.
    private func isFree(_ slot: Int, for owner: ComponentID?, key: ViewKey, pass number: UInt64) -> Bool {
        records[slot].vendedPass != number && records[slot].component == owner
            && pools[Int(records[slot].poolIndex)].key == key
    }

    /// Makes `owner` the component of the view at `slot`, so that a record names a
    /// component exactly when `slotByComponent` points at it.
    private func assign(_ slot: Int32, to owner: ComponentID?) {
        let index = Int(slot)
        if let previousOwner = records[index].component {
            slotByComponent[previousOwner] = nil
        }
        records[index].component = owner
        if let owner {
            if let previousSlot = slotByComponent.updateValue(slot, forKey: owner) {
                records[Int(previousSlot)].component = nil
            }
        }
    }

    private func makePool(for key: ViewKey) -> Int32 {
        let poolIndex = Int32(pools.count)
        pools.append(_Pool(key: key))
        poolIndexByKey[key] = poolIndex
        return poolIndex
    }

    /// Returns the first view of the pool at `poolIndex` not yet vended in pass
    /// `number`, advancing the cursor past it; `nil` if every view was vended.
    private func takeNextUnvended(fromPool poolIndex: Int, pass number: UInt64) -> Int32? {
        var cursor = pools[poolIndex].cursor
        let count = pools[poolIndex].slots.count
        defer { pools[poolIndex].cursor = cursor }
        while cursor < count {
            let slot = pools[poolIndex].slots[cursor]
            cursor += 1
            if records[Int(slot)].vendedPass != number { return slot }
        }
        return nil
    }

    /// Makes a view with `storage`'s view class, adds it to the container and to the
    /// pool at `poolIndex`, and returns its slot. Its attributes are applied by the caller.
    ///
    /// A factory that returns a view already in a container (one this map or another
    /// manages, or the container or one of its ancestors) is refused before anything
    /// changes: two records for one view would let a purge remove it while it shows.
    private func makeView(_ storage: ViewConfiguration._Storage, inPool poolIndex: Int32)
        throws(ReusePoolError) -> Int32 {
        let viewClass = storage.viewClass.storage
        let view = viewClass.makeView()
        guard view.parentView == nil, slotByView[ObjectIdentifier(view)] == nil,
              !isContainerOrAncestor(view) else {
            throw .factoryReturnedViewInUse(viewClass: storage.viewClass.description)
        }
        container.addSubview(view)
        let slot = Int32(records.count)
        // A new view starts out of the pool even if its owner is pooled now: the owner
        // was vended in this pass (so were its own owners), so it shows when the pass
        // ends, and the new view would get a leave callback it never had an enter for.
        records.append(_Record(view: view, viewClass: viewClass, poolIndex: poolIndex,
                               subviewIndex: Int32(container.subviewCount - 1),
                               isHidden: view.isHidden, ancestorInPool: false))
        slotByView[ObjectIdentifier(view)] = slot
        pools[Int(poolIndex)].slots.append(slot)
        pools[Int(poolIndex)].cursor = pools[Int(poolIndex)].slots.count
        viewsCreated += 1
        return slot
    }

    private func isContainerOrAncestor(_ view: any ReusableView) -> Bool {
        var current: (any ReusableView)? = container
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.parentView
        }
        return false
    }
}

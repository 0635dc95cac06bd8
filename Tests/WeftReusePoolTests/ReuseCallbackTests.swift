import Testing
import WeftReusePool
import WeftTestSupport
import WeftCore

/// Enter- and leave-pool callbacks: once per transition, passed down to managed views
/// inside, through views the pools do not manage (ComponentKit's reuse tests).
@MainActor
@Suite struct ReuseCallbackTests {
    let root = HeadlessView()
    let map: ReusePoolMap
    let log = EventLog()

    init() {
        map = ReusePoolMap(container: root)
    }

    /// Mounts a cell named `cell` and, inside it, a child named `child` (or none).
    @discardableResult
    private func mountCell(_ cell: String?, child: String?) throws -> (any ReusableView)? {
        try map.mount { pass in
            guard let cell else { return nil }
            let cellView = try pass.view(for: label(Attributes.text(cell), log: log), component: ComponentID(CellComponent.self))
            let inCell = try pass.childPass(for: cellView)
            if let child {
                _ = try inCell.view(for: label(Attributes.text(child), log: log), component: ComponentID(LabelComponent.self))
            }
            return cellView
        }
    }

    @Test func noCallbacksWhileAViewStaysInUse() throws {
        for _ in 0 ..< 3 { try mountCell("cell", child: "child") }
        #expect(log.events.isEmpty)
    }

    @Test func hidingAndShowingAViewFiresEachCallbackOnce() throws {
        let view = try map.mount { try $0.view(for: label(Attributes.text("a"), log: log), component: ComponentID(LabelComponent.self)) }
        try map.mount { _ in }
        try map.mount { _ in }
        #expect(log.take() == ["enter a"])
        _ = try map.mount { try $0.view(for: label(Attributes.text("a"), log: log), component: ComponentID(LabelComponent.self)) }
        _ = try map.mount { try $0.view(for: label(Attributes.text("a"), log: log), component: ComponentID(LabelComponent.self)) }
        #expect(log.take() == ["leave a"])
        #expect(!view.isHidden)
    }

    @Test func enterFiresAfterHidingAndLeaveBeforeShowing() throws {
        let order = EventLog()
        let watched = ViewClass(LabelView.self,
                                didEnterReusePool: { order.events.append("enter hidden=\($0.isHidden)") },
                                willLeaveReusePool: { order.events.append("leave hidden=\($0.isHidden)") })
        let configuration = try ViewConfiguration(watched)
        _ = try map.mount { try $0.view(for: configuration, component: ComponentID(LabelComponent.self)) }
        try map.mount { _ in }
        _ = try map.mount { try $0.view(for: configuration, component: ComponentID(LabelComponent.self)) }
        #expect(order.events == ["enter hidden=true", "leave hidden=true"])
    }

    @Test func hidingAParentSendsItsVisibleChildrenIntoThePool() throws {
        try mountCell("cell", child: "child")
        try mountCell(nil, child: nil)
        #expect(log.take() == ["enter cell", "enter child"])
        try mountCell("cell", child: "child")
        #expect(log.take() == ["leave cell", "leave child"])
    }

    /// The child is hidden itself: showing its parent does not take it out of the pool.
    @Test func showingAParentKeepsAHiddenChildInThePool() throws {
        try mountCell("cell", child: "child")
        try mountCell("cell", child: nil)
        #expect(log.take() == ["enter child"])
        try mountCell(nil, child: nil)
        #expect(log.take() == ["enter cell"])  // the child was in the pool already
        try mountCell("cell", child: nil)
        #expect(log.take() == ["leave cell"])
        try mountCell("cell", child: "child")
        #expect(log.take() == ["leave child"])
    }

    /// A cell whose content sits in a plain wrapper view the pools do not manage.
    @Test func aViewThePoolsDoNotManageDoesNotBreakPropagation() throws {
        let wrapper = HeadlessView()
        func mount(_ withCell: Bool) throws {
            try map.mount { pass in
                guard withCell else { return }
                let cell = try pass.view(for: label(Attributes.text("cell"), log: log), component: ComponentID(CellComponent.self))
                if wrapper.parentView == nil { cell.addSubview(wrapper) }
                let inWrapper = try pass.childPass(for: wrapper)
                _ = try inWrapper.view(for: label(Attributes.text("inner"), log: log), component: ComponentID(LabelComponent.self))
            }
        }
        try mount(true)
        #expect(wrapper.subviews.count == 1)
        try mount(false)
        #expect(log.take() == ["enter cell", "enter inner"])
        try mount(true)
        #expect(log.take() == ["leave cell", "leave inner"])
    }

    @Test func aPassThatVendsNothingHidesEverythingAndTellsEveryone() throws {
        try map.mount { pass in
            for index in 0 ..< 3 {
                let cell = try pass.view(for: label(Attributes.text("cell\(index)"), log: log), component: ComponentID(CellComponent.self))
                _ = try pass.childPass(for: cell).view(for: label(Attributes.text("child\(index)"), log: log), component: ComponentID(LabelComponent.self))
            }
        }
        try map.mount { _ in }
        #expect(root.subviews.allSatisfy { $0.isHidden })
        #expect(Set(log.take()) == Set((0 ..< 3).flatMap { ["enter cell\($0)", "enter child\($0)"] }))
        #expect(map.statistics.pooledViews == 3)  // the children are pooled through their cells
    }

    @Test func attributesThatMustNotActWhilePooledAreShedOnEntry() throws {
        let tappable = try label(Attributes.text("cell"), Attributes.tap("open"))
        let view = try #require(try map.mount { try $0.view(for: tappable, component: ComponentID(LabelComponent.self)) } as? LabelView)
        #expect(view.tapHandlers == ["open"])
        try map.mount { _ in }
        #expect(view.tapHandlers.isEmpty)
        _ = try map.mount { try $0.view(for: tappable, component: ComponentID(LabelComponent.self)) }
        #expect(view.tapHandlers == ["open"])

        // Pooled through its cell, too.
        var child: LabelView?
        try map.mount { pass in
            let cell = try pass.view(for: tappable, component: ComponentID(CellComponent.self))
            child = try pass.childPass(for: cell).view(for: tappable, component: ComponentID(LabelComponent.self)) as? LabelView
        }
        let inner = try #require(child)
        #expect(inner.tapHandlers == ["open"])
        try map.mount { _ in }
        #expect(inner.tapHandlers.isEmpty)
        #expect(!inner.isHidden)  // hidden through its cell only
    }

    @Test func aCallbackCannotStartAPassOrAPurge() throws {
        let errors = EventLog()
        let map = self.map
        let reentrant = ViewClass(LabelView.self, didEnterReusePool: { _ in
            do {
                try map.mount { _ in }
            } catch {
                errors.events.append("\(error)")
            }
            do {
                try map.purge(keepingAtMost: 0)
            } catch {
                errors.events.append("\(error)")
            }
        })
        _ = try map.mount { try $0.view(for: ViewConfiguration(reentrant), component: ComponentID(LabelComponent.self)) }
        try map.mount { _ in }
        #expect(errors.events == [
            "\(ReusePoolError.reentrantCall(operation: "mount"))",
            "\(ReusePoolError.reentrantCall(operation: "purge(keepingAtMost:)"))",
        ])
        map._checkInvariants()
    }

    /// Over random passes the callbacks balance: enters minus leaves is the number of
    /// views in the pool, counting a new view made inside a pooled cell as out of it.
    @Test func everyTransitionFiresExactlyOnceOverRandomPasses() throws {
        var random = SplitMix64(seed: 27)
        var balance = 0
        for _ in 0 ..< 200 {
            try mountCell(Bool.random(using: &random) ? "cell" : nil, child: Bool.random(using: &random) ? "child" : nil)
            for event in log.take() {
                balance += event.hasPrefix("enter") ? 1 : -1
            }
            #expect(balance == viewsInPool(below: root))
            map._checkInvariants()
        }
    }

    private func viewsInPool(below view: HeadlessView) -> Int {
        var count = 0
        for case let child as HeadlessView in view.subviews {
            if child.isHiddenOrHasHiddenAncestor { count += 1 }
            count += viewsInPool(below: child)
        }
        return count
    }
}

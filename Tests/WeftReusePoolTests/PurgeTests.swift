import Testing
import WeftReusePool

/// Purging hidden views (ComponentKit's issue 575): views are released, callbacks fire,
/// and the pools keep working.
@MainActor
@Suite struct PurgeTests {
    let root = HeadlessView()
    let map: ReusePoolMap
    let log = EventLog()

    init() {
        map = ReusePoolMap(container: root)
    }

    /// Mounts `count` cells, each with one child, and returns weak references to all.
    private func mountCells(_ count: Int) throws -> [Weak] {
        try map.mount { pass in
            var views: [Weak] = []
            for index in 0 ..< count {
                let cell = try pass.view(for: label(Attributes.text("cell\(index)"), log: log), component: ComponentID(CellComponent.self))
                let child = try pass.childPass(for: cell).view(for: label(Attributes.text("child\(index)"), log: log),
                                                               component: ComponentID(LabelComponent.self))
                views += [Weak(cell), Weak(child)]
            }
            return views
        }
    }

    @Test func purgingToZeroReleasesEveryHiddenViewAndTellsIt() throws {
        let views = try mountCells(3)
        _ = try mountCells(1)
        _ = log.take()

        let removed = try map.purge(keepingAtMost: 0)
        #expect(removed == 4)  // two cells, each with its child
        #expect(Set(log.take()) == ["purge cell1", "purge child1", "purge cell2", "purge child2"])
        #expect(views[0].view != nil && views[1].view != nil)  // the visible cell and its child
        #expect(views[2...].allSatisfy { $0.view == nil })
        #expect(root.subviews.count == 1)
        let statistics = map.statistics
        #expect(statistics.views == 2)
        #expect(statistics.viewsPurged == 4)
        #expect(statistics.pooledViews == 0)
        map._checkInvariants()
    }

    @Test func aPurgeKeepsTheFirstHiddenViewsOfEachPool() throws {
        let configuration = try label(Attributes.text("a"))
        let views = try map.mount { pass in
            try (0 ..< 5).map { _ in try pass.view(for: configuration, component: ComponentID(LabelComponent.self)) }
        }
        try map.mount { _ in }
        #expect(try map.purge(keepingAtMost: 2) == 3)
        #expect(same(root.subviews, Array(views[0 ..< 2])))

        // The kept views are vended again; only the third is new.
        let again = try map.mount { pass in
            try (0 ..< 3).map { _ in try pass.view(for: configuration, component: ComponentID(LabelComponent.self)) }
        }
        #expect(again[0] === views[0] && again[1] === views[1])
        #expect(map.statistics.viewsCreated == 6)
    }

    /// Purging moves records around; component preferences must follow them.
    @Test func preferencesSurviveAPurge() throws {
        let configuration = try label(Attributes.text("a"))
        let ids = (0 ..< 6).map { ComponentID(LabelComponent.self, instance: $0) }
        let views = try map.mount { pass in try ids.map { try pass.view(for: configuration, component: $0) } }
        // Components 0 and 2 leave; their views are purged and the last views move.
        try map.mount { pass in
            for index in [1, 3, 4, 5] { _ = try pass.view(for: configuration, component: ids[index]) }
        }
        #expect(try map.purge(keepingAtMost: 0) == 2)
        let again = try map.mount { pass in
            try [5, 4, 3, 1].map { try pass.view(for: configuration, component: ids[$0]) }
        }
        #expect(same(again, [views[5], views[4], views[3], views[1]]))
        #expect(same(root.subviews, again))
        map._checkInvariants()
    }

    @Test func aPurgeIsRefusedDuringAPassAndForANegativeLimit() throws {
        let map = self.map
        #expect(throws: ReusePoolError.negativeLimit(-1)) { try map.purge(keepingAtMost: -1) }
        try map.mount { _ in
            #expect(throws: ReusePoolError.mountPassInProgress) { try map.purge(keepingAtMost: 0) }
        }
    }

    @Test func aPurgeOnMemoryPressureEmptiesEveryLiveMap() throws {
        let otherRoot = HeadlessView()
        let other = ReusePoolMap(container: otherRoot)
        let configuration = try label(Attributes.text("a"))
        for target in [map, other] {
            _ = try target.mount { try $0.view(for: configuration, component: ComponentID(LabelComponent.self)) }
            try target.mount { _ in }
        }
        // Other suites' maps may be purged too; these two must be empty afterwards.
        #expect(ReusePoolMap.purgeForMemoryPressure() >= 2)
        #expect(map.statistics.views == 0)
        #expect(other.statistics.views == 0)
        #expect(root.subviews.isEmpty && otherRoot.subviews.isEmpty)
    }

    @Test func aPurgeOnMemoryPressureSkipsAMapInAPass() throws {
        let configuration = try label(Attributes.text("a"))
        _ = try map.mount { try $0.view(for: configuration, component: ComponentID(LabelComponent.self)) }
        try map.mount { _ in }
        let map = self.map
        try map.mount { _ in
            _ = ReusePoolMap.purgeForMemoryPressure()
            #expect(map.statistics.views == 1)
        }
        #expect(try map.purge(keepingAtMost: 0) == 1)
    }
}

/// A weak reference, to see that the pools let go of a view.
@MainActor
final class Weak {
    weak var view: (any ReusableView)?

    init(_ view: any ReusableView) {
        self.view = view
    }
}

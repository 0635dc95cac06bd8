import Testing
import WeftReusePool

/// Misuse gets a typed error and changes nothing.
@MainActor
@Suite struct MountPassErrorTests {
    let root = HeadlessView()
    let map: ReusePoolMap

    init() {
        map = ReusePoolMap(container: root)
    }

    @Test func aPassUsedAfterItEndedThrows() throws {
        let configuration = try label(Attributes.text("a"))
        let escaped = try map.mount { $0 }
        #expect(!escaped.isActive)
        #expect(throws: ReusePoolError.passEnded) {
            try escaped.view(for: configuration, component: ComponentID(LabelComponent.self))
        }
        #expect(throws: ReusePoolError.passEnded) { try escaped.childPass(for: root) }
        // A pass that ended stays ended even while a later one runs.
        try map.mount { _ in
            #expect(throws: ReusePoolError.passEnded) {
                try escaped.view(for: configuration, component: ComponentID(LabelComponent.self))
            }
        }
        #expect(root.subviews.isEmpty)
        #expect(map.statistics.viewsCreated == 0)
    }

    @Test func aPassStartsOnlyAtTheRootMap() throws {
        let configuration = try label(Attributes.text("a"))
        let child = try map.mount { pass in
            try pass.childPass(for: pass.view(for: configuration, component: ComponentID(CellComponent.self))).map
        }
        #expect(!child.isRoot && map.isRoot)
        #expect(throws: ReusePoolError.notARootMap) { try child.mount { _ in } }
        #expect(throws: ReusePoolError.notARootMap) { _ = try child.makeMountScope() }
    }

    @Test func aChildPassNeedsAViewVendedInThisPass() throws {
        let configuration = try label(Attributes.text("a"))
        let view = try map.mount { try $0.view(for: configuration, component: ComponentID(CellComponent.self)) }
        let stranger = HeadlessView()
        root.addSubview(stranger)
        try map.mount { pass in
            // Managed, but not vended in this pass.
            #expect(throws: ReusePoolError.containerNotInMountedView) { try pass.childPass(for: view) }
            // Not managed at all, inside the container or outside it.
            #expect(throws: ReusePoolError.containerNotInMountedView) { try pass.childPass(for: stranger) }
            #expect(throws: ReusePoolError.containerNotInMountedView) { try pass.childPass(for: HeadlessView()) }
            // The container itself.
            #expect(throws: ReusePoolError.containerNotInMountedView) { try pass.childPass(for: root) }
        }
        #expect(map.statistics.containers == 1)
        #expect(view.isHidden && !stranger.isHidden)
    }

    @Test func errorsDescribeThemselves() {
        let errors: [ReusePoolError] = [.passEnded, .notARootMap, .reentrantCall(operation: "mount"),
                                        .mountPassInProgress, .containerNotInMountedView, .negativeLimit(-3)]
        let descriptions = errors.map(\.description)
        #expect(Set(descriptions).count == errors.count)
        #expect(descriptions.last?.contains("-3") == true)
    }
}

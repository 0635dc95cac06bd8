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

    @Test func aFactoryThatReturnsTheSameViewTwiceIsRefused() throws {
        let shared = LabelView()
        let sloppy = try ViewConfiguration(ViewClass(LabelView.self, factoryIdentifier: "shared", make: { shared }),
                                           attributes: [Attributes.text("a")])
        let first = try map.mount { pass in
            let first = try pass.view(for: sloppy, component: ComponentID(LabelComponent.self))
            // The second view of that class needs the factory again, which hands back the first.
            #expect {
                try pass.view(for: sloppy, component: ComponentID(LabelComponent.self))
            } throws: { isViewInUse($0, factory: "shared") }
            return first
        }
        #expect(first === shared && root.subviews.count == 1)
        #expect(map.statistics.viewsCreated == 1)
        map._checkInvariants()
        // The refused call left no second record behind that a purge could use to
        // remove the view while it shows.
        try map.mount { pass in _ = try pass.view(for: sloppy, component: ComponentID(LabelComponent.self)) }
        #expect(try map.purge(keepingAtMost: 0) == 0)
        #expect(shared.parentView === root && !shared.isHidden)
        map._checkInvariants()
    }

    @Test func aFactoryThatReturnsAnotherMapsViewIsRefused() throws {
        let otherRoot = HeadlessView()
        let other = ReusePoolMap(container: otherRoot)
        let theirs = try other.mount { try $0.view(for: label(Attributes.text("theirs")), component: ComponentID(LabelComponent.self)) }
        let thief = try ViewConfiguration(ViewClass(LabelView.self, factoryIdentifier: "thief", make: { theirs as! LabelView }),
                                          attributes: [Attributes.text("mine")])
        let ancestor = try ViewConfiguration(ViewClass(HeadlessView.self, factoryIdentifier: "root", make: { [root] in root }),
                                             attributes: [])
        try map.mount { pass in
            #expect {
                try pass.view(for: thief, component: ComponentID(LabelComponent.self))
            } throws: { isViewInUse($0, factory: "thief") }
            #expect {
                try pass.view(for: ancestor, component: ComponentID(CellComponent.self))
            } throws: { isViewInUse($0, factory: "root") }
        }
        #expect((theirs as? LabelView)?.text == "theirs" && theirs.parentView === otherRoot)
        #expect(root.subviews.isEmpty && map.statistics.viewsCreated == 0)
        map._checkInvariants()
        other._checkInvariants()
    }

    @Test func errorsDescribeThemselves() {
        let errors: [ReusePoolError] = [.passEnded, .notARootMap, .reentrantCall(operation: "mount"),
                                        .mountPassInProgress, .containerNotInMountedView, .negativeLimit(-3),
                                        .factoryReturnedViewInUse(viewClass: "Label"), .viewAlreadyEnqueued]
        let descriptions = errors.map(\.description)
        #expect(Set(descriptions).count == errors.count)
        #expect(descriptions[5].contains("-3"))
        #expect(descriptions[6].contains("view class Label"))
    }
}

/// Whether `error` refuses a view from the factory named `factory`; the class's name
/// also carries the module and type.
private func isViewInUse(_ error: any Error, factory: String) -> Bool {
    guard case let .factoryReturnedViewInUse(viewClass) = error as? ReusePoolError else { return false }
    return viewClass.hasSuffix("(\(factory))")
}

import Testing
import WeftReusePool

/// Vending, hiding and ordering: ComponentKit's view-manager tests and Theodolite's pool
/// tests, restated for Weft's pools.
@MainActor
@Suite struct ReusePoolMapTests {
    let root = LabelView()
    let map: ReusePoolMap

    init() {
        map = ReusePoolMap(container: root)
    }

    @Test func aViewIsVendedAgainInTheNextPass() throws {
        let configuration = try label(Attributes.text("a"))
        let first = try map.mount { try $0.view(for: configuration, component: ComponentID(LabelComponent.self)) }
        let second = try map.mount { try $0.view(for: configuration, component: ComponentID(LabelComponent.self)) }
        #expect(first === second)
        #expect(!second.isHidden)
        #expect(root.subviews.count == 1)
    }

    @Test func twoVendsInOnePassGetTwoViews() throws {
        let configuration = try label(Attributes.text("a"))
        let (first, second) = try map.mount { pass in
            (try pass.view(for: configuration, component: ComponentID(LabelComponent.self)),
             try pass.view(for: configuration, component: ComponentID(LabelComponent.self)))
        }
        #expect(first !== second)
        #expect(same(root.visibleSubviews, [first, second]))
    }

    @Test func aViewNotVendedInAPassIsHiddenNotRemoved() throws {
        let configuration = try label(Attributes.text("a"))
        let (first, second) = try map.mount { pass in
            (try pass.view(for: configuration, component: ComponentID(LabelComponent.self)),
             try pass.view(for: configuration, component: ComponentID(LabelComponent.self)))
        }
        let kept = try map.mount { try $0.view(for: configuration, component: ComponentID(LabelComponent.self)) }
        #expect(kept === first)
        #expect(!first.isHidden)
        #expect(second.isHidden)
        #expect(root.subviews.count == 2)
        #expect(map.statistics.pooledViews == 1)
        let key = ViewKey(component: ComponentID(LabelComponent.self), configuration: configuration)
        #expect(same(map.views(for: key), [first, second]))
        #expect(map.views(for: ViewKey(component: ComponentID(ImageComponent.self), configuration: configuration)).isEmpty)
        #expect(map.isInPool(second) == true && map.isInPool(first) == false && map.isInPool(root) == nil)
    }

    @Test func vendedViewsAreVisibleOnlyAfterThePassEnds() throws {
        let configuration = try label(Attributes.text("a"))
        let view = try map.mount { try $0.view(for: configuration, component: ComponentID(LabelComponent.self)) }
        try map.mount { _ in }
        #expect(view.isHidden)
        try map.mount { pass in
            let again = try pass.view(for: configuration, component: ComponentID(LabelComponent.self))
            #expect(again === view)
            #expect(again.isHidden)  // shown when the pass ends, with its siblings
        }
        #expect(!view.isHidden)
    }

    @Test func subviewsFollowVendOrder() throws {
        let text = try label(Attributes.text("text"))
        let image = try label(Attributes.text("image"))
        let (a, b) = try map.mount { pass in
            (try pass.view(for: text, component: ComponentID(LabelComponent.self)),
             try pass.view(for: image, component: ComponentID(ImageComponent.self)))
        }
        #expect(same(root.subviews, [a, b]))
        try map.mount { pass in
            _ = try pass.view(for: image, component: ComponentID(ImageComponent.self))
            _ = try pass.view(for: text, component: ComponentID(LabelComponent.self))
        }
        #expect(same(root.subviews, [b, a]))
        #expect(root.addSubviewCalls == 2)  // reordered in place, never added again
    }

    @Test func subviewsThePoolsDoNotManageKeepTheirPlaces() throws {
        let configurations = try (0 ..< 4).map { try label(Attributes.text("\($0)")) }
        let views = try map.mount { pass in
            try configurations.map { try pass.view(for: $0, component: ComponentID(LabelComponent.self, instance: $0.description)) }
        }
        let foreign = HeadlessView()
        root.addSubview(foreign)
        root.exchangeSubview(at: 1, withSubviewAt: 4)  // foreign now at 1
        let order = [3, 1, 0, 2]
        try map.mount { pass in
            for index in order {
                _ = try pass.view(for: configurations[index], component: ComponentID(LabelComponent.self, instance: configurations[index].description))
            }
        }
        #expect(root.subviews[1] === foreign)
        let managed = root.subviews.filter { $0 !== foreign }
        #expect(same(managed, order.map { views[$0] }))
    }

    @Test func componentTypesDoNotShareViews() throws {
        let configuration = try label(Attributes.text("a"))
        let labelView = try map.mount { try $0.view(for: configuration, component: ComponentID(LabelComponent.self)) }
        let imageView = try map.mount { try $0.view(for: configuration, component: ComponentID(ImageComponent.self)) }
        #expect(labelView !== imageView)
        #expect(labelView.isHidden)
    }

    @Test func factoryViewClassesShareViewsOnlyUnderOneFactoryName() throws {
        func factory(_ name: String) throws -> ViewConfiguration {
            try ViewConfiguration(ViewClass(LabelView.self, factoryIdentifier: name, make: {
                let view = LabelView()
                view.text = name
                return view
            }))
        }
        let fromA = try map.mount { try $0.view(for: factory("a"), component: ComponentID(LabelComponent.self)) }
        let fromB = try map.mount { try $0.view(for: factory("b"), component: ComponentID(LabelComponent.self)) }
        let fromAAgain = try map.mount { try $0.view(for: factory("a"), component: ComponentID(LabelComponent.self)) }
        #expect(fromA !== fromB)
        #expect(fromA === fromAAgain)
        #expect(name(fromB) == "b")
        #expect(try factory("a").viewClass.identifier != factory("b").viewClass.identifier)
    }

    /// FIFO alone would hand the first free view to whichever component asks first;
    /// a component instance that asks again gets the view it had.
    @Test func aComponentGetsBackTheViewItHad() throws {
        let configuration = try label(Attributes.text("a"))
        let first = ComponentID(LabelComponent.self, instance: 1)
        let second = ComponentID(LabelComponent.self, instance: 2)
        let (view1, view2) = try map.mount { pass in
            (try pass.view(for: configuration, component: first), try pass.view(for: configuration, component: second))
        }
        let (again2, again1) = try map.mount { pass in
            (try pass.view(for: configuration, component: second), try pass.view(for: configuration, component: first))
        }
        #expect(again1 === view1)
        #expect(again2 === view2)
        #expect(same(root.subviews, [view2, view1]))

        // A component seen for the first time takes the oldest free view instead.
        let newcomer = try map.mount { try $0.view(for: configuration, component: ComponentID(LabelComponent.self, instance: 3)) }
        #expect(newcomer === view1)
    }

    @Test func aViewTakenOutOfTheContainerIsPutBack() throws {
        let configuration = try label(Attributes.text("a"))
        let view = try map.mount { try $0.view(for: configuration, component: ComponentID(LabelComponent.self)) }
        view.removeFromParentView()
        let again = try map.mount { try $0.view(for: configuration, component: ComponentID(LabelComponent.self)) }
        #expect(again === view)
        #expect(view.parentView === root)

        // Taken out in the middle of a pass, it is put back when the pass ends.
        try map.mount { pass in
            let vended = try pass.view(for: configuration, component: ComponentID(LabelComponent.self))
            vended.removeFromParentView()
        }
        #expect(view.parentView === root)
        #expect(!view.isHidden)
        map._checkInvariants()
    }

    @Test func steadyStatePassesCreateNoViews() throws {
        let configurations = try (0 ..< 100).map { try label(Attributes.text("\($0 % 7)"), Attributes.alpha(Double($0 % 3))) }
        for _ in 0 ..< 10 {
            try map.mount { pass in
                for (index, configuration) in configurations.enumerated() {
                    _ = try pass.view(for: configuration, component: ComponentID(LabelComponent.self, instance: index))
                }
            }
        }
        let statistics = map.statistics
        #expect(statistics.viewsCreated == 100)
        #expect(statistics.views == 100)
        #expect(statistics.pooledViews == 0)
        #expect(root.subviews.count == 100)
        #expect(root.addSubviewCalls == 100)
    }

    @Test func aScopeEndsThePassWhenItIsDropped() throws {
        struct Interrupted: Error {}
        let configuration = try label(Attributes.text("a"))
        let view = try map.mount { try $0.view(for: configuration, component: ComponentID(LabelComponent.self)) }

        func mountNothingThenFail() throws {
            let scope = try map.makeMountScope()
            #expect(scope.pass.isActive)
            throw Interrupted()
        }
        #expect(throws: Interrupted.self) { try mountNothingThenFail() }
        #expect(view.isHidden)

        let scope = try map.makeMountScope()
        let pass = scope.pass
        let again = try pass.view(for: configuration, component: ComponentID(LabelComponent.self))
        scope.end()
        #expect(again === view)
        #expect(!view.isHidden)
        #expect(!pass.isActive)
    }

    @Test func aBodyThatThrowsStillEndsThePass() throws {
        struct Interrupted: Error {}
        let configuration = try label(Attributes.text("a"))
        let view = try map.mount { try $0.view(for: configuration, component: ComponentID(LabelComponent.self)) }
        #expect(throws: Interrupted.self) {
            try map.mount { _ in throw Interrupted() }
        }
        #expect(view.isHidden)
        #expect(try map.mount { try $0.view(for: configuration, component: ComponentID(LabelComponent.self)) } === view)
    }

    @Test func mountingInsideAPassJoinsIt() throws {
        let configuration = try label(Attributes.text("a"))
        let (outer, inner) = try map.mount { pass in
            let outer = try pass.view(for: configuration, component: ComponentID(LabelComponent.self))
            let inner = try map.mount { try $0.view(for: configuration, component: ComponentID(LabelComponent.self)) }
            #expect(pass.isActive)
            #expect(inner.isHidden == outer.isHidden)
            return (outer, inner)
        }
        #expect(outer !== inner)
        #expect(same(root.visibleSubviews, [outer, inner]))

        // A scope made inside a pass joins it too; ending the scope leaves the pass running.
        try map.mount { pass in
            let scope = try map.makeMountScope()
            _ = try scope.pass.view(for: configuration, component: ComponentID(LabelComponent.self))
            scope.end()
            #expect(pass.isActive)
            _ = try pass.view(for: configuration, component: ComponentID(LabelComponent.self))
        }
        #expect(same(root.visibleSubviews, [outer, inner]))
    }
}

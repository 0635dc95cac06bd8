import Testing
import WeftReusePool

/// Statements of Theodolite's "Automatic recycling" (seed 004) that no other test
/// proved directly; docs/SEED-PARITY.md cites each one.
@MainActor
@Suite struct SeedParityReusePoolTests {
    let root = HeadlessView()
    let map: ReusePoolMap

    init() {
        map = ReusePoolMap(container: root)
    }

    /// T11: the configuration is all the pools know of a view; a change made by hand
    /// stays on the view when another component reuses it.
    @Test func aChangeMadeOutsideTheAttributesOutlivesReuse() throws {
        let first = try #require(try map.mount {
            try $0.view(for: label(Attributes.text("a")), component: ComponentID(LabelComponent.self))
        } as? LabelView)
        first.colorName = "pink"  // by hand, not through an attribute
        let second = try map.mount {
            try $0.view(for: label(Attributes.text("b")), component: ComponentID(LabelComponent.self))
        }
        #expect(second === first)
        #expect(first.text == "b")
        #expect(first.colorName == "pink", "nothing undoes what no attribute applied")
    }

    /// T22: each vended view's pools are its own; a view pooled in one cell is never
    /// vended into another cell, even for the same component and configuration.
    @Test func poolsBelongToTheirContainerAndNeverShareViews() throws {
        let cell = try label(Attributes.text("cell"))
        let child = try label(Attributes.text("child"))
        let a = ComponentID(CellComponent.self, instance: 1)
        let b = ComponentID(CellComponent.self, instance: 2)
        let (cellA, childInA) = try map.mount { pass in
            let cellA = try pass.view(for: cell, component: a)
            _ = try pass.view(for: cell, component: b)
            let childInA = try pass.childPass(for: cellA).view(for: child, component: ComponentID(LabelComponent.self))
            return (cellA, childInA)
        }
        let (cellB, childInB) = try map.mount { pass in
            _ = try pass.view(for: cell, component: a)
            let cellB = try pass.view(for: cell, component: b)
            let childInB = try pass.childPass(for: cellB).view(for: child, component: ComponentID(LabelComponent.self))
            return (cellB, childInB)
        }
        #expect(cellA !== cellB)
        #expect(childInB !== childInA, "cell B made a view of its own")
        #expect(childInA.parentView === cellA && childInB.parentView === cellB)
        #expect(childInA.isHidden && !childInB.isHidden)
        map._checkInvariants()
    }

    /// T25: two view classes never share a pool, even with the same component type
    /// and the same (empty) shape.
    @Test func viewsOfTwoClassesNeverShareAPool() throws {
        let plain = try ViewConfiguration(ViewClass(HeadlessView.self))
        let labelled = try ViewConfiguration(labelClass())
        #expect(plain.shape == labelled.shape)
        let first = try map.mount { try $0.view(for: plain, component: ComponentID(LabelComponent.self)) }
        let second = try map.mount { try $0.view(for: labelled, component: ComponentID(LabelComponent.self)) }
        #expect(first !== second)
        #expect(second is LabelView && !(first is LabelView))
        #expect(first.isHidden && !second.isHidden)
    }
}

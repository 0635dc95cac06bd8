import Testing
import WeftReusePool

/// The two ways a reused view could show what it should not: an attribute left over from
/// its previous component, and a view left visible by a subtree that stopped mounting.
@MainActor
@Suite struct LeftoverAttributeTests {
    let root = HeadlessView()
    let map: ReusePoolMap

    init() {
        map = ReusePoolMap(container: root)
    }

    /// The seed's case: `<Label background=red/>` becomes `<Label alpha=0.5/>`. Reusing
    /// the red view would keep it red, so the shapes differ and the pools do not.
    @Test func aRedBackgroundNeverLeaksToAnAlphaOnlyComponent() throws {
        let red = try label(Attributes.background("red"))
        let faded = try label(Attributes.alpha(0.5))
        #expect(red.shape != faded.shape)

        let redView = try map.mount { try $0.view(for: red, component: ComponentID(LabelComponent.self)) }
        let fadedView = try map.mount { try $0.view(for: faded, component: ComponentID(LabelComponent.self)) }

        #expect(fadedView !== redView)
        #expect((fadedView as? LabelView)?.colorName == nil)
        #expect(fadedView.isHidden == false)
        #expect(redView.isHidden)
        for case let view as LabelView in root.subviews where view.colorName == "red" {
            #expect(view.isHiddenOrHasHiddenAncestor)
        }

        // The red component comes back and gets its red view again; nothing new is made.
        let again = try map.mount { try $0.view(for: red, component: ComponentID(LabelComponent.self)) }
        #expect(again === redView)
        #expect(fadedView.isHidden)
        #expect(map.statistics.viewsCreated == 2)
        map._checkInvariants()
    }

    @Test func configurationsOfOneShapeShareAViewAndOnlyChangedValuesApply() throws {
        let first = try map.mount {
            try $0.view(for: label(Attributes.background("red"), Attributes.text("a")), component: ComponentID(LabelComponent.self))
        }
        let second = try map.mount {
            try $0.view(for: label(Attributes.background("blue"), Attributes.text("a")), component: ComponentID(LabelComponent.self))
        }
        #expect(first === second)
        let view = try #require(second as? LabelView)
        #expect(view.colorName == "blue")
        #expect(view.text == "a")
        #expect(!view.isHidden)
    }

    /// An attribute with an unapplicator is not part of the shape, so the view is
    /// shared, and the unapplicator clears what the attribute left.
    @Test func aRemovableAttributeLetsTheViewBeSharedAndIsShed() throws {
        let log = EventLog()
        let withBackground = try label(Attributes.removableBackground("red", log: log), Attributes.text("x"))
        let plain = try label(Attributes.text("x"))
        #expect(withBackground.shape == plain.shape)

        let first = try map.mount { try $0.view(for: withBackground, component: ComponentID(LabelComponent.self)) }
        let second = try map.mount { try $0.view(for: plain, component: ComponentID(LabelComponent.self)) }
        #expect(first === second)
        #expect((second as? LabelView)?.colorName == nil)
        #expect(log.events == ["apply red", "unapply red"])
    }

    /// Theodolite's issue 27: a deep tree where a component stops mounting into a view
    /// that no other component mounts into. Whichever level the mounting stops at,
    /// nothing below it may stay visible.
    @Test(arguments: [0, 1, 2])
    func theodoliteIssue27NothingBelowAnUnmountedComponentStaysVisible(stopAtLevel: Int) throws {
        let cell = try label(Attributes.text("cell"))
        let red = try label(Attributes.text("red"), Attributes.background("red"))
        let leaf = try label(Attributes.text("leaf"))

        // Pass 1: cell > red label > leaf, all visible.
        var redView: (any ReusableView)?
        var leafView: (any ReusableView)?
        try map.mount { pass in
            let cellView = try pass.view(for: cell, component: ComponentID(CellComponent.self))
            let inCell = try pass.childPass(for: cellView)
            redView = try inCell.view(for: red, component: ComponentID(LabelComponent.self))
            let inRed = try inCell.childPass(for: try #require(redView))
            leafView = try inRed.view(for: leaf, component: ComponentID(LabelComponent.self))
        }
        let redLabel = try #require(redView as? LabelView)
        let leafLabel = try #require(leafView as? LabelView)
        #expect(!redLabel.isHiddenOrHasHiddenAncestor && !leafLabel.isHiddenOrHasHiddenAncestor)

        // Pass 2: the state changed; the red label is gone.
        try map.mount { pass in
            let cellView = try pass.view(for: cell, component: ComponentID(CellComponent.self))
            if stopAtLevel >= 1 {
                // The cell's container is entered, but nothing mounts into it.
                _ = try pass.childPass(for: cellView)
            }
            if stopAtLevel >= 2 {
                // A different child mounts instead, into the same container.
                _ = try pass.childPass(for: cellView).view(for: leaf, component: ComponentID(ImageComponent.self))
            }
        }
        #expect(redLabel.isHidden)
        #expect(leafLabel.isHiddenOrHasHiddenAncestor)
        #expect(map.isInPool(root.subviews[0]) == false)
        let visibleReds = allLabels(in: root).filter { $0.colorName == "red" && !$0.isHiddenOrHasHiddenAncestor }
        #expect(visibleReds.isEmpty)
        map._checkInvariants()
    }

    private func allLabels(in view: HeadlessView) -> [LabelView] {
        var labels: [LabelView] = []
        for case let child as HeadlessView in view.subviews {
            if let label = child as? LabelView { labels.append(label) }
            labels += allLabels(in: child)
        }
        return labels
    }
}

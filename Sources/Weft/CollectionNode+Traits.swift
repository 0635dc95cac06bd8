public import WeftNode
import WeftDataController

extension CollectionNode {
    /// The environment of the container's cells: display scale, light or dark
    /// style, contrast, text scale and font. Texture's collection view hands its cells its
    /// `primitiveTraitCollection`; here the host view sets it (WeftGTK's from
    /// the widget's scale factor and GTK's settings), every cell node and
    /// subnode reads it (`DisplayNode.traitCollection`, and `contentsScale`
    /// through it), and a change tells every node made so far
    /// (`DisplayNode.traitCollectionDidChange(_:)`), which redraws it when it
    /// shows; headers and footers too. A change of text scale or font also
    /// measures every made node again (`TextNode` drops its layout), off main,
    /// and the cells move to their new sizes at that commit. Until set, nodes have the defaults at
    /// `DisplayNode.defaultContentsScale`.
    ///
    /// - Complexity: O(1) to read; O(*m* × *s*) to change, for *m* items
    ///   made of *s* nodes each, plus O(*n*) size ranges asked on main and the
    ///   measuring off main when the text scale or font changes.
    public var traitCollection: TraitCollection {
        get {
            dataController.ownerReference.traits.withLock { $0 }
                ?? TraitCollection(displayScale: DisplayNode.defaultContentsScale)
        }
        set {
            let previous = traitCollection
            dataController.ownerReference.traits.withLock { $0 = newValue }
            guard newValue != previous else { return }
            let map = dataController.pendingMap
            for section in 0 ..< map.numberOfSections {
                map.forEachItem(inSection: section) { _, element in
                    element?.nodeIfAllocated?.propagateTraitCollectionChange(from: previous)
                }
                for (_, _, element) in map.supplementaryElements(inSection: section) {
                    element.nodeIfAllocated?.propagateTraitCollectionChange(from: previous)
                }
            }
            // Text measures otherwise at another text scale or font: every made
            // node is measured again, off main, and the layout follows at the commit.
            if newValue.changesTextLayout(from: previous), dataController.hasLoadedData {
                // Every text node dropped its layout and its cell told this
                // node; measuring them all again off main serves those too.
                dataController.ownerReference.discardInvalidatedCells()
                dataController.relayoutAllNodes(measuringEveryNode: true)
            }
        }
    }
}

public import WeftNode
import WeftDataController

extension CollectionNode {
    /// The environment of the container's cells: display scale, light or dark
    /// style, contrast. Texture's collection view hands its cells its
    /// `primitiveTraitCollection`; here the host view sets it (WeftGTK's from
    /// the widget's scale factor and GTK's settings), every cell node and
    /// subnode reads it (`DisplayNode.traitCollection`, and `contentsScale`
    /// through it), and a change tells every node made so far
    /// (`DisplayNode.traitCollectionDidChange(_:)`), which redraws it when it
    /// shows. Until set, nodes have the defaults at
    /// `DisplayNode.defaultContentsScale`.
    ///
    /// - Complexity: O(1) to read; O(*m* × *s*) to change, for *m* items
    ///   made of *s* nodes each.
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
            }
        }
    }
}

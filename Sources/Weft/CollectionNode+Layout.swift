import Foundation
import WeftDataController
import WeftNode
import WeftReusePool

extension CollectionNode {
    /// One frame's work on main: updates the ranges if anything asked for it
    /// (a scroll, a commit, a new size), then mounts a backing view for each
    /// visible cell, reusing the views of cells that scrolled out.
    ///
    /// - Complexity: O(*c* + *v*) for *c* nodes that cross a range boundary and
    ///   *v* visible cells; it does not grow with the item count.
    public func layoutIfNeeded() {
        rangeController.updateIfNeeded()
        mountVisibleCells()
    }

    /// Mounts the visible cells' host views, and those of visible headers and
    /// footers, in one scoped pass, so that the
    /// views of cells that left are hidden and pooled when the pass ends.
    private func mountVisibleCells() {
        let map = dataController.visibleMap
        var visible = viewIndexPathsForVisibleItems.compactMap { path -> (CGRect, CollectionElement)? in
            guard let element = map.element(at: path), let frame = layout.frameForItem(at: path) else { return nil }
            return (displayedFrame(frame), element)
        }
        for (kind, path) in viewSupplementaryElementsForVisibleRect {
            guard let element = map.supplementaryElement(ofKind: kind, at: path),
                let frame = layout.frameForSupplementaryElement(ofKind: kind, at: path)
            else { continue }
            visible.append((displayedFrame(frame), element))
        }
        do {
            try reusePool.mount { pass in
                for (frame, element) in visible {
                    guard let node = element.nodeIfAllocated else { continue }
                    // A visible cell whose layout was dropped (setNeedsLayout) is
                    // measured again, and its automatic subnodes follow.
                    do throws(NodeError) {
                        try node.layoutIfNeeded()
                    } catch {
                        let path = element.isSupplementary
                            ? map.supplementaryLocation(of: element)?.indexPath : map.indexPath(of: element)
                        diagnostics.report(error, layer: .container, indexPaths: path.map { [$0] } ?? [])
                    }
                    let configuration = try ViewConfiguration(Self.hostClass, attributes: [
                        ViewAttribute(Self.frameAttribute, value: frame) { (view: CellHostView, newFrame: CGRect) in
                            view.frame = newFrame
                        },
                        ViewAttribute(
                            Self.nodeAttribute, value: HostedNode(node: node),
                            apply: { (view: CellHostView, hosted) in view.hostedNode = hosted.node },
                            unapply: { (view: CellHostView, _) in view.hostedNode = nil },
                            unappliesWhenPooled: true),
                    ])
                    _ = try pass.view(for: configuration, component: ComponentID(element))
                }
            }
        } catch {
            diagnostics.report(error, layer: .container)
        }
    }

    static let hostClass = ViewClass(CellHostView.self)
    static let frameAttribute: AttributeIdentifier = "frame"
    static let nodeAttribute: AttributeIdentifier = "node"
}

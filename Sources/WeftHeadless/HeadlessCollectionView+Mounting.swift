import Foundation
public import Weft
import WeftNode
import WeftReusePool

/// The headless view as a container's view: each frame it mounts a host view
/// per visible cell in one scoped pass of its reuse pool, so the views of cells
/// that left are hidden and pooled when the pass ends.
extension HeadlessCollectionView: ContainerBackingView {
    /// Mounts a ``CellHostView`` for each of `cells` in ``containerView``, at
    /// the cell's rect in the content as displayed
    /// (`CollectionNode.displayedRect(forContentRect:)`: mirrored when the
    /// container is inverted, as Texture's flipped view shows it), reusing the
    /// views of cells that scrolled out; a cell without a node yet gets none. A
    /// pass the pool refuses goes to ``mountErrors``.
    ///
    /// - Complexity: O(*v*) for *v* cells, plus the views the pass creates.
    public func mount(_ cells: [VisibleCell], of container: CollectionNode) {
        do {
            try reusePool.mount { pass in
                for cell in cells {
                    guard let element = cell.element, let node = element.nodeIfAllocated else { continue }
                    let frame = container.displayedRect(forContentRect: cell.frame)
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
            report(error)
        }
    }

    static let hostClass = ViewClass(CellHostView.self)
    static let frameAttribute: AttributeIdentifier = "frame"
    static let nodeAttribute: AttributeIdentifier = "node"
}

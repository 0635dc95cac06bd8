import Foundation
import WeftDataController
import WeftNode
import WeftRangeController

/// A faithful model of the pass Texture's range controller runs on every
/// scrolled frame (`-[ASRangeController _updateVisibleNodeIndexPaths]`),
/// written here as the peer:
///
/// 1. the visible, display and preload rects: the bounds grown by the full
///    mode's tuning parameters, the leading buffer in the scroll direction;
/// 2. the elements in the union of those rects, asked of the layout. A
///    `UICollectionViewLayout` without a spatial index answers by scanning its
///    cached attributes, so the model scans one frame per item; each element is
///    then sorted into the visible, display and preload sets;
/// 3. `allIndexPaths`: the ordered union of visible, display, preload and the
///    previous pass's set (so nodes that left every range are reset);
/// 4. for each index path, the state from the table, the element from the map
///    (`visibleMap`, arrays of sections), its `nodeIfAllocated`, and
///    `recursivelySetInterfaceState` where the state differs.
///
/// It runs on the same elements, nodes and state table as Weft; only the
/// algorithm differs.
@MainActor
public final class TextureRangeModel {
    let sections: [[CollectionElement]]
    /// The layout's cached attributes: a frame and an index path per item.
    let frames: [CGRect]
    let indexPaths: [IndexPath]
    var previous: [IndexPath] = []

    init(sections: [[CollectionElement]], itemLength: CGFloat, width: CGFloat) {
        self.sections = sections
        var frames: [CGRect] = [], indexPaths: [IndexPath] = []
        for (section, items) in sections.enumerated() {
            for item in items.indices {
                frames.append(CGRect(x: 0, y: CGFloat(frames.count) * itemLength, width: width, height: itemLength))
                indexPaths.append(IndexPath(item: item, section: section))
            }
        }
        self.frames = frames
        self.indexPaths = indexPaths
    }

    /// `CGRectExpandToRangeWithScrollableDirections` for a vertical list.
    private func expand(_ bounds: CGRect, _ parameters: RangeTuningParameters, down: Bool) -> CGRect {
        let above = (down ? parameters.trailingBufferScreenfuls : parameters.leadingBufferScreenfuls) * bounds.height
        let below = (down ? parameters.leadingBufferScreenfuls : parameters.trailingBufferScreenfuls) * bounds.height
        return CGRect(x: bounds.minX, y: bounds.minY - above, width: bounds.width, height: bounds.height + above + below)
    }

    func update(bounds: CGRect, down: Bool) {
        let displayRect = expand(bounds, .defaults(for: .display, mode: .full), down: down)
        let preloadRect = expand(bounds, .defaults(for: .preload, mode: .full), down: down)
        let union = displayRect.union(preloadRect)
        var visible = Set<IndexPath>(), display = Set<IndexPath>(), preload = Set<IndexPath>()
        var ordered: [IndexPath] = []
        var seen = Set<IndexPath>()
        for (frame, path) in zip(frames, indexPaths) where frame.intersects(union) {
            if frame.intersects(bounds) { visible.insert(path) }
            if frame.intersects(displayRect) { display.insert(path) }
            if frame.intersects(preloadRect) { preload.insert(path) }
            if seen.insert(path).inserted { ordered.append(path) }
        }
        var all = ordered
        for path in previous where seen.insert(path).inserted { all.append(path) }
        for path in all {
            var state: InterfaceState = []
            if visible.contains(path) {
                state = .all
            } else {
                if preload.contains(path) { state.insert(.preload) }
                if display.contains(path) { state.insert(.display) }
            }
            guard let node = sections[path.section][path.item].nodeIfAllocated, node.interfaceState != state else {
                continue
            }
            // The model's table never pairs visible without display, the only state a
            // node refuses, and its cells adopt no layouts: nothing to report.
            _ = try? node.recursivelySetInterfaceState(state)
        }
        previous = ordered
    }
}

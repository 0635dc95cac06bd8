import CGtk4
import CWeftGTK
import Foundation
import Weft
import WeftDataController
import WeftDisplay
import WeftNode

/// What a screen reader finds: the canvas is a list (role LIST), and each
/// visible item a child widget of role LIST_ITEM that draws nothing
/// (``_ItemAccessible``), labelled with its cell's aggregated label
/// (`DisplayNode.aggregatedAccessibilityLabel(isRightToLeft:)`), its value as
/// its description with its position ("item 5,001 of 1,000,000"), its position among all the items (so "item 5,001 of
/// 1,000,000" needs no widget per item), and its selected and disabled state.
/// The children come and go with the visible items, as GtkListView's rows do,
/// and are placed over their items, so a screen reader's highlight and a
/// magnifier find them. They are also where keyboard focus lives.
extension GTKCollectionView {
    /// Makes the item widgets match `cells`: one per visible item, in screen
    /// order, told what changed. Called with each mount, and by a frame after
    /// a mounted cell's contents or selection changed. Labels (and links) are
    /// asked of new items, of items whose size changed and of the cells whose
    /// contents or selection changed since (``cellsToRetell``), not of every
    /// visible cell: in a scroll a drawing lands in most frames, and asking
    /// them all again was most of this function's time.
    ///
    /// - Complexity: O(*v* + *s*) for *v* visible cells and *s* sections, plus
    ///   the labels of new and changed cells.
    func updateItemAccessibles(for cells: [VisibleCell]) {
        let retelling = cellsToRetell
        cellsToRetell.removeAll(keepingCapacity: true)
        guard let container else { return }
        let map = container.dataController.visibleMap
        // Positions count items across sections, in the view's index space.
        var sectionStarts: [Int] = []
        sectionStarts.reserveCapacity(map.numberOfSections)
        var total = 0
        for section in 0 ..< map.numberOfSections {
            sectionStarts.append(total)
            total += map.numberOfItems(inSection: section)
        }
        let isRightToLeft = gtk_widget_get_direction(canvas) == GTK_TEXT_DIR_RTL
        var old = Dictionary(uniqueKeysWithValues: itemAccessibles.map { ($0.element, $0) })
        var items: [_ItemAccessible] = []
        items.reserveCapacity(cells.count)
        var previous: UnsafeMutablePointer<GtkWidget>?
        for cell in cells where cell.supplementaryKind == nil {
            guard let element = cell.element, cell.indexPath.section < sectionStarts.count else { continue }
            let id = ObjectIdentifier(element)
            let item = old.removeValue(forKey: id) ?? _ItemAccessible(element: id)
            if gtk_widget_get_parent(item.widget) == nil {
                gtk_widget_insert_after(item.widget, canvas, previous)
            } else if gtk_widget_get_prev_sibling(item.widget) != previous {
                // Screen order is reading order: a moved item's widget moves too.
                gtk_widget_insert_after(item.widget, canvas, previous)
            }
            previous = item.widget
            let node = element.nodeIfAllocated
            let frame = container.viewportRect(forContentRect: cell.frame)
            item.update(
                label: { node?.aggregatedAccessibilityLabel(isRightToLeft: isRightToLeft) },
                links: { node.map { Self.links(in: $0).map { ($0.label, $0.frame) } } ?? [] },
                // A cell laid out at another size (a new width, a relayout) has
                // its links elsewhere, with or without a new drawing.
                refreshingLabel: item.frame.size != frame.size || node.map { retelling.contains(ObjectIdentifier($0)) } ?? false,
                value: node?.accessibilityValue,
                position: sectionStarts[cell.indexPath.section] + cell.indexPath.item + 1, setSize: max(total, 1),
                isSelected: node?.isSelected ?? false,
                isDisabled: node?.accessibilityTraits.contains(.notEnabled) ?? false)
            item.frame = frame
            items.append(item)
        }
        for gone in old.values { gone.remove() }
        let moved = items.count != itemAccessibles.count
            || zip(items, itemAccessibles).contains { $0 !== $1 || $0.frame != $1.frame }
        itemAccessibles = items
        if toldMultiselectable != container.allowsMultipleSelection {
            toldMultiselectable = container.allowsMultipleSelection
            weft_canvas_set_multiselectable(canvas, container.allowsMultipleSelection ? 1 : 0)
        }
        if moved {
            itemsNeedAllocation = true
            gtk_widget_queue_allocate(canvas)
        }
    }

    /// The links of the text nodes laid out in `cell`, in the order of a
    /// breadth-first walk, each with its text node, its text and its place in
    /// the cell (its first rectangle; a link cut off by a line limit is left out).
    ///
    /// - Complexity: O(*s* + *k* × *l*) for *s* nodes, *k* links and *l* lines.
    static func links(in cell: DisplayNode) -> [(node: TextNode, link: TextLink, label: String, frame: CGRect)] {
        var found: [(node: TextNode, link: TextLink, label: String, frame: CGRect)] = []
        var queue: [(node: DisplayNode, origin: CGPoint)] = [(cell, .zero)]
        var next = 0
        while next < queue.count {
            let (node, origin) = queue[next]
            next += 1
            if let text = node as? TextNode {
                let string = text.attributedText.string
                for link in text.links {
                    guard let rect = link.rects.first else { continue }
                    found.append((text, link, String(string[link.range]), rect.offsetBy(dx: origin.x, dy: origin.y)))
                }
            }
            for child in node.calculatedLayout?.children ?? [] {
                queue.append((child.node, CGPoint(x: origin.x + child.frame.minX, y: origin.y + child.frame.minY)))
            }
        }
        return found
    }

    /// Gives each item widget its item's rect: the canvas allocates its children.
    ///
    /// - Complexity: O(*v*) for *v* visible items.
    func allocateItemAccessibles() {
        for item in itemAccessibles {
            var minimum: Int32 = 0, natural: Int32 = 0
            // GTK asks that a widget be measured before it is allocated; the item asks for nothing.
            gtk_widget_measure(item.widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
            let frame = item.frame
            let isFinite = frame.minX.isFinite && frame.minY.isFinite && frame.width.isFinite && frame.height.isFinite
            // A rect beyond GTK's integers (a layout's lie) is placed at the origin, empty.
            let limit = Double(Int32.max / 2)
            let fits = isFinite && abs(frame.minX) < limit && abs(frame.minY) < limit && frame.width < limit
                && frame.height < limit
            var allocation = GtkAllocation(
                x: fits ? Int32(frame.minX.rounded()) : 0, y: fits ? Int32(frame.minY.rounded()) : 0,
                width: fits ? Int32(frame.width.rounded()) : 0, height: fits ? Int32(frame.height.rounded()) : 0)
            gtk_widget_size_allocate(item.widget, &allocation, -1)
            // An item widget places its links' widgets, in its own coordinates.
            for link in item.links {
                gtk_widget_measure(link.widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
                var box = GtkAllocation(
                    x: Int32(clamping: Int(link.frame.minX.rounded())), y: Int32(clamping: Int(link.frame.minY.rounded())),
                    width: Int32(clamping: Int(link.frame.width.rounded())),
                    height: Int32(clamping: Int(link.frame.height.rounded())))
                gtk_widget_size_allocate(link.widget, &box, -1)
            }
        }
    }

    /// Drops every item widget (the view is going away).
    func removeItemAccessibles() {
        for item in itemAccessibles { item.remove() }
        itemAccessibles = []
    }

    /// The widget of the item of `element`, while it shows.
    func itemAccessible(of element: CollectionElement) -> _ItemAccessible? {
        let id = ObjectIdentifier(element)
        return itemAccessibles.first { $0.element == id }
    }
}

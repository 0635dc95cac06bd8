import CGtk4
import CWeftGTK
import Foundation
import Weft
import WeftDataController

/// Clicks, keys and focus, as GtkListView has them. Wheel and touchpad
/// scrolling (kinetic included) and the scrollbar are the scrolled window's
/// own: they move the adjustment, which moves the container.
///
/// Keyboard focus is on one item at a time (its element, so it follows the
/// item through inserts and moves), held by the item's widget while it shows
/// (``_ItemAccessible``): a screen reader hears focus move. Arrow keys move it
/// between items in the order they show (Up and Down in a vertical list, Left
/// and Right in a horizontal one, after the widget's text direction), Home and
/// End to either end, Page Up and Page Down a page; it scrolls into view, and
/// moves through lazy items not loaded yet (which load). Enter and Space select
/// the focused item as a click does; with Control they toggle it, with Shift
/// they extend the selection from the anchor (the last item focused without
/// Shift); Shift with an arrow key extends too. The list is one stop of the
/// Tab chain. A focus ring shows around the focused item while the window
/// shows focus (after a key, not after a click), in the theme's colour. Tab
/// steps through the focused item's links before it leaves the list, and
/// Return, Enter or Space on a link taps it (`TextNode.activateLink(_:)`).
extension GTKCollectionView {
    /// A click taps the item under it, in the container's selection rules
    /// (`CollectionNode.tapItem(at:)`); with Control it toggles the item
    /// (`CollectionNode.toggleItem(at:)`), with Shift it extends the selection
    /// (`CollectionNode.extendSelection(from:to:)`). The item takes keyboard
    /// focus. A click between items does nothing; an item the data source has
    /// deleted since the last commit is not tapped.
    func click(at point: CGPoint, modifiers: GdkModifierType = GdkModifierType(0)) {
        if lastPressWasClaimed {
            lastPressWasClaimed = false
            return
        }
        guard let container, let viewPath = viewIndexPath(at: point),
            let path = container.indexPath(forViewIndexPath: viewPath) else { return }
        activate(path, modifiers: modifiers, in: container)
    }

    /// The primary button went down over an item (`down`), which is
    /// highlighted until the press ends; or the press ended, released at
    /// `point` or cancelled (a point that is not a number).
    ///
    /// A press first goes to the nodes under it, the deepest first
    /// (`PressHandling`: a text node's links); one that claims it gets its end
    /// and hold, and the item is neither highlighted nor clicked.
    func press(at point: CGPoint, down: Bool) {
        pressedElement?.nodeIfAllocated?.isHighlighted = false
        pressedElement = nil
        if let claimed = claimedPress {
            claimedPress = nil
            let released = point.x.isNaN ? nil : CGPoint(x: point.x - claimed.origin.x, y: point.y - claimed.origin.y)
            claimed.handler.pressEnded(at: released)
        }
        guard down else { return }
        lastPressWasClaimed = false
        if let target = pressTarget(at: point), target.handler.pressBegan(at: target.point) {
            claimedPress = (target.handler, CGPoint(x: point.x - target.point.x, y: point.y - target.point.y))
            lastPressWasClaimed = true
            return
        }
        guard let container, container.allowsSelection, let viewPath = viewIndexPath(at: point),
            let element = container.dataController.visibleMap.element(at: viewPath) else { return }
        pressedElement = element
        element.nodeIfAllocated?.isHighlighted = true
    }

    /// The press under way was held in place: a long press for the node that
    /// claimed it.
    func pressHeld(at point: CGPoint) {
        guard let claimed = claimedPress else { return }
        claimed.handler.pressHeld(at: CGPoint(x: point.x - claimed.origin.x, y: point.y - claimed.origin.y))
    }

    /// The pointer moved to `point`, or left the widget (not a number): it
    /// shows GTK's "pointer" cursor over what a press would act on (a link).
    func pointerMoved(to point: CGPoint) {
        let over = !point.x.isNaN && pressTarget(at: point).map { $0.handler.isPressTarget(at: $0.point) } == true
        guard over != showsPointerCursor else { return }
        showsPointerCursor = over
        gtk_widget_set_cursor_from_name(canvas, over ? "pointer" : nil)
    }

    /// The deepest node under `point` (in the widget) that handles presses,
    /// with the point in its coordinates: in the cell drawn there, inverted or
    /// not, whose node is loaded.
    private func pressTarget(at point: CGPoint) -> (handler: any PressHandling, point: CGPoint)? {
        guard let container, let viewPath = viewIndexPath(at: point),
            let cell = container.dataController.visibleMap.element(at: viewPath)?.nodeIfAllocated,
            let frame = container.layout.frameForItem(at: viewPath).map(container.viewportRect(forContentRect:))
        else { return nil }
        let inCell = CGPoint(x: point.x - frame.minX, y: point.y - frame.minY)
        for (node, local) in cell.nodes(at: inCell).reversed() {
            if let handler = node as? any PressHandling { return (handler, local) }
        }
        return nil
    }

    /// The item under `point` (in the widget's coordinates), in the view's index
    /// space: the item drawn there, inverted or not
    /// (`CollectionNode.contentPoint(forViewportPoint:)`).
    public func viewIndexPath(at point: CGPoint) -> IndexPath? {
        guard let container else { return nil }
        return container.viewIndexPathForItem(at: container.contentPoint(forViewportPoint: point))
    }

    /// The index path (data source's index space) of the item keyboard focus
    /// is on, or `nil` when no item has had focus or it was deleted.
    public var indexPathForFocusedItem: IndexPath? {
        if let pendingFocus { return pendingFocus.path }
        guard let container, let focusedElement else { return nil }
        return container.dataController.pendingMap.indexPath(of: focusedElement)
    }

    /// Moves keyboard focus to the item at `indexPath` (data source's index
    /// space), scrolling it into view, and gives the list focus.
    ///
    /// - Throws: `CollectionNodeError.noSuchItem` for a path that names no item.
    public func focusItem(at indexPath: IndexPath) throws {
        guard let container else { return }
        try moveFocus(to: indexPath, extending: false, in: container)
        gtk_widget_grab_focus(canvas)
    }

    /// Handles a key pressed while the list or an item of it has focus; other
    /// keys, and keys with Alt or Super, go on to GTK (an app's shortcuts).
    func keyPressed(_ keyval: guint, modifiers: GdkModifierType) -> Bool {
        let other = GDK_ALT_MASK.rawValue | GDK_SUPER_MASK.rawValue
        guard modifiers.rawValue & other == 0, let container else { return false }
        let shift = modifiers.rawValue & GDK_SHIFT_MASK.rawValue != 0
        let vertical = container.layout.scrollAxis == .vertical
        let rightToLeft = gtk_widget_get_direction(canvas) == GTK_TEXT_DIR_RTL
        // A step towards the screen's bottom (or right) is one item on in an
        // ordinary list, one item back in an inverted one.
        let forward = container.isInverted ? -1 : 1
        do {
            switch Int32(keyval) {
            case GDK_KEY_Up where vertical, GDK_KEY_KP_Up where vertical:
                try step(by: -forward, extending: shift, in: container)
            case GDK_KEY_Down where vertical, GDK_KEY_KP_Down where vertical:
                try step(by: forward, extending: shift, in: container)
            case GDK_KEY_Left where !vertical, GDK_KEY_KP_Left where !vertical:
                try step(by: rightToLeft ? forward : -forward, extending: shift, in: container)
            case GDK_KEY_Right where !vertical, GDK_KEY_KP_Right where !vertical:
                try step(by: rightToLeft ? -forward : forward, extending: shift, in: container)
            case GDK_KEY_Home, GDK_KEY_KP_Home:
                if let path = container.isInverted ? lastItem(in: container) : firstItem(in: container) {
                    try moveFocus(to: path, extending: shift, in: container)
                }
            case GDK_KEY_End, GDK_KEY_KP_End:
                if let path = container.isInverted ? firstItem(in: container) : lastItem(in: container) {
                    try moveFocus(to: path, extending: shift, in: container)
                }
            case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up:
                try page(by: -1, extending: shift, in: container)
            case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down:
                try page(by: 1, extending: shift, in: container)
            case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter, GDK_KEY_space, GDK_KEY_KP_Space:
                // On a link (after Tab): the key taps the link, not the item.
                if let focus = gtk_widget_get_root(canvas).flatMap({ gtk_root_get_focus($0) }),
                    itemAccessibles.contains(where: { $0.links.contains { $0.widget == focus } }) {
                    linkActivated(focus)
                    return true
                }
                guard let path = indexPathForFocusedItem ?? firstVisibleItem(in: container) else { return true }
                activate(path, modifiers: modifiers, in: container)
            default:
                return false
            }
        } catch {
            // An item deleted as the key arrived, say: the key did nothing, and says why.
            container.diagnostics.report(error, layer: .view, update: nil, indexPaths: [])
        }
        return true
    }

    /// An item's widget was activated (Return or Enter on the focused item,
    /// through GtkWindow's bindings): the item is selected as a click does.
    func itemActivated(_ widget: UnsafeMutablePointer<GtkWidget>?) {
        guard let container, let item = itemAccessibles.first(where: { $0.widget == widget }),
            let cell = mountedCells.first(where: { $0.element.map(ObjectIdentifier.init) == item.element }),
            let element = cell.element, let path = container.dataController.pendingMap.indexPath(of: element)
        else { return }
        activate(path, modifiers: GdkModifierType(0), in: container)
    }

    /// Where Tab (`forward`) or Shift+Tab moves focus inside the list: through
    /// the focused item's links (their widgets, ``_ItemAccessible``) and back
    /// to the item, as GtkListView's Tab reaches a row's focusable children;
    /// `nil` to leave the list.
    func focusStep(forward: Bool) -> UnsafeMutablePointer<GtkWidget>? {
        guard let focusedElement, let item = itemAccessible(of: focusedElement),
            let root = gtk_widget_get_root(canvas), let focus = gtk_root_get_focus(root) else { return nil }
        let links = item.links.map(\.widget)
        if focus == item.widget { return forward ? links.first : nil }
        guard let index = links.firstIndex(of: focus) else { return nil }
        if forward { return index + 1 < links.count ? links[index + 1] : nil }
        return index > 0 ? links[index - 1] : item.widget
    }

    /// A link's widget was activated by the keyboard (Return, Enter or Space
    /// while it has focus): its text node taps it (`TextNode.activateLink(_:)`).
    func linkActivated(_ widget: UnsafeMutablePointer<GtkWidget>?) {
        guard let item = itemAccessibles.first(where: { $0.links.contains { $0.widget == widget } }),
            let index = item.links.firstIndex(where: { $0.widget == widget }),
            let cell = mountedCells.first(where: { $0.element.map(ObjectIdentifier.init) == item.element }),
            let node = cell.element?.nodeIfAllocated
        else { return }
        let targets = Self.links(in: node)
        guard index < targets.count else { return }
        targets[index].node.activateLink(targets[index].link)
    }

    /// Which widget takes focus given to the canvas: the focused item's, or
    /// the first visible item's when none has focus yet; `nil` (the canvas
    /// itself) while the focused item is off screen or nothing shows.
    func focusTarget() -> UnsafeMutablePointer<GtkWidget>? {
        if focusedElement == nil, let container, let path = firstVisibleItem(in: container) {
            focusedElement = container.dataController.pendingMap.element(at: path)
            anchorElement = focusedElement
        }
        return focusedElement.flatMap { itemAccessible(of: $0) }?.widget
    }

    /// Focus entered or left the list: the ring shows or goes.
    func focusChanged(inside: Bool) {
        isFocusInside = inside
        gtk_widget_queue_draw(canvas)
    }

    /// After a mount: focus inside the list follows the focused item's widget
    /// (it showed, or the widget holding focus is about to go), so that focus
    /// never falls out of the list when items scroll away.
    func keepFocusOnFocusedItem() {
        guard isFocusInside else { return }
        if let target = focusTarget() {
            // The focused item shows (or, with none focused yet, the first one):
            // it, or a link of it, holds focus.
            let focus = gtk_widget_get_root(canvas).flatMap { gtk_root_get_focus($0) }
            if focus.map({ $0 != target && gtk_widget_is_ancestor($0, target) == 0 }) ?? true {
                gtk_widget_grab_focus(target)
            }
        } else if let root = gtk_widget_get_root(canvas), let focus = gtk_root_get_focus(root), focus != canvas,
            gtk_widget_is_ancestor(focus, canvas) != 0 {
            // The focused item scrolled away: the list keeps focus until it shows.
            gtk_widget_grab_focus(canvas)
        }
    }

    // MARK: Moves

    private func activate(_ path: IndexPath, modifiers: GdkModifierType, in container: CollectionNode) {
        let shift = modifiers.rawValue & GDK_SHIFT_MASK.rawValue != 0
        let control = modifiers.rawValue & GDK_CONTROL_MASK.rawValue != 0
        do {
            if shift {
                let anchor = anchorElement.flatMap(container.dataController.pendingMap.indexPath(of:))
                try container.extendSelection(from: anchor, to: path)
            } else if control {
                try container.toggleItem(at: path)
            } else {
                try container.tapItem(at: path)
            }
            let element = try container.element(at: path)
            focusedElement = element
            if !shift { anchorElement = element }
        } catch {
            container.diagnostics.report(error, layer: .view, update: nil, indexPaths: [path])
        }
        gtk_widget_queue_draw(canvas)
    }

    private func step(by delta: Int, extending: Bool, in container: CollectionNode) throws {
        guard let from = indexPathForFocusedItem else {
            if let first = firstVisibleItem(in: container) { try moveFocus(to: first, extending: extending, in: container) }
            return
        }
        let next = delta > 0 ? item(after: from, in: container) : item(before: from, in: container)
        try moveFocus(to: next ?? from, extending: extending, in: container)
    }

    /// Page Up and Down: the view scrolls a page less a tenth (the
    /// adjustment's page increment), and focus goes to the item then where the
    /// focused one was, or to the last item the page reaches.
    private func page(by direction: Double, extending: Bool, in container: CollectionNode) throws {
        guard let vertical = weft_canvas_get_vadjustment(canvas) else { return }
        let before = indexPathForFocusedItem.flatMap(container.frameForItem(at:)).map(container.viewportRect(forContentRect:))
        gtk_adjustment_set_value(
            vertical, gtk_adjustment_get_value(vertical) + direction * gtk_adjustment_get_page_increment(vertical))
        let size = container.viewportSize
        let point = before.map { CGPoint(x: $0.midX, y: min(max($0.midY, 0), size.height - 1)) }
            ?? CGPoint(x: size.width / 2, y: direction > 0 ? size.height - 1 : 0)
        if let viewPath = viewIndexPath(at: point), let path = container.indexPath(forViewIndexPath: viewPath) {
            // The page scrolled exactly its increment: the item there shows, whole or not.
            try moveFocus(to: path, extending: extending, scrolling: false, in: container)
        }
    }

    /// After a mount: a focus move that waited for an item to load (keys
    /// faster than loads, in a lazy list) goes on once updates have committed.
    func resumePendingFocus() {
        guard let pending = pendingFocus, let container, !container.isProcessingUpdates else { return }
        pendingFocus = nil
        do {
            try moveFocus(to: pending.path, extending: pending.extending, in: container)
        } catch {
            container.diagnostics.report(error, layer: .view, update: nil, indexPaths: [pending.path])
        }
    }

    private func moveFocus(
        to path: IndexPath, extending: Bool, scrolling: Bool = true, in container: CollectionNode
    ) throws {
        let loaded: Result<CollectionElement, CollectionNodeError>
        do { loaded = .success(try container.element(at: path)) } catch { loaded = .failure(error) }
        let element: CollectionElement
        switch loaded {
        case .success(let found):
            element = found
        case .failure(.itemNotLoaded):
            // A lazy item that cannot load while updates are in flight: focus
            // goes there once they commit (``resumePendingFocus()``), and the
            // view scrolls there meanwhile, as `scrollToItem` waits too.
            pendingFocus = (path, extending)
            let vertical = container.layout.scrollAxis == .vertical
            try container.scrollToItem(at: path, at: vertical ? .bottom : .right)
            return
        case .failure(let error):
            throw error
        }
        pendingFocus = nil
        if extending {
            let anchor = anchorElement.flatMap(container.dataController.pendingMap.indexPath(of:))
            try container.extendSelection(from: anchor, to: path)
        } else {
            anchorElement = element
        }
        let before = indexPathForFocusedItem
        focusedElement = element
        // Towards the screen's far edge when the item is further on screen.
        let isFurther = before.map { (path > $0) != container.isInverted } ?? true
        if scrolling { try scrollIntoView(path, preferringFarEdge: isFurther, in: container) }
        keepFocusOnFocusedItem()
        gtk_widget_queue_draw(canvas)
    }

    /// Scrolls the least that shows the whole item (`scrollToItem` to the
    /// nearer edge), or nothing when it shows already. An item not placed yet
    /// (a lazy item far away) goes to the far edge (bottom or right) when
    /// `preferringFarEdge`, as it does when focus moves on towards it.
    private func scrollIntoView(_ path: IndexPath, preferringFarEdge: Bool, in container: CollectionNode) throws {
        let size = container.viewportSize
        guard size.width > 0, size.height > 0 else { return }
        let vertical = container.layout.scrollAxis == .vertical
        guard let frame = container.frameForItem(at: path).map(container.viewportRect(forContentRect:)) else {
            let edge: ScrollPosition = vertical ? (preferringFarEdge ? .bottom : .top) : (preferringFarEdge ? .right : .left)
            return try container.scrollToItem(at: path, at: edge)
        }
        if vertical {
            if frame.minY < 0 { try container.scrollToItem(at: path, at: .top) }
            else if frame.maxY > size.height { try container.scrollToItem(at: path, at: .bottom) }
        } else {
            if frame.minX < 0 { try container.scrollToItem(at: path, at: .left) }
            else if frame.maxX > size.width { try container.scrollToItem(at: path, at: .right) }
        }
    }

    // MARK: Items in order

    private func firstVisibleItem(in container: CollectionNode) -> IndexPath? {
        mountedCells.first { $0.supplementaryKind == nil && $0.element != nil }
            .flatMap { container.indexPath(forViewIndexPath: $0.indexPath) }
    }

    private func firstItem(in container: CollectionNode) -> IndexPath? {
        (0 ..< container.numberOfSections).first { container.numberOfItems(inSection: $0) > 0 }
            .map { IndexPath(item: 0, section: $0) }
    }

    private func lastItem(in container: CollectionNode) -> IndexPath? {
        (0 ..< container.numberOfSections).last { container.numberOfItems(inSection: $0) > 0 }
            .map { IndexPath(item: container.numberOfItems(inSection: $0) - 1, section: $0) }
    }

    private func item(after path: IndexPath, in container: CollectionNode) -> IndexPath? {
        if path.item + 1 < container.numberOfItems(inSection: path.section) {
            return IndexPath(item: path.item + 1, section: path.section)
        }
        return (path.section + 1 ..< container.numberOfSections).first { container.numberOfItems(inSection: $0) > 0 }
            .map { IndexPath(item: 0, section: $0) }
    }

    private func item(before path: IndexPath, in container: CollectionNode) -> IndexPath? {
        if path.item > 0 { return IndexPath(item: path.item - 1, section: path.section) }
        return (0 ..< path.section).last { container.numberOfItems(inSection: $0) > 0 }
            .map { IndexPath(item: container.numberOfItems(inSection: $0) - 1, section: $0) }
    }
}

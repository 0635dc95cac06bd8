import CGtk4
import CWeftGTK
import Foundation
import Weft

/// Clicks and keys. Wheel and touchpad scrolling (kinetic included) and the
/// scrollbar are the scrolled window's own: they move the adjustment, which
/// moves the container.
extension GTKCollectionView {
    func installInput() {
        gtk_widget_set_focusable(canvas, 1)
    }

    /// A click taps the item under it, in the container's selection rules
    /// (`CollectionNode.tapItem(at:)`); a click between items does nothing.
    /// An item the data source has deleted since the last commit is not tapped.
    func click(at point: CGPoint) {
        guard let container, let viewPath = viewIndexPath(at: point),
            let path = container.indexPath(forViewIndexPath: viewPath) else { return }
        do {
            try container.tapItem(at: path)
        } catch {
            container.diagnostics.report(error, layer: .view, update: nil, indexPaths: [path])
        }
        gtk_widget_queue_draw(canvas)
    }

    /// The item under `point` (in the widget's coordinates), in the view's index space.
    public func viewIndexPath(at point: CGPoint) -> IndexPath? {
        guard let container else { return nil }
        let content = CGPoint(x: point.x + container.contentOffset.x, y: point.y + container.contentOffset.y)
        return container.layout.indexPathsForItems(in: CGRect(origin: content, size: CGSize(width: 1, height: 1)))
            .first { container.layout.frameForItem(at: $0)?.contains(content) ?? false }
    }

    /// Page Up and Page Down move a page less a tenth (the adjustment's page
    /// increment), Home and End to either end; other keys go on to GTK.
    func keyPressed(_ keyval: guint, modifiers: GdkModifierType) -> Bool {
        guard let vertical = weft_canvas_get_vadjustment(canvas) else { return false }
        let value = gtk_adjustment_get_value(vertical), page = gtk_adjustment_get_page_increment(vertical)
        switch Int32(keyval) {
        case GDK_KEY_Page_Down: gtk_adjustment_set_value(vertical, value + page)
        case GDK_KEY_Page_Up: gtk_adjustment_set_value(vertical, value - page)
        case GDK_KEY_Home: gtk_adjustment_set_value(vertical, gtk_adjustment_get_lower(vertical))
        case GDK_KEY_End: gtk_adjustment_set_value(vertical, gtk_adjustment_get_upper(vertical))
        default: return false
        }
        return true
    }
}

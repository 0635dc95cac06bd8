import CGtk4
import CWeftGTK
import Foundation
import Weft

/// Clicks and keys. Wheel and touchpad scrolling (kinetic included) and the
/// scrollbar are the scrolled window's own: they move the adjustment, which
/// moves the container.
extension GTKCollectionView {
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

    /// The item under `point` (in the widget's coordinates), in the view's index
    /// space: the item drawn there, inverted or not
    /// (`CollectionNode.contentPoint(forViewportPoint:)`).
    public func viewIndexPath(at point: CGPoint) -> IndexPath? {
        guard let container else { return nil }
        return container.viewIndexPathForItem(at: container.contentPoint(forViewportPoint: point))
    }

    /// Page Up and Page Down move a page less a tenth (the adjustment's page
    /// increment), Home and End to either end; with Control, Alt or Super held,
    /// and for other keys, the key goes on to GTK (an app's shortcuts).
    func keyPressed(_ keyval: guint, modifiers: GdkModifierType) -> Bool {
        let shortcutModifiers = GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SUPER_MASK.rawValue
        guard modifiers.rawValue & shortcutModifiers == 0, let vertical = weft_canvas_get_vadjustment(canvas) else {
            return false
        }
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

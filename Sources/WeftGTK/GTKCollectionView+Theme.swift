import CGtk4
import CWeftGTK
import Foundation
import Weft

/// Colours from the GTK theme: the selection and highlight behind selected
/// and pressed items, and the focus ring. Adwaita, its dark variant and the
/// high-contrast themes all define `theme_selected_bg_color`.
extension GTKCollectionView {
    /// How opaque the theme's selection colour is behind a selected item, and
    /// behind a pressed one: tints, so an item's own drawing stays legible, as
    /// a GtkListView row's selection is.
    private static let selectedOpacity = 0.3, highlightedOpacity = 0.15, focusRingOpacity = 0.6

    /// The theme's colour `name` for the canvas, or `nil` when the theme has none.
    func themeColor(named name: String) -> Color? {
        guard let context = gtk_widget_get_style_context(canvas) else { return nil }
        var rgba = GdkRGBA()
        guard gtk_style_context_lookup_color(context, name, &rgba) != 0 else { return nil }
        return Color(red: Double(rgba.red), green: Double(rgba.green), blue: Double(rgba.blue), alpha: Double(rgba.alpha))
    }

    /// Sets the container's selection and highlight colours from the theme
    /// (unless the app set ``followsThemeSelectionColors`` to `false`).
    func applyThemeColors() {
        guard followsThemeSelectionColors, let container, let selected = themeColor(named: "theme_selected_bg_color")
        else { return }
        let tint = { (opacity: Double) in
            Color(red: selected.red, green: selected.green, blue: selected.blue, alpha: selected.alpha * opacity)
        }
        if container.selectedBackgroundColor != tint(Self.selectedOpacity) {
            container.selectedBackgroundColor = tint(Self.selectedOpacity)
        }
        if container.highlightedBackgroundColor != tint(Self.highlightedOpacity) {
            container.highlightedBackgroundColor = tint(Self.highlightedOpacity)
        }
    }

    /// A ring around the focused item while focus is in the list and the
    /// window shows focus (after a key; GTK hides it after a click).
    func drawFocusRing(into snapshot: OpaquePointer) {
        guard isFocusInside, let focusedElement, let item = itemAccessible(of: focusedElement),
            let window = gtk_widget_get_ancestor(canvas, gtk_window_get_type()),
            gtk_window_get_focus_visible(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)) != 0 else { return }
        let ring = themeColor(named: "theme_selected_bg_color") ?? Color(red: 0.21, green: 0.52, blue: 0.89)
        let color = GdkRGBA(
            red: Float(ring.red), green: Float(ring.green), blue: Float(ring.blue),
            alpha: Float(ring.alpha * Self.focusRingOpacity))
        let width: Float = 2
        let frame = item.frame
        var bounds = graphene_rect_t(
            origin: graphene_point_t(x: Float(frame.minX) + 1, y: Float(frame.minY) + 1),
            size: graphene_size_t(width: max(Float(frame.width) - 2, 0), height: max(Float(frame.height) - 2, 0)))
        var outline = GskRoundedRect()
        gsk_rounded_rect_init_from_rect(&outline, &bounds, 4)
        var widths = [width, width, width, width]
        var colors = [color, color, color, color]
        gtk_snapshot_append_border(snapshot, &outline, &widths, &colors)
    }
}

import CGtk4
import CWeftGTK
import Foundation
import Weft
import WeftDisplay

/// The desktop's traits and the GTK theme's colours: the display scale, light
/// or dark style and contrast (the container's trait collection), the
/// background, the selection and highlight behind selected and pressed items,
/// and the focus ring. Adwaita, its dark variant and the high-contrast themes
/// all define `theme_base_color` and `theme_selected_bg_color`.
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

    /// What shows behind the cells when the app set no ``backgroundColor``:
    /// the theme's base colour, white when it has none.
    var themeBackground: Color {
        themeColor(named: "theme_base_color") ?? .white
    }

    /// The container's traits from the desktop: the display scale from the
    /// widget's scale factor (contents are drawn at it, so text stays crisp
    /// under `GDK_SCALE=2`) and, while ``followsTheme``, the style, contrast
    /// and selection colours from the theme and, while ``followsTextSettings``,
    /// the text scale and font from GTK's settings. Read at the start of a
    /// frame after GTK said one of them changed (the canvas realized, its scale
    /// factor, or the settings' theme, dark preference, dpi or font): a change of
    /// scale (a window moved to another monitor) or theme redraws every cell
    /// shown, and reaches every node made; a change of text scale or font
    /// measures the cells again.
    func applyDesktopTraits() {
        guard let container else { return }
        var traits = container.traitCollection
        traits.displayScale = Double(max(gtk_widget_get_scale_factor(canvas), 1))
        if followsTheme {
            let name = (weft_theme_name(canvas).map { String(cString: $0) } ?? "").lowercased()
            let base = themeBackground
            let luminance = 0.2126 * base.red + 0.7152 * base.green + 0.0722 * base.blue
            let isDark = weft_prefers_dark_theme(canvas) != 0 || name.hasSuffix(":dark") || name.hasSuffix("-dark")
                || luminance < 0.5
            traits.userInterfaceStyle = isDark ? .dark : .light
            traits.accessibilityContrast = name.firstRange(of: "highcontrast") != nil ? .high : .normal
            applyThemeSelectionColors(to: container)
        }
        if followsTextSettings {
            var dpi: Int32 = -1
            let family = weft_text_settings(canvas, &dpi).map { String(cString: $0) }
            traits.textScale = dpi > 0 ? Double(dpi) / 1024 / 96 : 1
            if family != desktopFontName {
                desktopFontName = family
                desktopFontFamily = family.flatMap { Fonts.installedFamily(matching: $0) }
            }
            traits.fontFamily = desktopFontFamily
        }
        if traits != container.traitCollection {
            container.traitCollection = traits
            gtk_widget_queue_draw(canvas)
        }
    }

    /// The container's selection and highlight colours: tints of the theme's
    /// selection colour.
    private func applyThemeSelectionColors(to container: CollectionNode) {
        guard let selected = themeColor(named: "theme_selected_bg_color") else { return }
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

    /// A ring around the focused item, or the link of it that has focus,
    /// while focus is in the list and the window shows focus (after a key;
    /// GTK hides it after a click).
    func drawFocusRing(into snapshot: OpaquePointer) {
        guard isFocusInside, let focusedElement, let item = itemAccessible(of: focusedElement),
            let window = gtk_widget_get_ancestor(canvas, gtk_window_get_type()),
            gtk_window_get_focus_visible(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)) != 0 else { return }
        let ring = themeColor(named: "theme_selected_bg_color") ?? Color(red: 0.21, green: 0.52, blue: 0.89)
        let color = GdkRGBA(
            red: Float(ring.red), green: Float(ring.green), blue: Float(ring.blue),
            alpha: Float(ring.alpha * Self.focusRingOpacity))
        let width: Float = 2
        // Around the focused link when one of the item's has focus (Tab), else the item.
        let focus = gtk_widget_get_root(canvas).flatMap { gtk_root_get_focus($0) }
        let link = item.links.first { $0.widget == focus }
        let frame = link.map {
            $0.frame.offsetBy(dx: item.frame.minX, dy: item.frame.minY).insetBy(dx: -3, dy: -1)
        } ?? item.frame
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

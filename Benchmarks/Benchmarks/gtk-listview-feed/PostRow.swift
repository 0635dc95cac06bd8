import CGtkPeer
import Foundation
import WeftSampleFeed

/// GtkListView's rows for the feed, as a GTK developer writes them: a
/// `GtkSignalListItemFactory` whose setup builds one row of widgets (a round
/// avatar image beside a bold author label and a wrapping body label, with
/// weft-gallery's cell's insets, spacing, sizes and font) and whose bind fills
/// it from the post the row object names.
@MainActor
enum PostRow {
    private static let authorKey = "weft-peer-author", bodyKey = "weft-peer-body", avatarKey = "weft-peer-avatar"

    /// The avatars as textures, made once from the colours weft-gallery's
    /// avatars are drawn from (80 pixels square, as its PNGs).
    private static let avatars: [OpaquePointer] = (0 ..< PostContent.avatarCount).map { index in
        let size = 80
        var pixels: [UInt8] = []
        pixels.reserveCapacity(size * size * 4)
        for row in 0 ..< size {
            let (red, green, blue) = PostContent.avatarColor(index: index, row: row, size: size)
            let bgra = [blue, green, red].map { UInt8(($0 * 255).rounded()) } + [255]
            for _ in 0 ..< size { pixels += bgra }
        }
        let bytes = pixels.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        // Opaque, so premultiplied or not is the same; B, G, R, A bytes.
        let texture = gdk_memory_texture_new(Int32(size), Int32(size), GDK_MEMORY_B8G8R8A8_PREMULTIPLIED, bytes, gsize(size * 4))!
        g_bytes_unref(bytes)
        return texture
    }

    /// The style of the rows: the desktop's font (`gtk-font-name`'s family) at 15 px, as
    /// weft-gallery's text follows it; the avatar's corners round.
    static func installStyle(on display: OpaquePointer) {
        let style = gtk_css_provider_new()
        gtk_css_provider_load_from_data(style, """
            .weft-peer-row label { font-size: 15px; }
            .weft-peer-row .author { font-weight: bold; }
            .weft-peer-row image { border-radius: 20px; }
            """, -1)
        gtk_style_context_add_provider_for_display(
            display, OpaquePointer(style), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(UnsafeMutableRawPointer(style))
    }

    /// A factory with the feed's setup and bind handlers (a full reference).
    static func makeFactory() -> OpaquePointer {
        let factory = gtk_signal_list_item_factory_new()!
        let setup: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = {
            _, item, _ in MainActor.assumeIsolated { PostRow.setUp(OpaquePointer(item)) }
        }
        let bind: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = {
            _, item, _ in MainActor.assumeIsolated { PostRow.bind(OpaquePointer(item)) }
        }
        g_signal_connect_data(UnsafeMutableRawPointer(factory), "setup", unsafeBitCast(setup, to: GCallback.self),
                              nil, nil, GConnectFlags(0))
        g_signal_connect_data(UnsafeMutableRawPointer(factory), "bind", unsafeBitCast(bind, to: GCallback.self),
                              nil, nil, GConnectFlags(0))
        return factory
    }

    private static func setUp(_ item: OpaquePointer?) {
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_widget_add_css_class(row, "weft-peer-row")
        gtk_widget_set_margin_top(row, 12)
        gtk_widget_set_margin_bottom(row, 12)
        gtk_widget_set_margin_start(row, 16)
        gtk_widget_set_margin_end(row, 16)
        // A GtkImage draws its paintable at its pixel size (a GtkPicture would
        // ask for the texture's 80 pixels).
        let avatar = gtk_image_new()!
        gtk_image_set_pixel_size(OpaquePointer(avatar), 40)
        gtk_widget_set_valign(avatar, GTK_ALIGN_START)
        gtk_widget_set_overflow(avatar, GTK_OVERFLOW_HIDDEN)
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
        gtk_widget_set_hexpand(column, 1)
        let author = gtk_label_new(nil)!
        gtk_widget_add_css_class(author, "author")
        gtk_label_set_xalign(OpaquePointer(author), 0)
        let body = gtk_label_new(nil)!
        gtk_label_set_wrap(OpaquePointer(body), 1)
        gtk_label_set_wrap_mode(OpaquePointer(body), PANGO_WRAP_WORD_CHAR)
        gtk_label_set_xalign(OpaquePointer(body), 0)
        gtk_box_append(box(column), author)
        gtk_box_append(box(column), body)
        gtk_box_append(box(row), avatar)
        gtk_box_append(box(row), column)
        let object = UnsafeMutableRawPointer(row).assumingMemoryBound(to: GObject.self)
        g_object_set_data(object, authorKey, UnsafeMutableRawPointer(author))
        g_object_set_data(object, bodyKey, UnsafeMutableRawPointer(body))
        g_object_set_data(object, avatarKey, UnsafeMutableRawPointer(avatar))
        gtk_list_item_set_child(item, row)
    }

    private static func box(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkBox> {
        UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkBox.self)
    }

    private static func bind(_ item: OpaquePointer?) {
        guard let row = gtk_list_item_get_child(item), let object = gtk_list_item_get_item(item),
              let id = Int(String(cString: gtk_string_object_get_string(OpaquePointer(object))))
        else { preconditionFailure("a feed row bound without its widgets or its post") }
        let widgets = UnsafeMutableRawPointer(row).assumingMemoryBound(to: GObject.self)
        gtk_label_set_text(OpaquePointer(g_object_get_data(widgets, authorKey)), PostContent.author(for: id))
        gtk_label_set_text(OpaquePointer(g_object_get_data(widgets, bodyKey)), PostContent.body(for: id, version: 0))
        gtk_image_set_from_paintable(OpaquePointer(g_object_get_data(widgets, avatarKey)), avatars[id % avatars.count])
    }
}

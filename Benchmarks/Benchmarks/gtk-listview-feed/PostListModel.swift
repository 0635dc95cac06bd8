import CGtkPeer

/// The feed as a `GListModel` that makes its row objects on demand: item `i` is
/// a new `GtkStringObject` holding `i`, made when GtkListView asks for it and
/// freed when it lets go, so a million posts cost no million objects (a
/// `GListStore` of them would). The post's author and text follow from the
/// index when the row is bound, as weft-gallery's cells make theirs.
///
/// GObject types and interfaces are registered at run time; no C macro is
/// needed for a type with no instance fields of its own (the count is the
/// object's data).
@MainActor
enum PostListModel {
    private nonisolated static let countKey = "weft-peer-count"

    /// The registered type, made on first use.
    private static let type: GType = {
        let type = g_type_register_static_simple(
            g_object_get_type(), "WeftPeerPostList", guint(MemoryLayout<GObjectClass>.size), nil,
            guint(MemoryLayout<GObject>.size), nil, GTypeFlags(0))
        var interface = GInterfaceInfo(
            interface_init: { interface, _ in
                let model = interface!.assumingMemoryBound(to: GListModelInterface.self)
                model.pointee.get_item_type = { _ in gtk_string_object_get_type() }
                model.pointee.get_n_items = { list in PostListModel.count(of: list) }
                model.pointee.get_item = { list, position in
                    guard position < PostListModel.count(of: list) else { return nil }
                    return UnsafeMutableRawPointer(gtk_string_object_new(String(position)))
                }
            },
            interface_finalize: nil, interface_data: nil)
        g_type_add_interface_static(type, g_list_model_get_type(), &interface)
        return type
    }()

    /// A new model of `count` posts (a full reference, the caller's).
    static func make(count: Int) -> OpaquePointer {
        let object = g_object_new_with_properties(type, 0, nil, nil)!
        g_object_set_data(object, countKey, UnsafeMutableRawPointer(bitPattern: UInt(count) + 1))
        return OpaquePointer(object)
    }

    private nonisolated static func count(of list: OpaquePointer?) -> guint {
        // Stored plus one, so that an empty feed is not a null pointer.
        let stored = UInt(bitPattern: g_object_get_data(UnsafeMutablePointer(list), countKey))
        return guint(stored - 1)
    }
}

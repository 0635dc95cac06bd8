import CGtk4
import CWeftGTK
import Foundation

/// A visible item's widget for assistive technologies and keyboard focus
/// (`WeftItem`: role LIST_ITEM, draws nothing), and what it last told them,
/// so that an unchanged item sends nothing when the view mounts again.
@MainActor
final class _ItemAccessible {
    /// What an item tells assistive technologies.
    struct Properties: Equatable {
        var label: String?
        var description: String?
        var position: Int
        var setSize: Int
        var isSelected: Bool
        var isDisabled: Bool
    }

    /// The widget, a child of the view's canvas while the item shows.
    let widget: UnsafeMutablePointer<GtkWidget>
    /// The element whose item it is.
    let element: ObjectIdentifier
    /// Where the item shows, in the canvas's coordinates: the widget's allocation.
    var frame: CGRect = .zero
    private var told: Properties?

    /// A new widget for `element`'s item, with the view's own reference.
    init(element: ObjectIdentifier) {
        self.element = element
        widget = weft_item_new()
        g_object_ref_sink(UnsafeMutableRawPointer(widget))
    }

    /// Tells assistive technologies what changed since the last call.
    func update(_ properties: Properties) {
        guard properties != told else { return }
        told = properties
        weft_item_update(
            widget, properties.label, properties.description, Int32(clamping: properties.position),
            Int32(clamping: properties.setSize), properties.isSelected ? 1 : 0, properties.isDisabled ? 1 : 0)
    }

    /// Takes the widget out of the canvas and drops the view's reference.
    func remove() {
        if gtk_widget_get_parent(widget) != nil { gtk_widget_unparent(widget) }
        g_object_unref(UnsafeMutableRawPointer(widget))
    }
}

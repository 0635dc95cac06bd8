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
    /// The value the told description was made with.
    private var toldValue: String?
    /// The links in the item's text: a child widget each (role LINK), with its
    /// label and where it shows in the item.
    private(set) var links: [(widget: UnsafeMutablePointer<GtkWidget>, label: String, frame: CGRect)] = []

    /// A new widget for `element`'s item, with the view's own reference.
    init(element: ObjectIdentifier) {
        self.element = element
        widget = weft_item_new()
        g_object_ref_sink(UnsafeMutableRawPointer(widget))
    }

    /// Whether the widget has told assistive technologies anything yet.
    var isNew: Bool { told == nil }

    /// Tells assistive technologies what changed since the last call. The
    /// label is asked for only when `refreshingLabel` or the widget is new (a
    /// cell's label changes with its contents, which the view hears of); the
    /// description is made only when the value or the position changed.
    ///
    /// GTK 4.8 does not export the position relations to AT-SPI (newer GTKs
    /// do), so a screen reader would count only the visible children: the
    /// description says where the item is among them all, after its value.
    func update(
        label: () -> String?, links: () -> [(label: String, frame: CGRect)], refreshingLabel: Bool, value: String?,
        position: Int, setSize: Int, isSelected: Bool, isDisabled: Bool
    ) {
        if refreshingLabel || isNew { updateLinks(links()) }
        let description: String?
        if let told, told.position == position, told.setSize == setSize, value == toldValue {
            description = told.description
        } else {
            let place = "item \(Self.grouped(position)) of \(Self.groupedSetSize(setSize))"
            description = value.map { "\($0), \(place)" } ?? place
        }
        toldValue = value
        update(Properties(
            label: refreshingLabel || isNew ? label() : told?.label, description: description, position: position,
            setSize: setSize, isSelected: isSelected, isDisabled: isDisabled))
    }

    /// `number` with the C library's thousands separator for the locale GTK
    /// set (`setlocale(LC_ALL, "")` in `gtk_init`): "1,000,000" in English,
    /// "1.000.000" in German, "1000000" in the C locale. Not Foundation's
    /// formatter, whose ICU data would cost the process 4 MiB of resident
    /// memory for one phrase.
    static func grouped(_ number: Int) -> String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
            String(cString: weft_format_grouped(number, buffer.baseAddress!, buffer.count))
        }
    }

    /// The last set size written out, and how: the items told one after the
    /// other, usually of one list, share it. Written in the locale GTK set at
    /// its start, as ``grouped(_:)`` writes.
    private static var lastSetSize: (size: Int, text: String) = (0, "0")

    /// ``grouped(_:)`` of the set size, written out once while it stays the same.
    private static func groupedSetSize(_ size: Int) -> String {
        if lastSetSize.size != size { lastSetSize = (size, grouped(size)) }
        return lastSetSize.text
    }

    private func update(_ properties: Properties) {
        guard properties != told else { return }
        told = properties
        weft_item_update(
            widget, properties.label, properties.description, Int32(clamping: properties.position),
            Int32(clamping: properties.setSize), properties.isSelected ? 1 : 0, properties.isDisabled ? 1 : 0)
    }

    /// Makes the link widgets match `shown`: one per link, in order, labelled.
    ///
    /// - Complexity: O(*k*) for *k* links.
    private func updateLinks(_ shown: [(label: String, frame: CGRect)]) {
        while links.count > shown.count { gtk_widget_unparent(links.removeLast().widget) }
        for (index, link) in shown.enumerated() {
            if index == links.count {
                let widget = weft_link_new()!
                gtk_widget_set_parent(widget, self.widget)
                links.append((widget, "", .zero))
            }
            if links[index].label != link.label { weft_widget_set_accessible_label(links[index].widget, link.label) }
            links[index].label = link.label
            links[index].frame = link.frame
        }
    }

    /// Takes the widget out of the canvas and drops the view's reference.
    func remove() {
        for link in links { gtk_widget_unparent(link.widget) }
        links = []
        if gtk_widget_get_parent(widget) != nil { gtk_widget_unparent(widget) }
        g_object_unref(UnsafeMutableRawPointer(widget))
    }
}

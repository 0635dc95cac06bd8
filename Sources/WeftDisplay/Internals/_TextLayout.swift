import CPangoCairo
import Foundation
import WeftCore

/// Text shaped and broken into lines by Pango for one width: made when a text
/// node measures (on the thread that measures), kept by the node, and drawn by
/// its drawing when the node's bounds give the same lines.
///
/// A `PangoLayout` is one-thread-at-a-time: every use holds `lock`, so a
/// drawing on a display thread and a measurement elsewhere never touch it at
/// once.
// @unchecked: `layout` is used only with `lock` held; the rest are `let`s.
final class _TextLayout: @unchecked Sendable {
    /// The width the lines were broken at, in points (`.infinity`: no limit).
    let width: Double
    /// The size of the laid-out text, in points, rounded up.
    let size: CGSize
    let text: AttributedText
    let maximumNumberOfLines: Int
    let truncationMode: TruncationMode
    private let layout: OpaquePointer
    private let lock = PosixMutex(())

    /// Shapes `text` for `width` on the calling thread.
    ///
    /// - Complexity: Pango's: O(*c*) for *c* characters, about 130–220 µs for a
    ///   10-line paragraph on the project's machines.
    init(text: AttributedText, width: Double, maximumNumberOfLines: Int, truncationMode: TruncationMode) {
        self.text = text
        self.width = width
        self.maximumNumberOfLines = maximumNumberOfLines
        self.truncationMode = truncationMode
        layout = pango_layout_new(_PangoContext.current)
        let string = text.string
        pango_layout_set_text(layout, string, Int32(string.utf8.count))
        let attributes = Self.attributes(of: text)
        pango_layout_set_attributes(layout, attributes)
        pango_attr_list_unref(attributes)
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        switch text.alignment {
        case .left: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        }
        if width.isFinite {
            pango_layout_set_width(layout, Int32(clamping: Int((width * Double(PANGO_SCALE)).rounded(.down))))
        }
        if maximumNumberOfLines > 0 {
            // A negative height limits the paragraph to that many lines, the
            // last one ellipsized where the mode says.
            pango_layout_set_height(layout, -Int32(clamping: maximumNumberOfLines))
            switch truncationMode {
            case .end: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
            case .middle: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_MIDDLE)
            case .start: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_START)
            }
        }
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let scale = Double(PANGO_SCALE)
        size = CGSize(width: (Double(logical.width) / scale).rounded(.up),
                      height: (Double(logical.height) / scale).rounded(.up))
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(layout))
    }

    /// Whether drawing into bounds `boundsWidth` wide gives the same picture as
    /// this layout: the same width, or, for left-aligned text, any width from
    /// the longest line to the width the lines were broken at.
    func fits(boundsWidth: Double, text: AttributedText, maximumNumberOfLines: Int, truncationMode: TruncationMode) -> Bool {
        guard text == self.text, maximumNumberOfLines == self.maximumNumberOfLines,
            truncationMode == self.truncationMode
        else { return false }
        if boundsWidth == width { return true }
        return text.alignment == .left && boundsWidth >= size.width && boundsWidth <= width
    }

    /// Draws the text with its top-left corner at the context's origin.
    func draw(in cairo: OpaquePointer) {
        lock.withLock { _ in pango_cairo_show_layout(cairo, layout) }
    }

    /// The line count; for tests and truncation checks.
    var lineCount: Int {
        lock.withLock { _ in Int(pango_layout_get_line_count(layout)) }
    }

    /// Whether Pango cut the text to fit the line limit.
    var isTruncated: Bool {
        lock.withLock { _ in pango_layout_is_ellipsized(layout) != 0 }
    }

    /// The Pango attribute list of `text`'s runs, by UTF-8 byte ranges.
    private static func attributes(of text: AttributedText) -> OpaquePointer {
        let list = pango_attr_list_new()!
        var start = 0
        for run in text.runs {
            let end = start + run.string.utf8.count
            defer { start = end }
            guard end > start else { continue }
            let attributes = run.attributes
            Fonts.checkFamily(attributes.fontFamily)
            let font = pango_font_description_new()
            pango_font_description_set_family(font, attributes.fontFamily)
            pango_font_description_set_absolute_size(font, attributes.fontSize * Double(PANGO_SCALE))
            pango_font_description_set_weight(font, PangoWeight(UInt32(attributes.fontWeight.rawValue)))
            let color = attributes.color
            func channel(_ value: Double) -> UInt16 { UInt16((value * 65_535).rounded()) }
            for attribute in [
                pango_attr_font_desc_new(font),
                pango_attr_foreground_new(channel(color.red), channel(color.green), channel(color.blue)),
                pango_attr_foreground_alpha_new(channel(color.alpha)),
            ] {
                guard let attribute else { continue }
                attribute.pointee.start_index = UInt32(start)
                attribute.pointee.end_index = UInt32(end)
                pango_attr_list_insert(list, attribute)
            }
            pango_font_description_free(font)
        }
        return list
    }
}

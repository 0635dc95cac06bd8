import CPangoCairo
import Foundation
import WeftCore
import WeftNode

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
    /// Why the text cannot be drawn as asked: a font size beyond the cap, or
    /// text Pango did not lay out; `nil` when it can.
    let failure: DrawingError?
    /// Whether Pango laid out less than the whole text (not by a line limit).
    private let droppedText: Bool
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
        let string = Self.shapeable(text.string)
        let byteCount = string.utf8.count
        pango_layout_set_text(layout, string, Int32(clamping: byteCount))
        let (attributes, largestSize) = Self.attributes(of: text)
        pango_layout_set_attributes(layout, attributes)
        pango_attr_list_unref(attributes)
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        switch text.alignment {
        case .left: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        }
        // A width Pango's 32-bit units cannot hold (past about 2 million points) is no limit.
        let units = (width * Double(PANGO_SCALE)).rounded(.down)
        if units.isFinite, units < Double(Int32.max) {
            pango_layout_set_width(layout, Int32(max(units, 0)))
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
        let laidOut = Self.laidOutByteCount(of: layout)
        // Pango lays out less than the text when a line limit cuts it (that is
        // truncation, asked for), and, past about 290,000 characters in one
        // paragraph, shapes none of it: one empty line. Either way what shows
        // is not the text.
        droppedText = pango_layout_is_ellipsized(layout) == 0
            && (laidOut < byteCount || logical.width == 0 && string.unicodeScalars.contains { !$0.properties.isWhitespace })
        if largestSize > TextAttributes.maximumFontSize {
            failure = DrawingError(
                "a font size of \(largestSize) pt is beyond the largest Weft shapes, \(TextAttributes.maximumFontSize) pt")
        } else if droppedText {
            failure = DrawingError(
                "Pango laid out \(laidOut) of the text's \(byteCount) UTF-8 bytes, \(logical.width / PANGO_SCALE) pt wide")
        } else {
            failure = nil
        }
    }

    /// Where the last line Pango laid out ends, in UTF-8 bytes of the text.
    private static func laidOutByteCount(of layout: OpaquePointer) -> Int {
        let count = pango_layout_get_line_count(layout)
        guard count > 0, let line = pango_layout_get_line_readonly(layout, count - 1) else { return 0 }
        return Int(line.pointee.start_index) + Int(line.pointee.length)
    }

    /// `string` as Pango takes it: a NUL (which GLib's UTF-8 check treats as the
    /// end of the text, dropping the rest) shows as U+2400 SYMBOL FOR NULL.
    /// Applied to the whole text and to each run alike, so the runs' byte
    /// ranges stay in step.
    static func shapeable(_ string: String) -> String {
        string.utf8.contains(0) ? string.replacingOccurrences(of: "\u{0}", with: "\u{2400}") : string
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

    /// Whether the text shows cut: Pango cut it to fit the line limit, or laid
    /// out less than all of it.
    var isTruncated: Bool {
        droppedText || lock.withLock { _ in pango_layout_is_ellipsized(layout) != 0 }
    }

    /// The Pango attribute list of `text`'s runs, by UTF-8 byte ranges of the
    /// shapeable text, and the largest font size asked for (sizes are shaped at
    /// most at ``TextAttributes/maximumFontSize``).
    private static func attributes(of text: AttributedText) -> (OpaquePointer, largestSize: Double) {
        let list = pango_attr_list_new()!
        var start = 0
        var largest = 0.0
        for run in text.runs {
            let end = start + shapeable(run.string).utf8.count
            defer { start = end }
            guard end > start else { continue }
            let attributes = run.attributes
            Fonts.checkFamily(attributes.fontFamily)
            let font = pango_font_description_new()
            pango_font_description_set_family(font, attributes.fontFamily)
            largest = max(largest, attributes.fontSize)
            let size = min(attributes.fontSize, TextAttributes.maximumFontSize)
            pango_font_description_set_absolute_size(font, size * Double(PANGO_SCALE))
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
        return (list, largest)
    }
}

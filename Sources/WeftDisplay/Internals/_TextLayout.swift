import CPangoCairo
import Foundation
import WeftCore
import WeftNode

/// Text shaped and broken into lines by Pango for one width: made when a text
/// node measures (on the thread that measures), kept by the node, and drawn by
/// its drawing when the node's bounds give the same lines.
///
/// Each paragraph is a `PangoLayout` of its own, stacked top to bottom. One
/// layout for the whole text cost time growing with the square of its
/// paragraphs (Pango 1.50 counts the characters before each paragraph from the
/// start of the text: 16,000 lines took 9 s), and its 32-bit heights wrapped
/// past about 2 million points. Heights here are summed in `Double`s.
///
/// A `PangoLayout` is one-thread-at-a-time: every use after `init` holds
/// `lock`, so a drawing on a display thread and a measurement elsewhere never
/// touch one at once.
// @unchecked: the layouts are used only with `lock` held; the rest are `let`s.
final class _TextLayout: @unchecked Sendable {
    /// One paragraph's layout and where its top sits, in points.
    private struct Paragraph {
        let layout: OpaquePointer
        let top: Double
        let height: Double
    }

    /// The width the lines were broken at, in points (`.infinity`: no limit).
    let width: Double
    /// The size of the laid-out text, in points, rounded up.
    let size: CGSize
    let text: AttributedText
    let maximumNumberOfLines: Int
    let truncationMode: TruncationMode
    /// How the node's traits resolved the runs' colours when it was shaped.
    let traits: _TextTraits
    /// Why the text cannot be drawn as asked: a font size beyond the cap, or
    /// text Pango did not lay out; `nil` when it can.
    let failure: DrawingError?
    /// The lines shown, over every paragraph.
    let lineCount: Int
    /// Whether the text shows cut: by the line limit, or because Pango laid out
    /// less than all of it.
    let isTruncated: Bool
    private let paragraphs: [Paragraph]
    private let lock = PosixMutex(())

    /// Shapes `text` for `width` on the calling thread.
    ///
    /// - Complexity: Pango's: O(*c*) for *c* characters, about 130–220 µs for a
    ///   10-line paragraph on the project's machines. With a line limit, the
    ///   paragraphs after the last line shown are not shaped.
    init(text: AttributedText, width: Double, maximumNumberOfLines: Int, truncationMode: TruncationMode,
         traits: _TextTraits) {
        self.text = text
        self.traits = traits
        self.width = width
        self.maximumNumberOfLines = maximumNumberOfLines
        self.truncationMode = truncationMode
        var string = Self.shapeable(text.string)
        let runs = _TextRuns(text, traits: traits)
        // A width Pango's 32-bit units cannot hold (past about 2 million points) is no limit.
        let units = (width * Double(PANGO_SCALE)).rounded(.down)
        let widthUnits: Int32? = units.isFinite && units < Double(Int32.max) ? Int32(max(units, 0)) : nil
        var made: [Paragraph] = []
        var lines = 0, widest: Int32 = 0, top = 0.0
        var cut = false, dropped = (laid: 0, of: 0)
        string.withUTF8 { bytes in
            let ranges = Self.paragraphRanges(of: bytes)
            for (index, range) in ranges.enumerated() {
                let remaining = maximumNumberOfLines > 0 ? maximumNumberOfLines - lines : Int.max
                let layout = pango_layout_new(_PangoContext.current)!
                Self.setText(of: layout, bytes[range], runs: runs, start: range.lowerBound, ellipsis: false)
                Self.configure(layout, alignment: text.alignment, width: widthUnits)
                if maximumNumberOfLines > 0 {
                    Self.limit(layout, to: remaining, mode: truncationMode)
                }
                var count = Int(pango_layout_get_line_count(layout))
                if maximumNumberOfLines > 0, count >= remaining, index < ranges.count - 1 {
                    // The line limit ends in this paragraph and later ones are
                    // cut: its last line shows that it goes on.
                    cut = true
                    if pango_layout_is_ellipsized(layout) == 0 {
                        Self.setText(of: layout, bytes[range], runs: runs, start: range.lowerBound, ellipsis: true)
                        count = Int(pango_layout_get_line_count(layout))
                    }
                }
                let shown = Self.laidOutByteCount(of: layout)
                var logical = PangoRectangle()
                pango_layout_get_extents(layout, nil, &logical)
                if pango_layout_is_ellipsized(layout) != 0 {
                    cut = true
                } else if shown < range.count
                    || logical.width == 0 && !Self.isBlank(bytes[range]) {
                    // Past about 290,000 characters in one paragraph Pango
                    // shapes none of it: one empty line.
                    dropped.laid += shown
                    dropped.of += range.count
                }
                let height = Self.height(of: layout, extents: logical, lines: count, largestSize: runs.largestSize)
                made.append(Paragraph(layout: layout, top: top, height: height))
                top += height
                lines += count
                widest = max(widest, logical.width)
                if cut { break }
            }
        }
        if made.count > 1, widthUnits == nil {
            // Unbounded lines align within the widest one, as one layout would
            // align them: every paragraph takes its width.
            for paragraph in made { pango_layout_set_width(paragraph.layout, widest) }
        }
        paragraphs = made
        lineCount = lines
        let scale = Double(PANGO_SCALE)
        size = CGSize(width: (Double(widest) / scale).rounded(.up), height: top.rounded(.up))
        isTruncated = cut || dropped.of > 0
        if runs.largestSize > TextAttributes.maximumFontSize {
            failure = DrawingError(
                "a font size of \(runs.largestSize) pt is beyond the largest Weft shapes, \(TextAttributes.maximumFontSize) pt")
        } else if dropped.of > 0 {
            failure = DrawingError(
                "Pango laid out \(dropped.laid) of a paragraph's \(dropped.of) UTF-8 bytes")
        } else {
            failure = nil
        }
    }

    deinit {
        for paragraph in paragraphs { g_object_unref(UnsafeMutableRawPointer(paragraph.layout)) }
    }

    /// `string` as Pango takes it: a NUL (which GLib's UTF-8 check treats as the
    /// end of the text, dropping the rest) shows as U+2400 SYMBOL FOR NULL.
    /// Applied to the whole text and to each run alike, so the runs' byte
    /// ranges stay in step.
    static func shapeable(_ string: String) -> String {
        string.utf8.contains(0) ? string.replacingOccurrences(of: "\u{0}", with: "\u{2400}") : string
    }

    /// Whether drawing into bounds `boundsWidth` wide gives the same picture as
    /// this layout: the same width, or, for left-aligned text, any width from
    /// the longest line to the width the lines were broken at.
    func fits(boundsWidth: Double, text: AttributedText, maximumNumberOfLines: Int, truncationMode: TruncationMode,
              traits: _TextTraits) -> Bool {
        guard text == self.text, maximumNumberOfLines == self.maximumNumberOfLines,
            truncationMode == self.truncationMode, traits == self.traits
        else { return false }
        if boundsWidth == width { return true }
        return text.alignment == .left && boundsWidth >= size.width && boundsWidth <= width
    }

    /// Draws the text with its top-left corner at the context's origin: the
    /// paragraphs that meet the context's clip.
    ///
    /// - Complexity: O(*p*) for *p* paragraphs, plus Pango's drawing of those
    ///   in the clip.
    func draw(in cairo: OpaquePointer) {
        var (x0, y0, x1, y1) = (0.0, 0.0, 0.0, 0.0)
        cairo_clip_extents(cairo, &x0, &y0, &x1, &y1)
        lock.withLock { _ in
            for paragraph in paragraphs where paragraph.top < y1 && paragraph.top + paragraph.height > y0 {
                cairo_move_to(cairo, 0, paragraph.top)
                pango_cairo_show_layout(cairo, paragraph.layout)
            }
        }
    }
}

extension _TextLayout {
    /// The byte ranges of `bytes`' paragraphs, without their separators: Pango's
    /// paragraph separators, LF, CR, CR LF and U+2029. Text ending in a
    /// separator ends in an empty paragraph, as Pango shows it.
    ///
    /// - Complexity: O(*b*) for *b* bytes.
    fileprivate static func paragraphRanges(of bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0, index = 0
        while index < bytes.count {
            let byte = bytes[index]
            var separator = 0
            if byte == 0x0A {
                separator = 1
            } else if byte == 0x0D {
                separator = index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
            } else if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA9 {
                separator = 3
            }
            if separator > 0 {
                ranges.append(start ..< index)
                index += separator
                start = index
            } else {
                index += 1
            }
        }
        ranges.append(start ..< bytes.count)
        return ranges
    }

    /// Gives `layout` the paragraph `bytes` (at `start` in the whole text) and
    /// its runs' attributes; with `ellipsis`, followed by "…" in the last run's
    /// attributes, to show that the paragraphs after it are cut.
    fileprivate static func setText(
        of layout: OpaquePointer, _ bytes: Slice<UnsafeBufferPointer<UInt8>>, runs: _TextRuns, start: Int,
        ellipsis: Bool
    ) {
        let attributes = runs.attributes(from: start, to: start + bytes.count, extendedBy: ellipsis ? 3 : 0)
        if ellipsis {
            var text = Array(bytes)
            text.append(contentsOf: [0xE2, 0x80, 0xA6])
            text.withUnsafeBufferPointer { setText(of: layout, $0.baseAddress, count: $0.count) }
        } else {
            setText(of: layout, bytes.base.baseAddress.map { $0 + bytes.startIndex }, count: bytes.count)
        }
        if bytes.isEmpty, let font = runs.font(at: start) {
            // An empty line is as tall as the font of where it is.
            pango_layout_set_font_description(layout, font)
        }
        pango_layout_set_attributes(layout, attributes)
        pango_attr_list_unref(attributes)
    }

    private static func setText(of layout: OpaquePointer, _ pointer: UnsafePointer<UInt8>?, count: Int) {
        guard let pointer, count > 0 else { return pango_layout_set_text(layout, "", 0) }
        pointer.withMemoryRebound(to: CChar.self, capacity: count) {
            pango_layout_set_text(layout, $0, Int32(clamping: count))
        }
    }

    fileprivate static func configure(_ layout: OpaquePointer, alignment: TextAlignment, width: Int32?) {
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        switch alignment {
        case .left: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        }
        if let width { pango_layout_set_width(layout, width) }
    }

    /// At most `lines` lines, the last one ellipsized where `mode` says.
    fileprivate static func limit(_ layout: OpaquePointer, to lines: Int, mode: TruncationMode) {
        // A negative height limits the paragraph to that many lines.
        pango_layout_set_height(layout, -Int32(clamping: lines))
        switch mode {
        case .end: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        case .middle: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_MIDDLE)
        case .start: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_START)
        }
    }

    /// Where the last line Pango laid out ends, in UTF-8 bytes of the paragraph.
    fileprivate static func laidOutByteCount(of layout: OpaquePointer) -> Int {
        let count = pango_layout_get_line_count(layout)
        guard count > 0, let line = pango_layout_get_line_readonly(layout, count - 1) else { return 0 }
        return Int(line.pointee.start_index) + Int(line.pointee.length)
    }

    fileprivate static func isBlank(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        String(decoding: bytes, as: UTF8.self).unicodeScalars.allSatisfy(\.properties.isWhitespace)
    }

    /// The paragraph's height in points. Pango sums its lines' heights in 32-bit
    /// units, which wrap past 2^31 (about 2.1 million points); where the lines
    /// could come near that, they are summed here in `Double`s.
    ///
    /// - Complexity: O(1), or O(*l*) for *l* lines that could overflow Pango's sum.
    fileprivate static func height(of layout: OpaquePointer, extents: PangoRectangle, lines: Int, largestSize: Double) -> Double {
        let scale = Double(PANGO_SCALE)
        // A line is at most a few times its largest font size tall.
        let bound = Double(lines) * 4 * max(largestSize, 1) * scale
        guard extents.height < 0 || bound >= Double(Int32.max) / 2 else { return Double(extents.height) / scale }
        var height = 0.0
        var node = pango_layout_get_lines_readonly(layout)
        while let current = node {
            var logical = PangoRectangle()
            let line = current.pointee.data.assumingMemoryBound(to: PangoLayoutLine.self)
            pango_layout_line_get_extents(line, nil, &logical)
            height += Double(logical.height) / scale
            node = current.pointee.next
        }
        return height
    }
}

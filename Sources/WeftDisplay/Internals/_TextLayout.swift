import CPangoCairo
import Dispatch
import WeftCore
import WeftNode

/// Text shaped and broken into lines by Pango for one width: made when a text
/// node measures (on the thread that measures), kept by the node, and drawn by
/// its drawing when the node's bounds give the same lines.
///
/// Each paragraph is a `PangoLayout` of its own, stacked top to bottom with
/// the paragraph style's spacing between them. One layout for the whole text
/// cost time growing with the square of its paragraphs (Pango 1.50 counts the
/// characters before each paragraph from the start of the text: 16,000 lines
/// took 9 s), and its 32-bit heights wrapped past about 2 million points.
/// Heights here are summed in `Double`s.
///
/// Under a line limit only what can show is shaped: the paragraphs after the
/// last line shown are not looked at, and a long paragraph is shaped by
/// prefixes growing fourfold until one breaks into more lines than are left
/// (``_TextLayout/prefixLength(remainingLines:)``), so a 10 MB string under a
/// limit of 6 lines costs what its first few hundred characters cost.
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
        /// Where the paragraph starts in the shapeable text, in UTF-8 bytes.
        let start: Int
        /// Where the truncation tail starts in the layout's text; `nil` without one.
        let tailStart: Int?
        /// The paragraph's length in the shapeable text (a "…" Weft appends is past it).
        let length: Int
    }

    /// A link's bytes in the shapeable text and in the text as given (the two
    /// differ where a NUL became U+2400).
    struct LinkSpan: Hashable {
        let start: Int, end: Int
        let value: String
        let utf8: Range<Int>
    }

    /// What a point of the text is over.
    enum Hit: Hashable {
        /// The link ``links``[index].
        case link(Int)
        /// The truncation token or message.
        case truncationTail
    }

    /// The width the lines were broken at, in points (`.infinity`: no limit).
    let width: Double
    /// The size of the laid-out text, in points, rounded up.
    let size: CGSize
    /// What it was shaped from.
    let request: _TextRequest
    var text: AttributedText { request.text }
    /// How the node's traits resolved the runs' colours when it was shaped.
    var traits: _TextTraits { request.traits }
    /// Why the text cannot be drawn as asked: a font size beyond the cap, or
    /// text Pango did not lay out; `nil` when it can.
    let failure: DrawingError?
    /// The lines shown, over every paragraph.
    let lineCount: Int
    /// Whether the text shows cut: by the line limit, or because Pango laid out
    /// less than all of it.
    let isTruncated: Bool
    /// Whether every line starts at the left edge, so that drawing in wider
    /// bounds than the text's own width gives the same picture.
    private let placesLinesAtLeft: Bool
    /// The largest font size of the runs and the tail, in points (scaled).
    let largestFontSize: Double
    /// The text's links, in order; empty for text without any.
    let links: [LinkSpan]
    private let paragraphs: [Paragraph]
    private let lock = PosixMutex(())

    /// Shapes `text` for `width` on the calling thread.
    ///
    /// - Complexity: Pango's: O(*c*) for *c* characters, about 130–220 µs for a
    ///   10-line paragraph on the project's machines (text of many paragraphs
    ///   and no line limit is shaped on every core). With a line limit, O(*s*)
    ///   for the *s* characters that can show.
    init(_ request: _TextRequest, width: Double) {
        self.request = request
        self.width = width
        let (text, traits, truncationMode) = (request.text, request.traits, request.truncationMode)
        let maximumNumberOfLines = request.maximumNumberOfLines
        var string = Self.shapeable(text.string)
        let shaper = _ParagraphShaper(request, width: width)
        var made: [Paragraph] = []
        var lines = 0, widest: Int32 = 0, top = 0.0, atLeft = true
        var cut = false, dropped = (laid: 0, of: 0)
        let style = text.paragraphStyle, scale = traits.textScale
        string.withUTF8 { bytes in
            /// Stacks a laid-out paragraph under the ones before it.
            func add(_ shaped: _ParagraphShaper.Shaped, _ range: Range<Int>) {
                let layout = shaped.layout
                var logical = PangoRectangle()
                pango_layout_get_extents(layout, nil, &logical)
                if shaped.isCut {
                    cut = true
                } else if shaped.laidOut < range.count
                    || logical.width == 0 && !Self.isBlank(bytes[range]) {
                    // Past about 290,000 characters in one paragraph Pango
                    // shapes none of it: one empty line.
                    dropped.laid += shaped.laidOut
                    dropped.of += range.count
                }
                let count = Int(pango_layout_get_line_count(layout))
                if !made.isEmpty { top += (style.paragraphSpacing + style.paragraphSpacingBefore) * scale }
                let height = Self.height(of: layout, extents: logical, lines: count,
                                         largestSize: shaper.runs.largestSize)
                made.append(Paragraph(layout: layout, top: top, height: height, start: range.lowerBound,
                                      tailStart: shaped.tailStart, length: range.count))
                top += height
                lines += count
                widest = max(widest, logical.width)
                atLeft = atLeft && shaped.placesLinesAtLeft
                if pango_layout_get_unknown_glyphs_count(layout) > 0 { Fonts.reportMissingGlyphs(in: layout) }
            }
            if maximumNumberOfLines == 0 {
                // No limit: every paragraph shows, and they are shaped apart,
                // on every core when there are many.
                var ranges: [Range<Int>] = []
                var start = 0
                while true {
                    let (range, next) = Self.paragraph(in: bytes, from: start)
                    ranges.append(range)
                    guard let next else { break }
                    start = next
                }
                for (range, shaped) in zip(ranges, Self.shape(ranges, of: bytes, with: shaper, mode: truncationMode)) {
                    add(shaped, range)
                }
                return
            }
            var start = 0
            while start <= bytes.count {
                let (range, next) = Self.paragraph(in: bytes, from: start)
                add(shaper.shape(bytes, range, remainingLines: maximumNumberOfLines - lines, isLast: next == nil,
                                 mode: truncationMode), range)
                guard !cut, let next else { break }
                start = next
            }
        }
        if made.count > 1, shaper.widthUnits == nil {
            // Unbounded lines align within the widest one, as one layout would
            // align them: every paragraph takes its width.
            for paragraph in made { pango_layout_set_width(paragraph.layout, widest) }
        }
        paragraphs = made
        links = Self.linkSpans(of: text)
        lineCount = lines
        placesLinesAtLeft = atLeft
        let pangoScale = Double(PANGO_SCALE)
        size = CGSize(width: (Double(widest) / pangoScale).rounded(.up), height: top.rounded(.up))
        isTruncated = cut || dropped.of > 0
        let largest = max(shaper.runs.largestSize, shaper.tail?.largestSize ?? 0)
        largestFontSize = largest
        if largest > TextAttributes.maximumFontSize {
            failure = DrawingError(
                "a font size of \(largest) pt is beyond the largest Weft shapes, \(TextAttributes.maximumFontSize) pt")
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
    ///
    /// - Complexity: O(*b*) for *b* bytes, a `memchr` when there is no NUL.
    static func shapeable(_ string: String) -> String {
        containsNUL(string) ? string.replacingOccurrences(of: "\u{0}", with: "\u{2400}") : string
    }

    /// The UTF-8 length of `string` as ``shapeable(_:)`` makes it, without
    /// making it: each NUL grows by two bytes.
    static func shapeableByteCount(of string: String) -> Int {
        guard containsNUL(string) else { return string.utf8.count }
        return string.utf8.reduce(0) { $0 + ($1 == 0 ? 3 : 1) }
    }

    private static func containsNUL(_ string: String) -> Bool {
        var copy = string
        return copy.withUTF8 { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
            return memchr(base, 0, bytes.count) != nil
        }
    }

    /// Whether drawing into bounds `boundsWidth` wide gives the same picture as
    /// this layout: the same width, or, for lines that all start at the left
    /// edge, any width from the longest line to the width they were broken at.
    func fits(boundsWidth: Double, request: _TextRequest) -> Bool {
        guard request == self.request else { return false }
        if boundsWidth == width { return true }
        return placesLinesAtLeft && boundsWidth >= size.width && boundsWidth <= width
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
    /// The links of `text`'s runs, adjacent runs with one value joined.
    ///
    /// - Complexity: O(*r*) for *r* runs, plus a scan for NULs of each linked one.
    private static func linkSpans(of text: AttributedText) -> [LinkSpan] {
        guard text.runs.contains(where: { $0.attributes.link != nil }) else { return [] }
        var spans: [LinkSpan] = []
        var shaped = 0, given = 0
        for run in text.runs {
            let length = run.string.utf8.count
            let shapedLength = run.attributes.link == nil ? length : shapeableByteCount(of: run.string)
            defer { shaped += shapedLength; given += length }
            guard let value = run.attributes.link, length > 0 else { continue }
            if let last = spans.last, last.value == value, last.end == shaped {
                spans[spans.count - 1] = LinkSpan(start: last.start, end: shaped + shapedLength, value: value,
                                                  utf8: last.utf8.lowerBound ..< given + length)
            } else {
                spans.append(LinkSpan(start: shaped, end: shaped + shapedLength, value: value, utf8: given ..< given + length))
            }
        }
        return spans
    }

    /// What `point` (in points, from the text's top left) is over: a link, the
    /// truncation tail, or nothing (`nil`, also between lines and past their ends).
    ///
    /// - Complexity: O(*p* + log *k*) for *p* paragraphs and *k* links.
    func hit(at point: CGPoint) -> Hit? {
        guard !links.isEmpty || paragraphs.contains(where: { $0.tailStart != nil }) else { return nil }
        let scale = Double(PANGO_SCALE)
        return lock.withLock { _ -> Hit? in
            guard let paragraph = paragraphs.first(where: { point.y >= $0.top && point.y < $0.top + $0.height })
            else { return nil }
            var index: Int32 = 0, trailing: Int32 = 0
            guard pango_layout_xy_to_index(paragraph.layout, Int32(clamping: Int((point.x * scale).rounded())),
                                           Int32(clamping: Int(((point.y - paragraph.top) * scale).rounded())),
                                           &index, &trailing) != 0
            else { return nil }
            if let tail = paragraph.tailStart, Int(index) >= tail { return .truncationTail }
            let offset = paragraph.start + Int(index)
            return links.firstIndex { $0.start <= offset && offset < $0.end }.map { .link($0) }
        }
    }

    /// Where link `index` shows, in points from the text's top left: a
    /// rectangle per line and direction run.
    ///
    /// - Complexity: O(*l*) for the *l* lines shown.
    func rects(ofLink index: Int) -> [CGRect] {
        let span = links[index], scale = Double(PANGO_SCALE)
        var rects: [CGRect] = []
        lock.withLock { _ in
            for paragraph in paragraphs {
                let shown = paragraph.tailStart ?? Int.max
                let from = max(span.start - paragraph.start, 0), to = min(span.end - paragraph.start, shown)
                guard to > from, let iterator = pango_layout_get_iter(paragraph.layout) else { continue }
                defer { pango_layout_iter_free(iterator) }
                repeat {
                    guard let line = pango_layout_iter_get_line_readonly(iterator) else { continue }
                    let start = Int(line.pointee.start_index), end = start + Int(line.pointee.length)
                    guard start < to, end > from else { continue }
                    var extents = PangoRectangle()
                    pango_layout_iter_get_line_extents(iterator, nil, &extents)
                    var ranges: UnsafeMutablePointer<Int32>?
                    var count: Int32 = 0
                    pango_layout_line_get_x_ranges(line, Int32(max(from, start)), Int32(min(to, end)), &ranges, &count)
                    for pair in 0 ..< Int(count) {
                        let left = Double(ranges![2 * pair]) / scale, right = Double(ranges![2 * pair + 1]) / scale
                        rects.append(CGRect(x: left, y: paragraph.top + Double(extents.y) / scale,
                                            width: right - left, height: Double(extents.height) / scale))
                    }
                    g_free(ranges)
                } while pango_layout_iter_next_line(iterator) != 0
            }
        }
        return rects
    }

    /// The lines shown, top to bottom: each one's frame and baseline in points
    /// from the text's top left, its bytes in the text as given (`nulBytes`:
    /// where the text's NULs are, each shaped as the three bytes of U+2400;
    /// a line Pango ellipsized stands for all of its text, hidden part too),
    /// and whether it is the cut one.
    ///
    /// - Complexity: O(*l* + *n*) for *l* lines and *n* NULs.
    func lines(nulBytes: [Int]) -> [(frame: CGRect, baseline: Double, utf8: Range<Int>, isTruncated: Bool)] {
        let scale = Double(PANGO_SCALE)
        // A shaped offset back to the text's: two bytes fewer for each NUL before it.
        func given(_ shaped: Int) -> Int {
            var offset = shaped
            for (index, nul) in nulBytes.enumerated() where nul + 2 * index < shaped {
                offset -= min(2, shaped - (nul + 2 * index) - 1)
            }
            return offset
        }
        var lines: [(frame: CGRect, baseline: Double, utf8: Range<Int>, isTruncated: Bool)] = []
        lock.withLock { _ in
            for (number, paragraph) in paragraphs.enumerated() {
                guard let iterator = pango_layout_get_iter(paragraph.layout) else { continue }
                defer { pango_layout_iter_free(iterator) }
                // The last line shown is cut when the text is: by Pango's "…", the token, or a "…" before later paragraphs.
                let ellipsized = number == paragraphs.count - 1 && isTruncated
                let count = pango_layout_get_line_count(paragraph.layout)
                var index: Int32 = 0
                repeat {
                    guard let line = pango_layout_iter_get_line_readonly(iterator) else { continue }
                    var extents = PangoRectangle()
                    pango_layout_iter_get_line_extents(iterator, nil, &extents)
                    let baseline = paragraph.top + Double(pango_layout_iter_get_baseline(iterator)) / scale
                    let start = Int(line.pointee.start_index)
                    var end = min(start + Int(line.pointee.length), paragraph.length)
                    var cut = index == count - 1 && ellipsized
                    if let tail = paragraph.tailStart, end >= tail {
                        end = tail
                        cut = true
                    }
                    lines.append((
                        CGRect(x: Double(extents.x) / scale, y: paragraph.top + Double(extents.y) / scale,
                               width: Double(extents.width) / scale, height: Double(extents.height) / scale),
                        baseline, given(paragraph.start + min(start, end)) ..< given(paragraph.start + end), cut))
                    index += 1
                } while pango_layout_iter_next_line(iterator) != 0
            }
        }
        return lines
    }

    /// The paragraphs at `ranges` laid out with no line limit: on every core
    /// when there are at least ``parallelParagraphCount`` (Pango's shaping is
    /// most of the time, and each thread has its own Pango context), else here.
    ///
    /// - Complexity: O(*c*) for *c* characters, over the machine's cores.
    private static func shape(_ ranges: [Range<Int>], of bytes: UnsafeBufferPointer<UInt8>, with shaper: _ParagraphShaper,
                              mode: TruncationMode) -> [_ParagraphShaper.Shaped] {
        let count = ranges.count
        guard count >= parallelParagraphCount else {
            return ranges.enumerated().map { index, range in
                shaper.shape(bytes, range, remainingLines: Int.max, isLast: index == count - 1, mode: mode)
            }
        }
        var shaped = [_ParagraphShaper.Shaped?](repeating: nil, count: count)
        let chunks = min(count / 64, ActiveProcessors.count * 4)
        shaped.withUnsafeMutableBufferPointer { slots in
            // Each chunk writes its own slots; the shaper's runs and the bytes
            // are only read; Pango's objects are per thread (_PangoContext).
            nonisolated(unsafe) let (slots, bytes, shaper) = (slots, bytes, shaper)
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                for index in stride(from: chunk, to: count, by: chunks) {
                    slots[index] = shaper.shape(bytes, ranges[index], remainingLines: Int.max,
                                                isLast: index == count - 1, mode: mode)
                }
            }
        }
        return shaped.map { $0! }
    }

    /// Paragraphs from which text with no line limit is shaped on every core.
    static let parallelParagraphCount = 256

    /// The byte range of the paragraph starting at `start`, without its
    /// separator (Pango's: LF, CR, CR LF and U+2029), and where the next one
    /// starts; `nil` for the last. Text ending in a separator ends in an empty
    /// paragraph, as Pango shows it.
    ///
    /// - Complexity: O(*b*) for the paragraph's *b* bytes, by `memchr`.
    fileprivate static func paragraph(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (Range<Int>, next: Int?) {
        guard let base = bytes.baseAddress, start < bytes.count else { return (start ..< bytes.count, nil) }
        func find(_ byte: UInt8, from: Int, to: Int) -> Int? {
            guard to > from, let found = memchr(base + from, Int32(byte), to - from) else { return nil }
            return UnsafeRawPointer(found) - UnsafeRawPointer(base)
        }
        // The first LF, then a CR before it, then a U+2029 (E2 80 A9) before either.
        var end = find(0x0A, from: start, to: bytes.count) ?? bytes.count
        end = find(0x0D, from: start, to: end) ?? end
        var from = start
        while let lead = find(0xE2, from: from, to: end) {
            if lead + 2 < bytes.count, bytes[lead + 1] == 0x80, bytes[lead + 2] == 0xA9 {
                end = lead
                break
            }
            from = lead + 1
        }
        guard end < bytes.count else { return (start ..< end, nil) }
        switch bytes[end] {
        case 0x0A: return (start ..< end, end + 1)
        case 0x0D: return (start ..< end, end + 1 < bytes.count && bytes[end + 1] == 0x0A ? end + 2 : end + 1)
        default: return (start ..< end, end + 3)
        }
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
        var height = Double(pango_layout_get_spacing(layout)) / scale * Double(max(lines - 1, 0))
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

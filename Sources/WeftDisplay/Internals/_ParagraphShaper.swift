import CPangoCairo
import WeftCore
import WeftNode

/// Lays out one paragraph of a text as a `PangoLayout`: its runs' attributes,
/// the paragraph style, and the line limit with its truncation, shaping only
/// what can show.
struct _ParagraphShaper {
    /// A paragraph laid out.
    struct Shaped {
        /// The layout, owned by the caller.
        let layout: OpaquePointer
        /// Whether the paragraph, or the text after it, is cut.
        let isCut: Bool
        /// Where the last line Pango laid out ends, in UTF-8 bytes of the paragraph.
        let laidOut: Int
        /// Whether every line starts at the left edge.
        let placesLinesAtLeft: Bool
        /// Where the truncation tail starts in the layout's text, in UTF-8
        /// bytes; `nil` without one.
        var tailStart: Int?
    }

    let runs: _TextRuns
    let style: ParagraphStyle
    /// The width in Pango units; `nil` for no limit (a width Pango's 32-bit
    /// units cannot hold, past about 2 million points, is none).
    let widthUnits: Int32?
    let textScale: Double
    /// The truncation token and message's runs and bytes, for end truncation;
    /// `nil` for Pango's own "…".
    let tail: _TextRuns?
    private let tailBytes: [UInt8]
    /// The bytes of the tail's default "…" that take the attributes of the
    /// text where it is cut; 0 for a token of the node's own.
    private let followingBytes: Int

    /// A paragraph longer than this many bytes, under a line limit and a
    /// width, is shaped by prefixes.
    static let prefixThreshold = 4_096

    /// A shaper of `request`'s paragraphs at `width` points; its truncation
    /// tail applies to end truncation only.
    init(_ request: _TextRequest, width: Double) {
        let traits = request.traits
        runs = _TextRuns(request.text, traits: traits)
        style = request.text.paragraphStyle
        textScale = traits.textScale
        let units = (width * Double(PANGO_SCALE)).rounded(.down)
        widthUnits = units.isFinite && units < Double(Int32.max) ? Int32(max(units, 0)) : nil
        let tailText = request.truncationMode == .end ? request.truncationTail : nil
        tail = tailText.map { _TextRuns($0, traits: traits) }
        tailBytes = tailText.map { Array(_TextLayout.shapeable($0.string).utf8) } ?? []
        followingBytes = tail != nil && request.tokenFollowsText ? "\u{2026}".utf8.count : 0
    }

    private func units(_ points: Double) -> Int32 {
        Int32((points * textScale * Double(PANGO_SCALE)).rounded())
    }

    /// Lays out the paragraph `range` of `bytes` with at most `remainingLines`
    /// lines (`Int.max`: no limit), cut as `mode` says; `isLast` tells whether
    /// paragraphs follow, whose cut the last line shown marks.
    func shape(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, remainingLines: Int, isLast: Bool,
               mode: TruncationMode) -> Shaped {
        let limited = remainingLines != Int.max
        var end = range.upperBound, overflows = false
        if limited, widthUnits != nil, range.count > Self.prefixThreshold {
            (end, overflows) = prefixEnd(bytes, range, remainingLines: remainingLines)
        }
        let text = UnsafeBufferPointer(rebasing: bytes[range.lowerBound ..< end])
        let start = range.lowerBound
        if let tail, limited {
            // The node's own token and message: Pango ellipsizes only with "…".
            let layout = makeLayout(text, start: start, cut: text.count)
            let count = Int(pango_layout_get_line_count(layout))
            guard overflows || count > remainingLines || count == remainingLines && !isLast else {
                return shaped(layout, cut: false)
            }
            let (truncated, cut) = truncate(layout, text, start: start, lastLine: min(count, remainingLines) - 1,
                                            tail: tail)
            g_object_unref(UnsafeMutableRawPointer(layout))
            var result = shaped(truncated, cut: true)
            result.tailStart = cut
            return result
        }
        let layout = makeLayout(text, start: start, cut: text.count, limit: limited ? (remainingLines, mode) : nil)
        var cut = overflows || pango_layout_is_ellipsized(layout) != 0
        if limited, !isLast, Int(pango_layout_get_line_count(layout)) >= remainingLines {
            // The line limit ends in this paragraph and later ones are cut: its
            // last line shows that the text goes on.
            if !cut {
                setText(of: layout, text, start: start, cut: text.count, mark: [0xE2, 0x80, 0xA6], markRuns: nil)
            }
            cut = true
        }
        return shaped(layout, cut: cut)
    }

    private func shaped(_ layout: OpaquePointer, cut: Bool) -> Shaped {
        Shaped(layout: layout, isCut: cut, laidOut: Self.laidOutByteCount(of: layout),
               placesLinesAtLeft: placesLinesAtLeft(layout))
    }

    /// Where a prefix of the paragraph long enough to fill `remainingLines`
    /// ends: a prefix four times longer each try, until one breaks into more
    /// lines than that; then it is cut after the first line beyond the limit,
    /// so that Pango still sees the text go on. The whole paragraph when no
    /// prefix overflows.
    ///
    /// Lines before a prefix's last are the paragraph's own: Pango breaks
    /// greedily, and only the prefix's end (a break the whole text may not
    /// have there) can move its last line's break.
    ///
    /// - Complexity: O(*s*) for the *s* bytes that can show, shaped about 1.3
    ///   times over.
    private func prefixEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
                           remainingLines: Int) -> (end: Int, overflows: Bool) {
        var length = max(1_024, min(remainingLines, 1 << 20) * 160)
        while length < range.count {
            var end = range.lowerBound + length
            while end > range.lowerBound, bytes[end] & 0xC0 == 0x80 { end -= 1 }   // a scalar's first byte
            let prefix = UnsafeBufferPointer(rebasing: bytes[range.lowerBound ..< end])
            let probe = makeLayout(prefix, start: range.lowerBound, cut: prefix.count)
            defer { g_object_unref(UnsafeMutableRawPointer(probe)) }
            if pango_layout_get_line_count(probe) > remainingLines,
                let line = pango_layout_get_line_readonly(probe, Int32(clamping: remainingLines)) {
                return (range.lowerBound + Int(line.pointee.start_index) + Int(line.pointee.length), true)
            }
            length *= 4
        }
        return (range.upperBound, false)
    }

    /// The paragraph cut within line `lastLine` of `probe` (its whole text laid
    /// out) so that the line ends in the tail: the cut first guessed where the
    /// tail's width leaves room (`pango_layout_line_x_to_index`), then moved
    /// back a character at a time, past spaces, until the tail fits on the
    /// line. A tail wider than the line follows the line's start and is cut
    /// by Pango's "…". Returns the layout and where in its text the tail starts.
    private func truncate(_ probe: OpaquePointer, _ text: UnsafeBufferPointer<UInt8>, start: Int, lastLine: Int,
                          tail: _TextRuns) -> (OpaquePointer, Int) {
        let line = pango_layout_get_line_readonly(probe, Int32(lastLine))!
        let lineStart = Int(line.pointee.start_index), lineEnd = lineStart + Int(line.pointee.length)
        // Character boundaries on the line, and whether the character before each is a space.
        var boundaries = [lineStart], spaceBefore = [false]
        var offset = lineStart
        for character in String(decoding: UnsafeBufferPointer(rebasing: text[lineStart ..< lineEnd]), as: UTF8.self) {
            offset += character.utf8.count
            boundaries.append(offset)
            spaceBefore.append(character.isWhitespace)
        }
        var candidate = boundaries.count - 1
        if let guess = guessCut(line, lastLine: lastLine, lineEnd: lineEnd) {
            while candidate > 0, boundaries[candidate] > guess { candidate -= 1 }
        }
        while candidate > 0 {
            while candidate > 0, spaceBefore[candidate] { candidate -= 1 }
            guard candidate > 0 else { break }
            let layout = makeLayout(text, start: start, cut: boundaries[candidate], tail: tail)
            if pango_layout_get_line_count(layout) <= lastLine + 1 { return (layout, boundaries[candidate]) }
            g_object_unref(UnsafeMutableRawPointer(layout))
            candidate -= 1
        }
        return (makeLayout(text, start: start, cut: lineStart, tail: tail, limit: (lastLine + 1, .end)), lineStart)
    }

    /// The byte where the tail's width leaves the rest of `line` room, or
    /// `nil` when the whole line does.
    private func guessCut(_ line: UnsafeMutablePointer<PangoLayoutLine>, lastLine: Int, lineEnd: Int) -> Int? {
        guard let widthUnits, let tail else { return nil }
        let measure = makeLayout(UnsafeBufferPointer(start: nil, count: 0), start: 0, cut: 0, tail: tail,
                                 unbounded: true)
        var tailExtents = PangoRectangle(), lineExtents = PangoRectangle()
        pango_layout_get_extents(measure, nil, &tailExtents)
        g_object_unref(UnsafeMutableRawPointer(measure))
        pango_layout_line_get_extents(line, nil, &lineExtents)
        let indent = units(style.firstLineHeadIndent)
        let indented = lastLine == 0 ? max(indent, 0) : max(-indent, 0)
        let room = widthUnits - indented - tailExtents.width
        let rightToLeft = pango_layout_line_get_resolved_direction(line) == PANGO_DIRECTION_RTL
        if room >= lineExtents.width { return nil }
        let x = rightToLeft ? lineExtents.width - room : room
        var index: Int32 = 0, trailing: Int32 = 0
        pango_layout_line_x_to_index(line, max(x, 0), &index, &trailing)
        return min(Int(index), lineEnd)
    }

    /// A layout of `text`'s first `cut` bytes (at `start` in the whole text)
    /// and the tail after them, set in the paragraph style; `unbounded` for
    /// one long line whatever the width.
    private func makeLayout(_ text: UnsafeBufferPointer<UInt8>, start: Int, cut: Int, tail: _TextRuns? = nil,
                            limit: (lines: Int, mode: TruncationMode)? = nil, unbounded: Bool = false) -> OpaquePointer {
        let layout = pango_layout_new(_PangoContext.current)!
        setText(of: layout, text, start: start, cut: cut, mark: tail == nil ? [] : tailBytes, markRuns: tail)
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        if !unbounded, let widthUnits { pango_layout_set_width(layout, widthUnits) }
        if style.alignment == .justified { pango_layout_set_justify(layout, 1) }
        if style.lineSpacing > 0 { pango_layout_set_spacing(layout, units(style.lineSpacing)) }
        if style.firstLineHeadIndent != 0 { pango_layout_set_indent(layout, units(style.firstLineHeadIndent)) }
        if let limit {
            // A negative height limits the paragraph to that many lines.
            pango_layout_set_height(layout, -Int32(clamping: limit.lines))
            switch limit.mode {
            case .end: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
            case .middle: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_MIDDLE)
            case .start: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_START)
            }
        }
        align(layout)
        return layout
    }

    /// Sets the alignment. Pango's is relative to the paragraph's direction (it
    /// mirrors left and right for right-to-left text), so `left` and `right`,
    /// which mean the edges, are mirrored back for a right-to-left paragraph:
    /// found by laying it out once, since Pango 1.50 tells a paragraph's
    /// direction only through its lines.
    private func align(_ layout: OpaquePointer) {
        switch style.alignment {
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .leading, .natural, .justified: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .trailing: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        case .left, .right:
            let start = style.alignment == .left ? PANGO_ALIGN_LEFT : PANGO_ALIGN_RIGHT
            pango_layout_set_alignment(layout, start)
            if Self.isRightToLeft(layout) {
                pango_layout_set_alignment(layout, start == PANGO_ALIGN_LEFT ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT)
            }
        }
    }

    private static func isRightToLeft(_ layout: OpaquePointer) -> Bool {
        guard let line = pango_layout_get_line_readonly(layout, 0) else { return false }
        return pango_layout_line_get_resolved_direction(line) == PANGO_DIRECTION_RTL
    }

    private func placesLinesAtLeft(_ layout: OpaquePointer) -> Bool {
        let rightToLeft = Self.isRightToLeft(layout)
        switch style.alignment {
        case .left: return true
        case .right, .center, .justified: return false
        case .leading, .natural: return !rightToLeft
        case .trailing: return rightToLeft
        }
    }

    /// Gives `layout` the first `cut` bytes of `text` (at `start` in the whole
    /// text) with their runs' attributes, then `mark` (a truncation tail) in
    /// `markRuns`' attributes, or, without them, in the last run's.
    private func setText(of layout: OpaquePointer, _ text: UnsafeBufferPointer<UInt8>, start: Int, cut: Int,
                         mark: [UInt8], markRuns: _TextRuns?) {
        let list = pango_attr_list_new()!
        runs.add(to: list, from: start, to: start + cut, extendedBy: markRuns == nil ? mark.count : 0)
        if let markRuns {
            // The default "…" looks like the text it follows (the byte before the cut, or the first one).
            let following = mark.isEmpty ? 0 : followingBytes
            if following > 0 {
                let source = start + max(cut - 1, 0)
                runs.add(to: list, from: source, to: source + 1, extendedBy: following - 1, at: cut)
            }
            markRuns.add(to: list, from: following, to: mark.count, at: cut + following)
        }
        if style.lineHeightMultiple > 0, let height = pango_attr_line_height_new(style.lineHeightMultiple) {
            height.pointee.start_index = 0
            height.pointee.end_index = UInt32.max
            pango_attr_list_insert(list, height)
        }
        if mark.isEmpty {
            Self.setText(of: layout, text.baseAddress, count: cut)
        } else {
            var joined = Array(UnsafeBufferPointer(rebasing: text[0 ..< cut]))
            joined += mark
            joined.withUnsafeBufferPointer { Self.setText(of: layout, $0.baseAddress, count: $0.count) }
        }
        if cut == 0, mark.isEmpty, let font = runs.font(at: start) {
            // An empty line is as tall as the font of where it is.
            pango_layout_set_font_description(layout, font)
        }
        pango_layout_set_attributes(layout, list)
        pango_attr_list_unref(list)
    }

    private static func setText(of layout: OpaquePointer, _ pointer: UnsafePointer<UInt8>?, count: Int) {
        guard let pointer, count > 0 else { return pango_layout_set_text(layout, "", 0) }
        pointer.withMemoryRebound(to: CChar.self, capacity: count) {
            pango_layout_set_text(layout, $0, Int32(clamping: count))
        }
    }

    /// Where the last line Pango laid out ends, in UTF-8 bytes of the paragraph.
    private static func laidOutByteCount(of layout: OpaquePointer) -> Int {
        let count = pango_layout_get_line_count(layout)
        guard count > 0, let line = pango_layout_get_line_readonly(layout, count - 1) else { return 0 }
        return Int(line.pointee.start_index) + Int(line.pointee.length)
    }
}

import CPangoCairo
import WeftCore
import WeftNode

/// The runs of an attributed text as Pango takes them: their UTF-8 byte
/// ranges in the shapeable text, each with the Pango attributes its
/// ``TextAttributes`` make, made once per layout and copied into each
/// paragraph's attribute list.
// The font descriptions and attribute templates are owned here and freed in
// deinit; nothing mutates after init.
final class _TextRuns {
    /// What runs of one set of attributes share: the font and the attribute
    /// templates, made once however many runs use them.
    private struct Style {
        let font: OpaquePointer
        /// Attributes with unset ranges, copied for each paragraph a run meets.
        let templates: [UnsafeMutablePointer<PangoAttribute>]
    }

    private struct Run {
        let start: Int
        let end: Int
        let style: Int
    }

    private let runs: [Run]
    private let styles: [Style]
    /// The largest font size asked for (sizes are shaped at most at
    /// ``TextAttributes/maximumFontSize``).
    let largestSize: Double
    /// The UTF-8 length of the shapeable text.
    let byteCount: Int

    /// - Parameter traits: How the node's traits resolve the runs' colours, sizes and families.
    /// - Complexity: O(*r*) for *r* runs, plus Pango's objects for each
    ///   distinct set of attributes among them. Pango's own shaping of one
    ///   paragraph grows with its runs times its lines (10,000 alternating runs
    ///   in one paragraph: 1.5 s in a debug build); a line limit bounds it to
    ///   the runs that show.
    init(_ text: AttributedText, traits: _TextTraits) {
        var runs: [Run] = []
        var styles: [Style] = []
        var styleOf: [TextAttributes: Int] = [:]
        var start = 0
        var largest = 0.0
        runs.reserveCapacity(text.runs.count)
        for run in text.runs {
            let end = start + _TextLayout.shapeableByteCount(of: run.string)
            defer { start = end }
            guard end > start else { continue }
            let attributes = run.attributes
            if let style = styleOf[attributes] {
                if let last = runs.last, last.style == style, last.end == start {
                    // Runs of one look side by side are one run to Pango.
                    runs[runs.count - 1] = Run(start: last.start, end: end, style: style)
                } else {
                    runs.append(Run(start: start, end: end, style: style))
                }
                continue
            }
            let family = attributes.fontFamily ?? traits.family
            Fonts.checkFamily(family)
            let font = pango_font_description_new()!
            pango_font_description_set_family(font, family)
            let asked = attributes.fontSize * traits.textScale
            largest = max(largest, asked)
            let size = min(asked, TextAttributes.maximumFontSize)
            pango_font_description_set_absolute_size(font, size * Double(PANGO_SCALE))
            pango_font_description_set_weight(font, PangoWeight(UInt32(attributes.fontWeight.rawValue)))
            pango_font_description_set_style(font, Self.style(attributes.fontStyle))
            styleOf[attributes] = styles.count
            runs.append(Run(start: start, end: end, style: styles.count))
            styles.append(Style(font: font, templates: Self.templates(attributes, font: font, traits: traits)))
        }
        self.runs = runs
        self.styles = styles
        largestSize = largest
        byteCount = start
    }

    deinit {
        for style in styles {
            pango_font_description_free(style.font)
            for template in style.templates { pango_attribute_destroy(template) }
        }
    }

    private static func style(_ style: FontStyle) -> PangoStyle {
        switch style {
        case .normal: PANGO_STYLE_NORMAL
        case .italic: PANGO_STYLE_ITALIC
        case .oblique: PANGO_STYLE_OBLIQUE
        }
    }

    /// The Pango attributes of one run: its font, colours, lines, spacing and
    /// features.
    private static func templates(_ attributes: TextAttributes, font: OpaquePointer,
                                  traits: _TextTraits) -> [UnsafeMutablePointer<PangoAttribute>] {
        func units(_ points: Double) -> Int32 {
            Int32((points * traits.textScale * Double(PANGO_SCALE)).rounded())
        }
        var made: [UnsafeMutablePointer<PangoAttribute>?] = [pango_attr_font_desc_new(font)]
        made += colour(traits.resolve(attributes), foreground: true)
        switch attributes.underline {
        case .none: break
        case .single: made.append(pango_attr_underline_new(PANGO_UNDERLINE_SINGLE))
        case .double: made.append(pango_attr_underline_new(PANGO_UNDERLINE_DOUBLE))
        }
        if attributes.underline != .none, let color = attributes.underlineColor {
            let channels = color.channels16
            made.append(pango_attr_underline_color_new(channels.red, channels.green, channels.blue))
        }
        if attributes.isStruckThrough {
            made.append(pango_attr_strikethrough_new(1))
            if let color = attributes.strikethroughColor {
                let channels = color.channels16
                made.append(pango_attr_strikethrough_color_new(channels.red, channels.green, channels.blue))
            }
        }
        if let background = attributes.backgroundColor { made += colour(background, foreground: false) }
        if attributes.letterSpacing != 0 { made.append(pango_attr_letter_spacing_new(units(attributes.letterSpacing))) }
        if attributes.baselineOffset != 0 { made.append(pango_attr_rise_new(units(attributes.baselineOffset))) }
        if !attributes.fontFeatures.isEmpty {
            made.append(pango_attr_font_features_new(attributes.fontFeatures.map(\.description).joined(separator: ",")))
        }
        return made.compactMap { $0 }
    }

    /// A colour and its alpha, for the text or behind it.
    private static func colour(_ color: Color, foreground: Bool) -> [UnsafeMutablePointer<PangoAttribute>?] {
        let channels = color.channels16
        return foreground
            ? [pango_attr_foreground_new(channels.red, channels.green, channels.blue),
               pango_attr_foreground_alpha_new(channels.alpha)]
            : [pango_attr_background_new(channels.red, channels.green, channels.blue),
               pango_attr_background_alpha_new(channels.alpha)]
    }

    /// The index of the first run ending after byte `offset`, or the run count.
    private func firstRun(endingAfter offset: Int) -> Int {
        var low = 0, high = runs.count
        while low < high {
            let middle = (low + high) / 2
            if runs[middle].end <= offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The font of byte `offset`, or of the run before it where no run holds it
    /// (a separator's empty paragraph, the end of the text); `nil` without runs.
    func font(at offset: Int) -> OpaquePointer? {
        let index = firstRun(endingAfter: offset)
        if index < runs.count, runs[index].start <= offset { return styles[runs[index].style].font }
        if index > 0 { return styles[runs[index - 1].style].font }
        return runs.first.map { styles[$0.style].font }
    }

    /// Adds to `list` the attributes of the bytes `start ..< end` of the text,
    /// placed from `offset`; the run of the last byte reaches `extra` bytes
    /// further (for a truncation mark after them).
    ///
    /// - Complexity: O(log *r* + *k*) for *r* runs, *k* of them in the range.
    func add(to list: OpaquePointer, from start: Int, to end: Int, extendedBy extra: Int = 0, at offset: Int = 0) {
        var index = firstRun(endingAfter: start)
        while index < runs.count, runs[index].start < end {
            let run = runs[index]
            let from = max(run.start, start) - start + offset
            var to = min(run.end, end) - start + offset
            if run.end >= end { to += extra }
            for template in styles[run.style].templates {
                guard let attribute = pango_attribute_copy(template) else { continue }
                attribute.pointee.start_index = UInt32(from)
                attribute.pointee.end_index = UInt32(to)
                pango_attr_list_insert(list, attribute)
            }
            index += 1
        }
    }
}

extension Color {
    /// The channels on Pango's 16-bit scale.
    fileprivate var channels16: (red: UInt16, green: UInt16, blue: UInt16, alpha: UInt16) {
        func channel(_ value: Double) -> UInt16 { UInt16((min(max(value, 0), 1) * 65_535).rounded()) }
        return (channel(red), channel(green), channel(blue), channel(alpha))
    }
}

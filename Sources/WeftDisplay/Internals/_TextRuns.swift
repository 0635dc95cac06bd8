import CPangoCairo
import WeftNode

/// The runs of an attributed text as Pango takes them: their UTF-8 byte
/// ranges in the shapeable text, each with its font description and colour,
/// made once per layout and asked for each paragraph's attributes.
// The font descriptions are owned here and freed in deinit; nothing mutates
// after init.
final class _TextRuns {
    private struct Run {
        let start: Int
        let end: Int
        let font: OpaquePointer
        let red: UInt16, green: UInt16, blue: UInt16, alpha: UInt16
    }

    private let runs: [Run]
    /// The largest font size asked for (sizes are shaped at most at
    /// ``TextAttributes/maximumFontSize``).
    let largestSize: Double

    /// - Parameter traits: How the node's traits resolve the runs' colours, sizes and families.
    init(_ text: AttributedText, traits: _TextTraits) {
        var runs: [Run] = []
        var start = 0
        var largest = 0.0
        for run in text.runs {
            let end = start + _TextLayout.shapeable(run.string).utf8.count
            defer { start = end }
            guard end > start else { continue }
            let attributes = run.attributes
            let family = attributes.fontFamily ?? traits.family
            Fonts.checkFamily(family)
            let font = pango_font_description_new()!
            pango_font_description_set_family(font, family)
            let asked = attributes.fontSize * traits.textScale
            largest = max(largest, asked)
            let size = min(asked, TextAttributes.maximumFontSize)
            pango_font_description_set_absolute_size(font, size * Double(PANGO_SCALE))
            pango_font_description_set_weight(font, PangoWeight(UInt32(attributes.fontWeight.rawValue)))
            let color = traits.resolve(attributes)
            func channel(_ value: Double) -> UInt16 { UInt16((value * 65_535).rounded()) }
            runs.append(Run(start: start, end: end, font: font, red: channel(color.red), green: channel(color.green),
                            blue: channel(color.blue), alpha: channel(color.alpha)))
        }
        self.runs = runs
        largestSize = largest
    }

    deinit {
        for run in runs { pango_font_description_free(run.font) }
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
        if index < runs.count, runs[index].start <= offset { return runs[index].font }
        return index > 0 ? runs[index - 1].font : runs.first?.font
    }

    /// A new attribute list for the bytes `start ..< end` of the text, with
    /// ranges from `start`; the run of the last byte reaches `extra` bytes
    /// further (for a truncation token after them).
    ///
    /// - Complexity: O(log *r* + *k*) for *r* runs, *k* of them in the range.
    func attributes(from start: Int, to end: Int, extendedBy extra: Int) -> OpaquePointer {
        let list = pango_attr_list_new()!
        var index = firstRun(endingAfter: start)
        while index < runs.count, runs[index].start < end {
            let run = runs[index]
            let from = max(run.start, start) - start
            var to = min(run.end, end) - start
            if run.end >= end { to += extra }
            for attribute in [
                pango_attr_font_desc_new(run.font),
                pango_attr_foreground_new(run.red, run.green, run.blue),
                pango_attr_foreground_alpha_new(run.alpha),
            ] {
                guard let attribute else { continue }
                attribute.pointee.start_index = UInt32(from)
                attribute.pointee.end_index = UInt32(to)
                pango_attr_list_insert(list, attribute)
            }
            index += 1
        }
        return list
    }
}

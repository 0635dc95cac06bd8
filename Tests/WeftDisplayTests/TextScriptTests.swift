import Foundation
import Testing
import WeftCore
import WeftDisplay
import WeftNode
import WeftTestSupport

/// Every script a feed meets draws through Fontconfig's fallback from the
/// default family to Debian's Noto fonts (`scripts/setup` installs them), and
/// emoji draw in colour; a script no installed font has is reported.
@MainActor
@Suite struct TextScriptTests {
    /// A sample of each script, with the ISO 15924 code Pango gives it.
    nonisolated static let samples: [(name: String, text: String)] = [
        ("devanagari", "नमस्ते दुनिया, क्षत्रिय"),
        ("thai", "สวัสดีชาวโลก ภาษาไทย"),
        ("cjk", "你好，世界。日本語のテキスト。한국어 텍스트"),
        ("arabic", "مرحبا بالعالم ١٢٣"),
        ("emoji", "😀 🇫🇷🇯🇵 👍🏽👋🏿 👨‍👩‍👧‍👦 ❤️"),
    ]

    func compareWithReference(_ bitmap: Bitmap, _ name: String, file: String = #filePath) throws {
        let (matches, difference) = try ReferenceImage.matches(
            bitmap, name, besides: file, encode: { $0.pngData() }, decode: { try Bitmap(pngData: $0, scale: bitmap.scale) })
        #expect(matches, "\(name): \(difference.map { "\($0)" } ?? "")")
    }

    /// Each script draws as glyphs, not the boxes of hex digits Pango draws
    /// for a missing one, matches its reference at 2x, and reports no missing
    /// glyphs.
    @Test(arguments: samples.map(\.name))
    func eachScriptDrawsInAFallbackFont(name: String) throws {
        let sample = try #require(Self.samples.first { $0.name == name }).text
        Fonts.diagnostics.removeAll()
        let (node, bitmap) = try drawnText(AttributedText(sample, attributes: TextAttributes(fontSize: 20)), width: 260,
                                           scale: 2)
        #expect(node.lineCount >= 1)
        let missing = Fonts.diagnostics.errors(of: FontError.self).filter {
            if case .missingGlyphs = $0 { true } else { false }
        }
        #expect(missing.isEmpty, "\(name): \(missing)")
        #expect(inkBox(bitmap) != nil)
        try compareWithReference(bitmap, "script-\(name)-2x.png")
    }

    /// Emoji draw from Noto Color Emoji's colour bitmaps into the ARGB32
    /// contents: saturated pixels of several hues, where a monochrome font
    /// would draw only the text colour (black).
    @Test func emojiDrawInColour() throws {
        let (_, bitmap) = try drawnText(AttributedText("😀👍🏽🇫🇷", attributes: TextAttributes(fontSize: 30)), fixed: false,
                                        scale: 2)
        var hues = Set<Int>()
        var coloured = 0
        for y in 0 ..< bitmap.pixelHeight {
            for x in 0 ..< bitmap.pixelWidth {
                let pixel = bitmap.pixel(x: x, y: y)
                let (r, g, b) = (Int((pixel >> 16) & 0xFF), Int((pixel >> 8) & 0xFF), Int(pixel & 0xFF))
                guard pixel >> 24 > 200, max(r, g, b) - min(r, g, b) > 80 else { continue }
                coloured += 1
                hues.insert(r > g && r > b ? 0 : g > b ? 1 : 2)
            }
        }
        #expect(coloured > 500, "coloured pixels: \(coloured)")
        #expect(hues.count >= 2, "hues \(hues): yellow face, blue and red flag")
    }

    /// Khitan Small Script (U+18B00…) has no font on Debian: Pango draws hex
    /// boxes, and the diagnostics say which script, once.
    @Test func aScriptNoFontHasIsReportedOncePerFontAndScript() throws {
        Fonts.diagnostics.removeAll()
        let khitan = String(String.UnicodeScalarView([0x18B00, 0x18B01, 0x18B02].compactMap(Unicode.Scalar.init)))
        for _ in 0 ..< 3 {
            let (node, _) = try drawnText(AttributedText("Khitan \(khitan)"), fixed: false)
            #expect(node.lineCount == 1)
        }
        let missing = Fonts.diagnostics.errors(of: FontError.self).compactMap { error -> String? in
            if case .missingGlyphs(_, let script) = error { script } else { nil }
        }
        #expect(missing == ["Kits"], "\(missing)")
    }
}

import CPangoCairo
public import WeftCore

/// The fonts text nodes draw with, found through Fontconfig.
///
/// Fontconfig is initialised once, on the first thread that shapes text, before
/// any Pango font map exists: a second `FcInit` racing Pango's own font thread
/// can corrupt Fontconfig's configuration (pango#784).
public enum Fonts {
    /// The family of ``TextAttributes`` that name none: DejaVu Sans, which
    /// Debian's `fonts-dejavu-core` installs, so that text measures and draws the
    /// same on every machine.
    public static let defaultFamily = "DejaVu Sans"

    /// Where missing font families (``FontError/missingFamily(_:)``, once per
    /// family) and missing glyphs (``FontError/missingGlyphs(family:script:)``,
    /// once per font and script) are recorded, in the node layer.
    public static let diagnostics = DiagnosticsLog()

    /// The font families Fontconfig knows, read once.
    ///
    /// - Complexity: O(*f*) for *f* families on first use, then O(1).
    public static var availableFamilies: Set<String> { _families.names }

    /// The installed family Fontconfig draws `name` with: `name` itself when
    /// installed, else what its aliases and substitutions match ("Sans" is
    /// DejaVu Sans on Debian); `nil` for an empty name. A desktop's font name
    /// (GTK's `gtk-font-name`) goes through it before text uses it, so that an
    /// alias is not reported as a missing family.
    ///
    /// - Complexity: One Fontconfig match, about a millisecond on first use of a name.
    public static func installedFamily(matching name: String) -> String? {
        guard !name.isEmpty else { return nil }
        if availableFamilies.contains(name) { return name }
        prepare()
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, FC_FAMILY, name)
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        var family: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, FC_FAMILY, 0, &family) == FcResultMatch, let family else { return nil }
        return String(cString: family)
    }

    /// Initialises Fontconfig (once); every text path calls it first.
    static func prepare() {
        _ = initialized
    }

    private static let initialized: Bool = FcInit() != 0

    private static let _families = _FamilyList()

    /// Records, once per font and script, the runs of `layout` that show
    /// glyphs no installed font has (Pango's unknown glyphs).
    ///
    /// - Complexity: O(*g*) for the layout's *g* glyphs; called only for a
    ///   layout whose unknown-glyph count is above zero.
    static func reportMissingGlyphs(in layout: OpaquePointer) {
        // PANGO_GLYPH_UNKNOWN_FLAG: a glyph that stands for a missing character.
        let unknown: UInt32 = 0x1000_0000
        guard let iterator = pango_layout_get_iter(layout) else { return }
        defer { pango_layout_iter_free(iterator) }
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iterator), let item = run.pointee.item,
                let glyphs = run.pointee.glyphs, let infos = glyphs.pointee.glyphs
            else { continue }
            let count = Int(glyphs.pointee.num_glyphs)
            guard (0 ..< count).contains(where: { infos[$0].glyph & unknown != 0 }) else { continue }
            let analysis = item.pointee.analysis
            var family = "no font"
            if let font = analysis.font, let description = pango_font_describe(font) {
                family = String(cString: pango_font_description_get_family(description))
                pango_font_description_free(description)
            }
            let tag = g_unicode_script_to_iso15924(GUnicodeScript(Int32(analysis.script)))
            let script = String(decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: tag >> $0) }, as: UTF8.self)
            guard _families.noteMissing("\(family)\u{0}\(script)") else { continue }
            diagnostics.report(FontError.missingGlyphs(family: family, script: script), layer: .node)
        } while pango_layout_iter_next_run(iterator) != 0
    }

    /// Records a family the machine lacks, once.
    static func checkFamily(_ family: String) {
        guard !_families.names.contains(family), _families.noteMissing(family) else { return }
        diagnostics.report(FontError.missingFamily(family), layer: .node)
    }
}

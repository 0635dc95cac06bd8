import CPangoCairo
import WeftCore

/// The families Fontconfig lists, read once, and the missing ones already reported.
// @unchecked: `names` is a `let`; `missing` is in a PosixMutex.
final class _FamilyList: @unchecked Sendable {
    let names: Set<String>
    private let missing = PosixMutex(Set<String>())

    init() {
        Fonts.prepare()
        var names = Set<String>()
        let pattern = FcPatternCreate()
        let objects = FcObjectSetCreate()
        FcObjectSetAdd(objects, FC_FAMILY)
        if let list = FcFontList(nil, pattern, objects) {
            for index in 0 ..< Int(list.pointee.nfont) {
                var family: UnsafeMutablePointer<FcChar8>?
                var slot: Int32 = 0
                // A font lists each of its family names (localised ones too).
                while FcPatternGetString(list.pointee.fonts[index], FC_FAMILY, slot, &family) == FcResultMatch,
                    let family {
                    names.insert(String(cString: family))
                    slot += 1
                }
            }
            FcFontSetDestroy(list)
        }
        FcObjectSetDestroy(objects)
        FcPatternDestroy(pattern)
        self.names = names
    }

    /// Notes `family` as missing; `true` the first time.
    func noteMissing(_ family: String) -> Bool {
        missing.withLock { $0.insert(family).inserted }
    }
}

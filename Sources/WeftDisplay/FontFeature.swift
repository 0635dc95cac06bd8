/// An OpenType feature to turn on, off or to a value for a run: `tnum` for
/// figures of one width, `liga` 0 for no ligatures, `smcp` for small capitals.
/// Pango passes it to HarfBuzz; a font without the feature ignores it.
///
/// ```swift
/// let figures = try FontFeature("tnum")
/// var attributes = TextAttributes()
/// attributes.fontFeatures = [figures, try FontFeature("liga", value: 0)]
/// ```
public struct FontFeature: Hashable, Sendable, CustomStringConvertible {
    /// The feature's four-character tag.
    public let tag: String
    /// The value: 0 off, 1 on, higher to pick an alternate.
    public let value: Int

    /// Creates a feature setting.
    ///
    /// - Throws: ``TextAttributeError/invalidFontFeature(tag:value:)`` for a tag that is not four
    ///   printable ASCII characters, or a value that is negative or above 65,535.
    public init(_ tag: String, value: Int = 1) throws(TextAttributeError) {
        let bytes = Array(tag.utf8)
        guard bytes.count == 4, bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "=") && $0 != UInt8(ascii: ",") }),
            (0 ... 65_535).contains(value)
        else { throw .invalidFontFeature(tag: tag, value: value) }
        self.tag = tag
        self.value = value
    }

    /// The setting as HarfBuzz reads it: `tnum=1`.
    public var description: String { "\(tag)=\(value)" }
}

/// A colour in sRGB with straight (not premultiplied) alpha, each component in 0...1.
///
/// Nodes take colours as values so that a drawing's parameters, captured on main,
/// can travel to a display thread.
///
/// A colour cannot hold a component outside 0...1: the initializer and every
/// setter clamp (NaN becomes 0), so every use (a premultiplied pixel, Pango's
/// 16-bit channels, a description) converts without trapping.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    // Stored apart from the public components, whose setters clamp.
    private var clampedRed: Double, clampedGreen: Double, clampedBlue: Double, clampedAlpha: Double

    /// The red component, 0...1; a value set outside it is clamped.
    public var red: Double {
        get { clampedRed }
        set { clampedRed = Self.clamp(newValue) }
    }
    /// The green component, 0...1; a value set outside it is clamped.
    public var green: Double {
        get { clampedGreen }
        set { clampedGreen = Self.clamp(newValue) }
    }
    /// The blue component, 0...1; a value set outside it is clamped.
    public var blue: Double {
        get { clampedBlue }
        set { clampedBlue = Self.clamp(newValue) }
    }
    /// The opacity, 0 (transparent) ... 1 (opaque); a value set outside it is clamped.
    public var alpha: Double {
        get { clampedAlpha }
        set { clampedAlpha = Self.clamp(newValue) }
    }

    /// Creates a colour; components outside 0...1 (and NaN, as 0) are clamped.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        clampedRed = Self.clamp(red)
        clampedGreen = Self.clamp(green)
        clampedBlue = Self.clamp(blue)
        clampedAlpha = Self.clamp(alpha)
    }

    private static func clamp(_ value: Double) -> Double { value.isNaN ? 0 : Swift.min(Swift.max(value, 0), 1) }

    /// Creates a grey of the given white level.
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// Opaque black.
    public static let black = Color(white: 0)
    /// Opaque white.
    public static let white = Color(white: 1)
    /// Fully transparent.
    public static let clear = Color(white: 0, alpha: 0)

    /// The colour as one premultiplied ARGB32 pixel, the format of ``Bitmap``.
    public var premultipliedARGB32: UInt32 {
        func channel(_ value: Double) -> UInt32 { UInt32((value * alpha * 255).rounded()) }
        return UInt32((alpha * 255).rounded()) << 24 | channel(red) << 16 | channel(green) << 8 | channel(blue)
    }

    public var description: String {
        func hex(_ value: Double) -> String {
            let byte = Int((value * 255).rounded())
            return (byte < 16 ? "0" : "") + String(byte, radix: 16)
        }
        return "#" + hex(red) + hex(green) + hex(blue) + (alpha < 1 ? hex(alpha) : "")
    }
}

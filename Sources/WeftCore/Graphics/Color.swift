/// A colour in sRGB with straight (not premultiplied) alpha, each component in 0...1.
///
/// Nodes take colours as values so that a drawing's parameters, captured on main,
/// can travel to a display thread.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// The red component, 0...1.
    public var red: Double
    /// The green component, 0...1.
    public var green: Double
    /// The blue component, 0...1.
    public var blue: Double
    /// The opacity, 0 (transparent) ... 1 (opaque).
    public var alpha: Double

    /// Creates a colour; components outside 0...1 (and NaN, as 0) are clamped.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        func clamp(_ value: Double) -> Double { value.isNaN ? 0 : Swift.min(Swift.max(value, 0), 1) }
        self.red = clamp(red)
        self.green = clamp(green)
        self.blue = clamp(blue)
        self.alpha = clamp(alpha)
    }

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

import Foundation
import WeftCore

/// Compares a bitmap with a reference image committed beside a test, under a
/// tolerance: text antialiasing may differ by a few levels between FreeType
/// builds, a wrong drawing differs in many pixels.
public enum ReferenceImage {
    /// How far a bitmap is from its reference.
    public struct Difference: Sendable, CustomStringConvertible {
        /// Pixels whose channels differ by more than the per-channel tolerance.
        public var differingPixels: Int
        /// All pixels.
        public var pixelCount: Int
        /// Whether the sizes differ (then every pixel counts as differing).
        public var sizeMismatch: Bool

        /// The share of pixels that differ, 0...1.
        public var share: Double { pixelCount == 0 ? 1 : Double(differingPixels) / Double(pixelCount) }

        public var description: String {
            sizeMismatch ? "sizes differ" : "\(differingPixels) of \(pixelCount) pixels differ (\(share * 100)%)"
        }
    }

    /// Compares two bitmaps pixel by pixel; a pixel differs when any channel is
    /// more than `channelTolerance` levels apart.
    public static func compare(_ bitmap: Bitmap, _ reference: Bitmap, channelTolerance: UInt32 = 24) -> Difference {
        guard bitmap.pixelWidth == reference.pixelWidth, bitmap.pixelHeight == reference.pixelHeight else {
            return Difference(differingPixels: bitmap.pixelWidth * bitmap.pixelHeight,
                              pixelCount: bitmap.pixelWidth * bitmap.pixelHeight, sizeMismatch: true)
        }
        var differing = 0
        for y in 0 ..< bitmap.pixelHeight {
            for x in 0 ..< bitmap.pixelWidth {
                let a = bitmap.pixel(x: x, y: y), b = reference.pixel(x: x, y: y)
                guard a != b else { continue }
                for shift: UInt32 in [0, 8, 16, 24] {
                    let ca = (a >> shift) & 0xFF, cb = (b >> shift) & 0xFF
                    if (ca > cb ? ca - cb : cb - ca) > channelTolerance {
                        differing += 1
                        break
                    }
                }
            }
        }
        return Difference(differingPixels: differing, pixelCount: bitmap.pixelWidth * bitmap.pixelHeight,
                          sizeMismatch: false)
    }

    /// The committed reference `name` in the `References` folder beside `file`.
    public static func url(_ name: String, besides file: String) -> URL {
        URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("References")
            .appendingPathComponent(name)
    }

    /// Whether tests should write their references instead of comparing
    /// (`WEFT_RECORD_REFERENCES=1`): after a deliberate change to drawing, look
    /// at the new PNGs before committing them.
    public static var isRecording: Bool {
        ProcessInfo.processInfo.environment["WEFT_RECORD_REFERENCES"] == "1"
    }

    /// Compares `bitmap` with the committed reference `name` beside `file`, or,
    /// when recording (``isRecording``), writes it there instead and reports no
    /// difference.
    ///
    /// - Parameters:
    ///   - encode: Writes a bitmap as PNG bytes (WeftDisplay's `pngData()`).
    ///   - decode: Reads PNG bytes at the bitmap's scale (WeftDisplay's `Bitmap(pngData:scale:)`).
    /// - Returns: Whether the bitmap matches: same size, under 1% of pixels apart.
    public static func matches(
        _ bitmap: Bitmap, _ name: String, besides file: String,
        encode: (Bitmap) -> Data, decode: (Data) throws -> Bitmap
    ) throws -> (matches: Bool, difference: Difference?) {
        let reference = url(name, besides: file)
        if isRecording {
            try encode(bitmap).write(to: reference)
            return (true, nil)
        }
        let difference = compare(bitmap, try decode(try Data(contentsOf: reference)))
        return (!difference.sizeMismatch && difference.share < 0.01, difference)
    }

    /// The share of pixels in `rect` (pixels) whose alpha exceeds `alpha`, and
    /// the number of such pixels outside it.
    public static func inkInside(_ bitmap: Bitmap, rect: (x: Range<Int>, y: Range<Int>), alpha: UInt32 = 64)
        -> (inside: Int, outside: Int) {
        var inside = 0, outside = 0
        for y in 0 ..< bitmap.pixelHeight {
            for x in 0 ..< bitmap.pixelWidth where bitmap.pixel(x: x, y: y) >> 24 > alpha {
                if rect.x.contains(x), rect.y.contains(y) { inside += 1 } else { outside += 1 }
            }
        }
        return (inside, outside)
    }

    /// Compares `bitmap` with the committed reference `name` beside `file` under
    /// the picture tests' tolerance: at most `channelTolerance` levels per
    /// channel (2 of 255) on all but `share` of the pixels (0.5%). A mismatch
    /// writes the actual picture and a difference picture (differing pixels
    /// red over a faded copy of the reference) to `failureDirectory`, and says
    /// where. When recording (``isRecording``) it writes the reference instead.
    ///
    /// - Returns: `nil` when the bitmap matches, else what differs and where the
    ///   pictures went.
    public static func mismatch(
        _ bitmap: Bitmap, _ name: String, besides file: String, channelTolerance: UInt32 = 2, share: Double = 0.005,
        encode: (Bitmap) -> Data, decode: (Data) throws -> Bitmap
    ) throws -> String? {
        let reference = url(name, besides: file)
        if isRecording {
            try FileManager.default.createDirectory(at: reference.deletingLastPathComponent(), withIntermediateDirectories: true)
            try encode(bitmap).write(to: reference)
            return nil
        }
        guard let data = FileManager.default.contents(atPath: reference.path) else {
            return "no reference \(reference.path): record it with WEFT_RECORD_REFERENCES=1 and look at it"
        }
        let expected = try decode(data)
        let difference = compare(bitmap, expected, channelTolerance: channelTolerance)
        guard difference.sizeMismatch || difference.share > share else { return nil }
        let base = failureDirectory.appendingPathComponent(name.replacingOccurrences(of: "/", with: "-"))
            .deletingPathExtension().path
        try FileManager.default.createDirectory(at: failureDirectory, withIntermediateDirectories: true)
        try encode(bitmap).write(to: URL(fileURLWithPath: base + "-actual.png"))
        if !difference.sizeMismatch {
            try encode(try differencePicture(bitmap, expected, channelTolerance: channelTolerance))
                .write(to: URL(fileURLWithPath: base + "-diff.png"))
        }
        return "\(name): \(difference); see \(base)-actual.png and -diff.png"
    }

    /// Where mismatching pictures go: `WEFT_REFERENCE_FAILURES`, or a folder in
    /// the temporary directory.
    public static var failureDirectory: URL {
        if let path = ProcessInfo.processInfo.environment["WEFT_REFERENCE_FAILURES"] { return URL(fileURLWithPath: path) }
        return FileManager.default.temporaryDirectory.appendingPathComponent("weft-reference-failures")
    }

    /// The reference faded, with the pixels that differ from `bitmap` in red.
    static func differencePicture(_ bitmap: Bitmap, _ reference: Bitmap, channelTolerance: UInt32) throws -> Bitmap {
        try Bitmap(pixelWidth: bitmap.pixelWidth, pixelHeight: bitmap.pixelHeight, scale: bitmap.scale) { pixels, stride in
            for y in 0 ..< bitmap.pixelHeight {
                let row = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0 ..< bitmap.pixelWidth {
                    let a = bitmap.pixel(x: x, y: y), b = reference.pixel(x: x, y: y)
                    let differs = [0, 8, 16, 24].contains { (shift: UInt32) in
                        let ca = (a >> shift) & 0xFF, cb = (b >> shift) & 0xFF
                        return (ca > cb ? ca - cb : cb - ca) > channelTolerance
                    }
                    // Faded: each channel of the reference brought three quarters of the way to white.
                    let faded = 0xFF00_0000 | (0 ..< 3).reduce(UInt32(0)) { sum, channel in
                        let value = (b >> (channel * 8)) & 0xFF
                        return sum | ((value + (255 - value) * 3 / 4) << (channel * 8))
                    }
                    row[x] = differs ? 0xFFFF_0000 : faded
                }
            }
        }
    }

    /// The rows of `rect` (pixels, clipped to the bitmap) holding a pixel that
    /// is not `background`: how tall a cell's ink stands.
    public static func inkRows(_ bitmap: Bitmap, x: Range<Int>, y: Range<Int>, background: UInt32 = 0xFFFF_FFFF) -> Int {
        y.clamped(to: 0 ..< bitmap.pixelHeight).filter { row in ink(bitmap, x: x, y: row ..< row + 1, background: background) > 0 }
            .count
    }

    /// The columns of `rect` (pixels, clipped to the bitmap) from the first to
    /// the last holding a pixel that is not `background`; `nil` for no ink.
    public static func inkColumns(
        _ bitmap: Bitmap, x: Range<Int>, y: Range<Int>, background: UInt32 = 0xFFFF_FFFF
    ) -> ClosedRange<Int>? {
        let inked = x.clamped(to: 0 ..< bitmap.pixelWidth).filter { column in
            ink(bitmap, x: column ..< column + 1, y: y, background: background) > 0
        }
        guard let first = inked.first, let last = inked.last else { return nil }
        return first ... last
    }

    /// The pixels in `rect` (pixels, clipped to the bitmap) that are not
    /// `background`: a cell's ink on a composed or rendered screen.
    public static func ink(_ bitmap: Bitmap, x: Range<Int>, y: Range<Int>, background: UInt32 = 0xFFFF_FFFF) -> Int {
        let xs = x.clamped(to: 0 ..< bitmap.pixelWidth), ys = y.clamped(to: 0 ..< bitmap.pixelHeight)
        var count = 0
        for row in ys {
            for column in xs where bitmap.pixel(x: column, y: row) != background { count += 1 }
        }
        return count
    }
}

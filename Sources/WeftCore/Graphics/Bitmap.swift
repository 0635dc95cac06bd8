public import Foundation
import Synchronization

/// An immutable image in memory: premultiplied ARGB32 pixels (32-bit native-endian
/// words, Cairo's `CAIRO_FORMAT_ARGB32` and GDK's default memory format), a pixel
/// size and the scale factor that maps points to pixels.
///
/// A node's `DisplayNode.contents` is a bitmap; so are decoded images and composed
/// frames. Its pixels are written once, by the closure given to
/// ``init(pixelWidth:pixelHeight:scale:drawing:)`` on the thread that makes it, and
/// never change after, so a bitmap crosses threads freely.
///
/// Every bitmap's bytes are counted: ``memory`` gives the live and peak bytes of the
/// process (`MemoryReport` shows them as contents memory).
///
/// - Complexity: Making a bitmap allocates and zeroes `4 × pixelWidth × pixelHeight`
///   bytes, O(*w* × *h*).
// @unchecked: the pixels are written only inside init, before the bitmap is
// published; every stored property is a `let`.
public final class Bitmap: @unchecked Sendable, CustomStringConvertible {
    /// The largest width or height a bitmap may have, in pixels.
    public static let maximumDimension = 16_384
    /// The most pixels a bitmap may have (64 MiB of ARGB32).
    public static let maximumPixelCount = 16_777_216

    /// The width in pixels.
    public let pixelWidth: Int
    /// The height in pixels.
    public let pixelHeight: Int
    /// Bytes from one row to the next: `4 × pixelWidth`.
    public let bytesPerRow: Int
    /// Pixels per point.
    public let scale: Double
    private let pixels: UnsafeMutableRawPointer

    /// Creates a transparent bitmap and lets `drawing` write its pixels.
    ///
    /// `drawing` gets the pixels (zeroed), the row stride and the size; it runs on
    /// the calling thread before the bitmap exists for anyone else.
    ///
    /// - Parameters:
    ///   - pixelWidth: The width in pixels, 1...``maximumDimension``.
    ///   - pixelHeight: The height in pixels, 1...``maximumDimension``.
    ///   - scale: Pixels per point, finite and above zero.
    ///   - drawing: Writes the pixels.
    /// - Throws: ``BitmapError`` for an empty or too large size or a bad scale,
    ///   before anything is allocated.
    public init(
        pixelWidth: Int, pixelHeight: Int, scale: Double = 1,
        drawing: (_ pixels: UnsafeMutableRawPointer, _ bytesPerRow: Int) -> Void = { _, _ in }
    ) throws(BitmapError) {
        try Self.check(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale)
        let bytesPerRow = pixelWidth * 4
        let count = bytesPerRow * pixelHeight
        let pixels = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 16)
        pixels.initializeMemory(as: UInt8.self, repeating: 0, count: count)
        drawing(pixels, bytesPerRow)
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.bytesPerRow = bytesPerRow
        self.scale = scale
        self.pixels = pixels
        Self.account(bytes: count)
    }

    /// Checks a size and scale against the limits without allocating.
    ///
    /// - Throws: ``BitmapError`` as ``init(pixelWidth:pixelHeight:scale:drawing:)`` would.
    package static func check(pixelWidth: Int, pixelHeight: Int, scale: Double = 1) throws(BitmapError) {
        guard pixelWidth > 0, pixelHeight > 0 else {
            throw .empty(pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        }
        guard !exceedsLimits(pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        else { throw .tooLarge(pixelWidth: pixelWidth, pixelHeight: pixelHeight) }
        guard scale.isFinite, scale > 0 else { throw .invalidScale(scale) }
    }

    /// Whether a bitmap of this size is beyond ``maximumDimension`` or
    /// ``maximumPixelCount``: too large to make, though a node that draws in
    /// tiles can show it.
    ///
    /// - Complexity: O(1).
    package static func exceedsLimits(pixelWidth: Int, pixelHeight: Int) -> Bool {
        pixelWidth > maximumDimension || pixelHeight > maximumDimension
            || pixelWidth * pixelHeight > maximumPixelCount  // each side is at most 16,384 here: no overflow
    }

    deinit {
        pixels.deallocate()
        Self.account(bytes: -byteCount)
    }

    /// Bytes of pixels: `bytesPerRow × pixelHeight`.
    public var byteCount: Int { bytesPerRow * pixelHeight }

    /// The first pixel's address, for a toolkit that wraps the bytes without
    /// copying them (a GTK texture). Valid while the bitmap lives; never written.
    package var baseAddress: UnsafeRawPointer { UnsafeRawPointer(pixels) }

    /// The size in points: the pixel size divided by ``scale``.
    public var size: CGSize {
        CGSize(width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale)
    }

    /// The premultiplied ARGB32 pixel at a column and row.
    ///
    /// - Precondition: `x` and `y` lie inside the bitmap.
    public func pixel(x: Int, y: Int) -> UInt32 {
        precondition(x >= 0 && x < pixelWidth && y >= 0 && y < pixelHeight,
                     "pixel (\(x), \(y)) outside a \(pixelWidth)x\(pixelHeight) bitmap")
        return pixels.load(fromByteOffset: y * bytesPerRow + x * 4, as: UInt32.self)
    }

    /// Calls `body` with the pixels, which it must not write.
    public func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try body(UnsafeRawBufferPointer(start: pixels, count: byteCount))
    }

    public var description: String {
        "Bitmap \(pixelWidth)x\(pixelHeight) px at \(scale)x"
    }

    // MARK: Memory

    private static let liveBytes = Atomic<Int>(0)
    private static let peakBytes = Atomic<Int>(0)
    private static let liveCount = Atomic<Int>(0)

    private static func account(bytes: Int) {
        let live = liveBytes.add(bytes, ordering: .relaxed).newValue
        liveCount.add(bytes > 0 ? 1 : -1, ordering: .relaxed)
        guard bytes > 0 else { return }
        var peak = peakBytes.load(ordering: .relaxed)
        while live > peak {
            let (exchanged, original) = peakBytes.compareExchange(expected: peak, desired: live, ordering: .relaxed)
            if exchanged { break }
            peak = original
        }
    }

    /// The bytes held by every bitmap of the process now, and the peak.
    ///
    /// - Complexity: O(1): three atomic loads.
    public static var memory: BitmapMemory {
        BitmapMemory(liveBytes: liveBytes.load(ordering: .relaxed), peakBytes: peakBytes.load(ordering: .relaxed),
                     liveBitmaps: liveCount.load(ordering: .relaxed))
    }

    /// Starts a new peak from the live bytes now (benchmarks measure a phase this way).
    public static func resetPeakMemory() {
        peakBytes.store(liveBytes.load(ordering: .relaxed), ordering: .relaxed)
    }
}

/// The memory held by every ``Bitmap`` of the process, read at one moment: node
/// contents, decoded images, composed frames.
public struct BitmapMemory: Hashable, Sendable, CustomStringConvertible {
    /// Bytes of pixels held by bitmaps alive now.
    public var liveBytes: Int
    /// The most bytes held at once since the process started (or the last
    /// ``Bitmap/resetPeakMemory()``).
    public var peakBytes: Int
    /// Bitmaps alive now.
    public var liveBitmaps: Int

    /// Creates a reading.
    public init(liveBytes: Int = 0, peakBytes: Int = 0, liveBitmaps: Int = 0) {
        self.liveBytes = liveBytes
        self.peakBytes = peakBytes
        self.liveBitmaps = liveBitmaps
    }

    public var description: String {
        "\(liveBytes) B live in \(liveBitmaps) bitmaps, peak \(peakBytes) B"
    }
}

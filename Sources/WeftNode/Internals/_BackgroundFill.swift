import WeftCore

/// Fills a node's background, rounded corners anti-aliased, straight into ARGB32
/// pixels: the one drawing the node layer does itself, so that a node with only a
/// background colour needs no graphics library (WeftNode links none).
enum _BackgroundFill {
    /// Fills `width × height` pixels with `color`, leaving corners of `radius`
    /// pixels transparent outside the arc (`_RoundedCorners`).
    ///
    /// - Complexity: O(*w* × *h*).
    static func fill(_ pixels: UnsafeMutableRawPointer, bytesPerRow: Int, width: Int, height: Int,
                     color: Color, radius: Double) {
        assert(width > 0 && height > 0 && bytesPerRow >= width * 4)
        let argb = color.premultipliedARGB32
        guard argb != 0 else { return }
        for y in 0 ..< height {
            (pixels + y * bytesPerRow).assumingMemoryBound(to: UInt32.self).update(repeating: argb, count: width)
        }
        _RoundedCorners.clip(pixels, bytesPerRow: bytesPerRow, width: width, height: height, radius: radius)
    }
}

import WeftCore

/// Fills a node's background, rounded corners anti-aliased, straight into ARGB32
/// pixels: the one drawing the node layer does itself, so that a node with only a
/// background colour needs no graphics library (WeftNode links none).
enum _BackgroundFill {
    /// Fills `width × height` pixels with `color`, leaving corners of `radius`
    /// pixels transparent outside the arc.
    ///
    /// - Complexity: O(*w* × *h*); the per-pixel distance is computed only in the
    ///   four corner squares.
    static func fill(_ pixels: UnsafeMutableRawPointer, bytesPerRow: Int, width: Int, height: Int,
                     color: Color, radius: Double) {
        assert(width > 0 && height > 0 && bytesPerRow >= width * 4)
        let argb = color.premultipliedARGB32
        guard argb != 0 else { return }
        let r = min(max(radius, 0), Double(min(width, height)) / 2)
        let cornerRows = Int(r.rounded(.up))
        for y in 0 ..< height {
            let row = (pixels + y * bytesPerRow).assumingMemoryBound(to: UInt32.self)
            row.update(repeating: argb, count: width)
            // The four corners are mirror images: measure every corner pixel as if
            // it were in the top-left one, whose arc is centred on (r, r).
            let ye = Double(min(y, height - 1 - y)) + 0.5
            guard ye < r else { continue }
            for x in 0 ..< min(cornerRows, width) {
                let xe = Double(x) + 0.5
                guard xe < r else { break }
                let dx = r - xe, dy = r - ye
                let coverage = min(max(r - (dx * dx + dy * dy).squareRoot() + 0.5, 0), 1)
                let pixel = scaled(argb, coverage)
                row[x] = pixel
                row[width - 1 - x] = pixel
            }
        }
    }

    private static func scaled(_ argb: UInt32, _ coverage: Double) -> UInt32 {
        if coverage >= 1 { return argb }
        if coverage <= 0 { return 0 }
        var out: UInt32 = 0
        for shift in stride(from: 0, through: 24, by: 8) {
            let channel = Double((argb >> UInt32(shift)) & 0xFF) * coverage
            out |= UInt32(channel.rounded()) << UInt32(shift)
        }
        return out
    }
}

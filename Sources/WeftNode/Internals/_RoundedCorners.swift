/// Rounds the corners of premultiplied ARGB32 pixels: each pixel of the four
/// corner squares is scaled by how much of it lies inside the arc, anti-aliased
/// by its distance from the arc. The one rounded rectangle Weft draws: a node's
/// background (`_BackgroundFill`) and an image's clip (WeftDisplay) both call it,
/// so corners match wherever they meet, and WeftNode needs no graphics library.
package enum _RoundedCorners {
    /// Scales the corner pixels of `width × height` pixels to corners of
    /// `radius` pixels (clamped to half the shorter side); a radius of 0 or less
    /// changes nothing.
    ///
    /// - Complexity: O(*r*²) for a radius of *r* pixels: only the four corner
    ///   squares are visited.
    package static func clip(_ pixels: UnsafeMutableRawPointer, bytesPerRow: Int, width: Int, height: Int,
                             radius: Double) {
        assert(width > 0 && height > 0 && bytesPerRow >= width * 4)
        let r = min(max(radius, 0), Double(min(width, height)) / 2)
        guard r > 0 else { return }
        let cornerPixels = min(Int(r.rounded(.up)), width, height)
        for y in 0 ..< height {
            // The four corners are mirror images: measure every corner pixel as if
            // it were in the top-left one, whose arc is centred on (r, r).
            let ye = Double(min(y, height - 1 - y)) + 0.5
            guard ye < r else { continue }
            let row = (pixels + y * bytesPerRow).assumingMemoryBound(to: UInt32.self)
            for x in 0 ..< cornerPixels {
                let xe = Double(x) + 0.5
                guard xe < r else { break }
                let dx = r - xe, dy = r - ye
                let coverage = min(max(r - (dx * dx + dy * dy).squareRoot() + 0.5, 0), 1)
                guard coverage < 1 else { continue }
                row[x] = scaled(row[x], coverage)
                row[width - 1 - x] = scaled(row[width - 1 - x], coverage)
            }
        }
    }

    /// A premultiplied pixel scaled by `coverage`, each channel rounded.
    private static func scaled(_ argb: UInt32, _ coverage: Double) -> UInt32 {
        if coverage <= 0 { return 0 }
        var out: UInt32 = 0
        for shift in stride(from: 0, through: 24, by: 8) {
            let channel = Double((argb >> UInt32(shift)) & 0xFF) * coverage
            out |= UInt32(channel.rounded()) << UInt32(shift)
        }
        return out
    }
}

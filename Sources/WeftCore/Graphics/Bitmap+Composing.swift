public import Foundation

extension Bitmap {
    /// A bitmap placed on a composition: its top-left corner in points.
    public struct Layer: Sendable {
        /// What is drawn.
        public var bitmap: Bitmap
        /// Where its top-left corner goes, in points from the composition's.
        public var origin: CGPoint
        /// How much of it shows, from 0 (nothing) to 1 (all of it, the
        /// default): a fading placeholder's is between.
        public var opacity: Double

        /// The size it covers, in points: `nil` (the default) for the bitmap's
        /// own; otherwise the bitmap is stretched to it (nearest pixel), as a
        /// ``fill(_:size:at:)`` layer's one pixel is.
        public var size: CGSize?

        /// Creates a layer; an `opacity` outside 0...1 (or not finite) is
        /// taken as the nearest end (1 for NaN).
        public init(_ bitmap: Bitmap, at origin: CGPoint, opacity: Double = 1, size: CGSize? = nil) {
            self.bitmap = bitmap
            self.origin = origin
            self.opacity = opacity.isNaN ? 1 : min(max(opacity, 0), 1)
            self.size = size
        }

        /// A rectangle of one colour: a cell's selection or highlight behind its
        /// contents. The colour's one-pixel bitmap is shared by every layer of
        /// that colour (a host view's texture cache keeps one texture for it).
        ///
        /// - Complexity: O(1).
        public static func fill(_ color: Color, size: CGSize, at origin: CGPoint) -> Layer {
            Layer(_FillBitmaps.bitmap(for: color), at: origin, size: size)
        }
    }

    /// Composes `layers`, in order, over a background: each layer's pixels are
    /// blended source-over at its origin, scaled (nearest pixel) when its scale
    /// differs from the composition's, and clipped to the composition.
    ///
    /// - Parameters:
    ///   - layers: The bitmaps, back to front.
    ///   - size: The composition's size in points.
    ///   - scale: Its pixels per point.
    ///   - background: What is behind every layer.
    /// - Throws: ``BitmapError`` when `size` at `scale` makes a bitmap Weft refuses.
    /// - Complexity: O(*w* × *h*) for the background, plus the pixels the layers cover.
    public convenience init(composing layers: [Layer], size: CGSize, scale: Double, background: Color) throws(BitmapError) {
        guard scale.isFinite, scale > 0 else { throw .invalidScale(scale) }
        let width = Self.pixelLength(size.width, scale: scale), height = Self.pixelLength(size.height, scale: scale)
        try self.init(pixelWidth: width, pixelHeight: height, scale: scale) { pixels, stride in
            let fill = background.premultipliedARGB32
            for row in 0 ..< height {
                (pixels + row * stride).assumingMemoryBound(to: UInt32.self).update(repeating: fill, count: width)
            }
            Layer.place(layers, inCompositionOf: size, scale: scale) { layer, placed in
                layer.bitmap.draw(into: pixels, bytesPerRow: stride, width: width, height: height, at: placed,
                                  scale: scale, opacity: layer.opacity)
            }
        }
    }

    /// Blends the bitmap into `pixels` over `placed`, a rect in points on whole
    /// pixels of the composition, clipped to it, at `opacity`.
    private func draw(into pixels: UnsafeMutableRawPointer, bytesPerRow: Int, width: Int, height: Int,
                      at placed: CGRect, scale: Double, opacity: Double) {
        let alpha = UInt32((opacity * 255).rounded())
        guard alpha > 0 else { return }
        let left = Int((placed.minX * scale).rounded()), top = Int((placed.minY * scale).rounded())
        let targetWidth = Int((placed.width * scale).rounded()), targetHeight = Int((placed.height * scale).rounded())
        let columns = max(left, 0) ..< min(left + targetWidth, width)
        let rows = max(top, 0) ..< min(top + targetHeight, height)
        guard !columns.isEmpty, !rows.isEmpty else { return }
        // Source pixels per target pixel on each axis: the scales' ratio for a
        // bitmap at its own size, more or less for one stretched to a size.
        let ratioX = Double(pixelWidth) / Double(targetWidth), ratioY = Double(pixelHeight) / Double(targetHeight)
        withUnsafeBytes { source in
            let base = source.baseAddress!
            for row in rows {
                let sourceRow = min(Int(Double(row - top) * ratioY), pixelHeight - 1)
                let from = (base + sourceRow * self.bytesPerRow).assumingMemoryBound(to: UInt32.self)
                let to = (pixels + row * bytesPerRow).assumingMemoryBound(to: UInt32.self)
                for column in columns {
                    let sourceColumn = ratioX == 1 ? column - left : min(Int(Double(column - left) * ratioX), pixelWidth - 1)
                    let pixel = alpha == 255 ? from[sourceColumn] : Self.scaled(from[sourceColumn], by: alpha)
                    to[column] = Self.sourceOver(pixel, to[column])
                }
            }
        }
    }

    /// A premultiplied ARGB32 pixel at `alpha`/255 of its opacity: every
    /// channel scaled, as premultiplied pixels fade.
    ///
    /// - Complexity: O(1).
    package static func scaled(_ pixel: UInt32, by alpha: UInt32) -> UInt32 {
        var out: UInt32 = 0
        var shift: UInt32 = 0
        while shift < 32 {
            out |= ((((pixel >> shift) & 0xFF) * alpha + 127) / 255) << shift
            shift += 8
        }
        return out
    }

    /// One premultiplied ARGB32 pixel composited over another.
    ///
    /// - Complexity: O(1).
    package static func sourceOver(_ source: UInt32, _ destination: UInt32) -> UInt32 {
        let alpha = source >> 24
        if alpha == 255 || destination == 0 { return source }
        if alpha == 0 { return destination }
        let keep = 255 - alpha
        var out: UInt32 = 0
        var shift: UInt32 = 0
        while shift < 32 {
            let s = (source >> shift) & 0xFF, d = (destination >> shift) & 0xFF
            out |= min(s + (d * keep + 127) / 255, 255) << shift
            shift += 8
        }
        return out
    }
}

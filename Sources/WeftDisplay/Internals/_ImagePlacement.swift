import Foundation

/// Where an image's pixels land in a node's bitmap for a content mode and a
/// crop rect: the part of the image shown (`source`, in the oriented image's
/// full-size pixels) and the rect it is drawn into (`destination`, in the
/// bitmap's pixels, possibly past its edges where aspect fill or centre cut it).
struct _ImagePlacement: Equatable {
    var source: CGRect
    var destination: CGRect

    /// - Parameters:
    ///   - imageSize: The oriented image's size in pixels (at full size, before
    ///     any scaled decode).
    ///   - cropRect: Texture's unit crop rect: a non-empty rect picks that part
    ///     of the image; an empty one (the default origin 0.5, 0.5) only says
    ///     where aspect fill and centre anchor the overflow.
    ///   - targetWidth, targetHeight: The bitmap's size in pixels.
    ///   - scale: The bitmap's pixels per point (centre shows an image pixel a point).
    init(imageSize: CGSize, contentMode: ContentMode, cropRect: CGRect, targetWidth: Int, targetHeight: Int,
         scale: Double) {
        let full = CGRect(origin: .zero, size: imageSize)
        var anchor = CGPoint(x: 0.5, y: 0.5)
        var shown = full
        let crop = cropRect.standardized
        if crop.width > 0, crop.height > 0, crop.minX.isFinite, crop.minY.isFinite, crop.width.isFinite,
            crop.height.isFinite {
            let picked = CGRect(x: crop.minX * imageSize.width, y: crop.minY * imageSize.height,
                                width: crop.width * imageSize.width, height: crop.height * imageSize.height)
                .intersection(full)
            if !picked.isNull, picked.width > 0, picked.height > 0 { shown = picked }
        } else if crop.minX.isFinite, crop.minY.isFinite {
            anchor = CGPoint(x: min(max(crop.minX, 0), 1), y: min(max(crop.minY, 0), 1))
        }
        let width = Double(targetWidth), height = Double(targetHeight)
        let size: CGSize
        switch contentMode {
        case .scaleToFill:
            size = CGSize(width: width, height: height)
        case .scaleAspectFit:
            let factor = min(width / shown.width, height / shown.height)
            size = CGSize(width: shown.width * factor, height: shown.height * factor)
        case .scaleAspectFill:
            let factor = max(width / shown.width, height / shown.height)
            size = CGSize(width: shown.width * factor, height: shown.height * factor)
        case .center:
            size = CGSize(width: shown.width * scale, height: shown.height * scale)
        }
        source = shown
        destination = CGRect(x: (width - size.width) * anchor.x, y: (height - size.height) * anchor.y,
                             width: size.width, height: size.height)
    }

    /// Bitmap pixels per image pixel, the larger of the two axes: a decode at
    /// this resolution or above loses nothing the bitmap can show.
    var pixelsPerImagePixel: Double {
        max(destination.width / source.width, destination.height / source.height)
    }
}

import Foundation
import WeftCore
import WeftDisplay

extension Job {
    /// A camera's photo decoded for a feed cell: the DCT-scaled decode against
    /// a full decode scaled down by Cairo, both through `ImageNode`.
    static func imageScaledDecode() -> Job {
        let node = CGSize(width: 390, height: 293)
        return Job(
            id: "image.jpeg",
            name: "decode a 4000x3000 JPEG for a 390x293-pt cell at 2x",
            peer: "full decode + Cairo downscale",
            target: ">= 4x",
            note: "Images: a 4000x3000 photo-like JPEG (gradients and noise, quality 85, made by libjpeg-turbo in the "
                + "run) shown aspect-fill by an ImageNode of 390x293 points at 2x, drawn on main (no cache: a new "
                + "source id each sample). Weft decodes it at 1/4 in the DCT domain (1000x750), then Cairo fits it "
                + "to 780x586 pixels; the peer is the same node with scaled decoding off: every pixel decoded, "
                + "then scaled by the same Cairo filter.",
            prepare: {
                let jpeg = try Self.photo(width: 4_000, height: 3_000).jpegData(quality: 85)
                var sample = 0
                @MainActor func draw(scaled: Bool) throws -> Duration {
                    sample += 1
                    let image = ImageNode(source: .data(jpeg, id: "photo-\(sample)"))
                    image.allowsScaledDecoding = scaled
                    image.displaysAsynchronously = false
                    image.contentsScale = 2
                    _ = image.layoutThatFits(try SizeRange(exactly: node))
                    let time = try timed { try image.recursivelySetInterfaceState([.display]) }
                    guard image.contents?.pixelWidth == 780, image.imageError == nil else {
                        throw JobFailure("the photo did not draw: \(String(describing: image.imageError))")
                    }
                    try image.recursivelySetInterfaceState([])
                    DecodedImageCache.shared.removeAll()
                    return time
                }
                let full = Double(4_000 * 3_000 * 4) / 1_048_576, quarter = Double(1_000 * 750 * 4) / 1_048_576
                return Sides(
                    weft: { try draw(scaled: true) },
                    peer: { try draw(scaled: false) },
                    remark: "The decode's pixel buffer, its largest allocation: "
                        + String(format: "%.1f MiB at 1/4 against %.1f MiB at full size (1/16)", quarter, full)
                        + "; the JPEG is \(jpeg.count >> 10) KiB."
                )
            },
            check: { $0.peer >= $0.weft * 4 }
        )
    }

    /// Smooth gradients with a little noise, so the JPEG has a photo's entropy.
    private static func photo(width: Int, height: Int) throws -> Bitmap {
        var random = SplitMix64(seed: 42)
        return try Bitmap(pixelWidth: width, pixelHeight: height) { pixels, stride in
            for y in 0 ..< height {
                let row = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0 ..< width {
                    let noise = UInt32(random.next() & 0x1F)
                    let r = UInt32(x * 255 / width) ^ noise, g = UInt32(y * 255 / height), b = UInt32((x + y) & 0xFF)
                    row[x] = 0xFF00_0000 | r << 16 | g << 8 | b
                }
            }
        }
    }
}

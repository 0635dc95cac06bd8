import Foundation
import Testing
import WeftCore
@testable import WeftDisplay
import WeftNode

/// A bitmap of four opaque quadrants: red top left, green top right, blue
/// bottom left, white bottom right (so every turn and mirror is told apart).
func quadrants(width: Int, height: Int) throws -> Bitmap {
    try Bitmap(pixelWidth: width, pixelHeight: height) { pixels, stride in
        for y in 0 ..< height {
            let row = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0 ..< width {
                let left = x < width / 2, top = y < height / 2
                row[x] = top ? (left ? 0xFFFF_0000 : 0xFF00_FF00) : (left ? 0xFF00_00FF : 0xFFFF_FFFF)
            }
        }
    }
}

/// The colour nearest `pixel` of red, green, blue, white and black, by name.
func colourName(_ pixel: UInt32) -> String {
    let r = Int(pixel >> 16 & 0xFF), g = Int(pixel >> 8 & 0xFF), b = Int(pixel & 0xFF)
    let named = [("red", 255, 0, 0), ("green", 0, 255, 0), ("blue", 0, 0, 255), ("white", 255, 255, 255), ("black", 0, 0, 0)]
    return named.min { ($0.1 - r) * ($0.1 - r) + ($0.2 - g) * ($0.2 - g) + ($0.3 - b) * ($0.3 - b)
        < ($1.1 - r) * ($1.1 - r) + ($1.2 - g) * ($1.2 - g) + ($1.3 - b) * ($1.3 - b) }!.0
}

/// A JPEG with an EXIF APP1 segment giving `orientation`, spliced after SOI.
func withOrientation(_ jpeg: Data, _ orientation: UInt16, bigEndian: Bool) -> Data {
    var tiff: [UInt8] = bigEndian ? [0x4D, 0x4D, 0, 42, 0, 0, 0, 8] : [0x49, 0x49, 42, 0, 8, 0, 0, 0]
    func short(_ value: UInt16) -> [UInt8] { bigEndian ? [UInt8(value >> 8), UInt8(value & 0xFF)] : [UInt8(value & 0xFF), UInt8(value >> 8)] }
    func long(_ value: UInt32) -> [UInt8] {
        let bytes = [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
        return bigEndian ? bytes : bytes.reversed()
    }
    tiff += short(1) + short(0x0112) + short(3) + long(1) + short(orientation) + [0, 0] + long(0)
    let payload = Array("Exif".utf8) + [0, 0] + tiff
    let length = payload.count + 2
    var out = Data(jpeg.prefix(2))
    out.append(contentsOf: [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload)
    out.append(jpeg.dropFirst(2))
    return out
}

@Suite struct ImageDecodingTests {
    func target(_ width: Int, _ height: Int, _ mode: ContentMode = .scaleAspectFill,
                crop: CGRect = CGRect(x: 0.5, y: 0.5, width: 0, height: 0)) -> _ImageDecoder.Target {
        _ImageDecoder.Target(pixelWidth: width, pixelHeight: height, scale: 2, contentMode: mode, cropRect: crop)
    }

    @Test func theFormatIsToldByItsFirstBytes() throws {
        let image = try quadrants(width: 16, height: 16)
        #expect(ImageFormat(sniffing: image.pngData()) == .png)
        #expect(ImageFormat(sniffing: image.jpegData()) == .jpeg)
        #expect(ImageFormat(sniffing: image.webPData()) == .webP)
        #expect(ImageFormat(sniffing: Data("GIF89a".utf8)) == nil)
        #expect(ImageFormat(sniffing: Data()) == nil)
    }

    @Test func aPhotoForASmallCellDecodesAtAQuarterInTheDCTDomain() throws {
        // 4000x3000 for a 390x293-pt node at 2x: 780x586 pixels need 0.195 of the photo, so 1/4 (1000x750).
        let photo = try quadrants(width: 4000, height: 3000).jpegData(quality: 80)
        let decoded = try _ImageDecoder.decode(photo, source: "photo", for: target(780, 586))
        #expect(decoded.width == 1000 && decoded.height == 750, "decoded at 1/4, not at full size")
        #expect(decoded.storedWidth == 4000 && decoded.storedHeight == 3000)
        #expect(_ImageDecoder.jpegDenominator(forPixelsPerImagePixel: 0.1) == 8)
        #expect(_ImageDecoder.jpegDenominator(forPixelsPerImagePixel: 0.2) == 4)
        #expect(_ImageDecoder.jpegDenominator(forPixelsPerImagePixel: 0.5) == 2)
        #expect(_ImageDecoder.jpegDenominator(forPixelsPerImagePixel: 0.51) == 1)
        #expect(_ImageDecoder.jpegDenominator(forPixelsPerImagePixel: 3) == 1)
        // And the bitmap drawn from it shows the photo's four quadrants.
        let bitmap = try Bitmap(_drawing: decoded, target: target(780, 586), cornerRadius: 0, source: "photo")
        #expect(colourName(bitmap.pixel(x: 100, y: 100)) == "red")
        #expect(colourName(bitmap.pixel(x: 680, y: 100)) == "green")
        #expect(colourName(bitmap.pixel(x: 100, y: 480)) == "blue")
        #expect(colourName(bitmap.pixel(x: 680, y: 480)) == "white")
    }

    @Test(arguments: [1, 4])
    func aCMYKJPEGFromAPrintToolShowsItsColours(denominator: Int) throws {
        // Adobe's inverted CMYK, as Photoshop writes it; decoded whole and at 1/4 in the DCT domain.
        let photo = try quadrants(width: 400, height: 200).cmykJPEGData(quality: 90)
        #expect(ImageFormat(sniffing: photo) == .jpeg)
        let width = 400 / denominator, height = 200 / denominator
        let decoded = try _ImageDecoder.decode(photo, source: "print", for: target(width, height))
        #expect(decoded.width == width && decoded.height == height)
        let bitmap = try Bitmap(_drawing: decoded, target: target(width, height), cornerRadius: 0, source: "print")
        #expect(colourName(bitmap.pixel(x: width / 4, y: height / 4)) == "red")
        #expect(colourName(bitmap.pixel(x: width * 3 / 4, y: height / 4)) == "green")
        #expect(colourName(bitmap.pixel(x: width / 4, y: height * 3 / 4)) == "blue")
        #expect(colourName(bitmap.pixel(x: width * 3 / 4, y: height * 3 / 4)) == "white")
        let red = bitmap.pixel(x: width / 4, y: height / 4)
        #expect(red >> 24 == 0xFF && red >> 16 & 0xFF > 240 && red >> 8 & 0xFF < 16, "opaque, and red: \(String(red, radix: 16))")
    }

    @Test func aWebPDecodesStraightToTheSizeShown() throws {
        let webP = try quadrants(width: 400, height: 200).webPData(quality: 90)
        let decoded = try _ImageDecoder.decode(webP, source: "webp", for: target(100, 50))
        #expect(decoded.width == 100 && decoded.height == 50)
        let lossless = try Bitmap(imageData: try quadrants(width: 40, height: 20).webPData(quality: nil))
        #expect(lossless.pixel(x: 5, y: 5) == 0xFFFF_0000 && lossless.pixel(x: 35, y: 15) == 0xFFFF_FFFF)
    }

    @Test func aLosslessWebPKeepsTranslucentPixels() throws {
        // Premultiplied half-transparent orange, fully transparent, and opaque blue.
        let pixels: [UInt32] = [0x8080_4000, 0x0000_0000, 0xFF00_00FF]
        let source = try Bitmap(pixelWidth: 3, pixelHeight: 1) { bytes, _ in
            bytes.assumingMemoryBound(to: UInt32.self).update(from: pixels, count: 3)
        }
        let round = try Bitmap(imageData: source.webPData(quality: nil))
        for (x, expected) in pixels.enumerated() {
            let got = round.pixel(x: x, y: 0)
            for shift: UInt32 in [0, 8, 16, 24] {
                let a = Int(got >> shift & 0xFF), b = Int(expected >> shift & 0xFF)
                #expect(abs(a - b) <= 1, "pixel \(x): \(String(got, radix: 16)) for \(String(expected, radix: 16))")
            }
        }
    }

    @Test(arguments: [(1, ["red", "green", "blue", "white"]), (2, ["green", "red", "white", "blue"]),
                      (3, ["white", "blue", "green", "red"]), (4, ["blue", "white", "red", "green"]),
                      (5, ["red", "blue", "green", "white"]), (6, ["blue", "red", "white", "green"]),
                      (7, ["white", "green", "blue", "red"]), (8, ["green", "white", "red", "blue"])])
    func exifOrientationTurnsThePhotoUpright(orientation: Int, corners: [String]) throws {
        // Stored 64x32; orientations 5-8 stand it 32x64.
        let stored = try quadrants(width: 64, height: 32).jpegData(quality: 95)
        for bigEndian in [false, true] {
            let image = try Bitmap(imageData: withOrientation(stored, UInt16(orientation), bigEndian: bigEndian))
            let (w, h) = orientation >= 5 ? (32, 64) : (64, 32)
            #expect(image.pixelWidth == w && image.pixelHeight == h)
            let seen = [(4, 4), (w - 5, 4), (4, h - 5), (w - 5, h - 5)].map { colourName(image.pixel(x: $0.0, y: $0.1)) }
            #expect(seen == corners, "orientation \(orientation), \(bigEndian ? "big" : "little")-endian EXIF")
        }
    }

    @Test func contentModesPlaceAWideImageInASquare() throws {
        // 128x32 (red | green over blue | white) into 80x80 pixels.
        let wide = try quadrants(width: 128, height: 32).pngData()
        func draw(_ mode: ContentMode, crop: CGRect = CGRect(x: 0.5, y: 0.5, width: 0, height: 0)) throws -> Bitmap {
            let decoded = try _ImageDecoder.decode(wide, source: "wide", for: target(80, 80, mode, crop: crop))
            return try Bitmap(_drawing: decoded, target: target(80, 80, mode, crop: crop), cornerRadius: 0, source: "wide")
        }
        let fill = try draw(.scaleAspectFill)  // 320x80, centred: the middle 80 columns
        #expect(colourName(fill.pixel(x: 10, y: 10)) == "red" && colourName(fill.pixel(x: 70, y: 10)) == "green")
        #expect(colourName(fill.pixel(x: 10, y: 70)) == "blue")
        let fit = try draw(.scaleAspectFit)  // 80x20 at y 30
        #expect(fit.pixel(x: 40, y: 10) >> 24 == 0, "the margin is clear")
        #expect(colourName(fit.pixel(x: 10, y: 33)) == "red" && colourName(fit.pixel(x: 70, y: 47)) == "white")
        let stretch = try draw(.scaleToFill)
        #expect(colourName(stretch.pixel(x: 10, y: 10)) == "red" && colourName(stretch.pixel(x: 70, y: 70)) == "white")
        let centre = try draw(.center)  // 256x64 at scale 2, centred: rows 8-72, cut left and right
        #expect(centre.pixel(x: 40, y: 4) >> 24 == 0 && colourName(centre.pixel(x: 10, y: 20)) == "red")
        let topLeft = try draw(.scaleAspectFill, crop: CGRect(x: 0, y: 0, width: 0, height: 0))
        #expect(colourName(topLeft.pixel(x: 70, y: 10)) == "red", "anchored left: only the red quarter's start shows")
        let cropped = try draw(.scaleToFill, crop: CGRect(x: 0.5, y: 0.5, width: 0.5, height: 0.5))
        #expect(colourName(cropped.pixel(x: 5, y: 5)) == "white" && colourName(cropped.pixel(x: 75, y: 75)) == "white")
    }

    @Test func brokenImagesAreTypedErrors() throws {
        let jpeg = try quadrants(width: 64, height: 64).jpegData()
        let webP = try quadrants(width: 64, height: 64).webPData()
        let png = try quadrants(width: 64, height: 64).pngData()
        let small = target(32, 32)
        func error(_ data: Data) -> ImageError? {
            do {
                _ = try _ImageDecoder.decode(data, source: "x", for: small)
                return nil
            } catch {
                return error
            }
        }
        #expect(error(jpeg.prefix(jpeg.count / 2)) == .truncated(source: "x", format: .jpeg))
        #expect(error(png.prefix(png.count / 2)) == .truncated(source: "x", format: .png))
        if case .truncated = error(webP.prefix(webP.count / 2)) {} else if case .corrupt = error(webP.prefix(webP.count / 2)) {} else {
            Issue.record("a half WebP decoded: \(String(describing: error(webP.prefix(webP.count / 2))))")
        }
        var garbled = jpeg
        for index in 200 ..< 260 { garbled[index] = 0xFF }
        #expect(error(garbled) != nil, "a garbled JPEG is refused")
        #expect(error(Data([0xFF, 0xD8, 0xFF])) != nil)
        #expect(error(Data("RIFF\0\0\0\0WEBP".utf8)) != nil)
        #expect(error(Data("not an image".utf8)) == .undecodable(source: "x"))
        // A header announcing 60000x60000: too large even at 1/8 for a full-size decode.
        var huge = jpeg
        if let sof = (2 ..< huge.count - 9).first(where: { huge[$0] == 0xFF && huge[$0 + 1] == 0xC0 }) {
            huge[sof + 5] = 0xEA; huge[sof + 6] = 0x60; huge[sof + 7] = 0xEA; huge[sof + 8] = 0x60
        }
        let full = _ImageDecoder.Target(pixelWidth: 60_000, pixelHeight: 60_000, scale: 1, contentMode: .center, cropRect: .zero)
        do {
            _ = try _ImageDecoder.decode(huge, source: "x", for: full)
            Issue.record("a 60000x60000 JPEG decoded")
        } catch {
            #expect(error == .tooLarge(source: "x", pixelWidth: 60_000, pixelHeight: 60_000))
        }
    }

    @Test func theMemoryCacheEvictsTheLeastRecentlyUsedPastItsLimit() throws {
        var cache = _LRUCache<Int, String>(costLimit: 10)
        for key in 0 ..< 5 { cache.insert("\(key)", for: key, cost: 3) }
        cache._checkInvariants()
        #expect(cache.count == 3 && cache.totalCost == 9 && cache.evictions == 2)
        _ = cache.value(for: 2)  // 2 is now the newest
        cache.insert("5", for: 5, cost: 3)
        cache._checkInvariants()
        #expect(cache.value(for: 2) == "2" && cache.value(for: 3) == nil, "3 was the least recently used")
        cache.insert("big", for: 9, cost: 11)
        #expect(cache.value(for: 9) == nil, "a value above the limit is not kept")
        cache.costLimit = 3
        cache._checkInvariants()
        #expect(cache.count == 1)
    }
}

import Foundation
import Testing
import WeftCore
import WeftDisplay
import WeftNode
import WeftTestSupport

/// A PNG of `width × height` pixels: opaque red on the left half, blue on the right.
func twoColourPNG(width: Int = 64, height: Int = 32) throws -> Data {
    try Bitmap(pixelWidth: width, pixelHeight: height) { pixels, stride in
        for y in 0 ..< height {
            let row = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0 ..< width { row[x] = x < width / 2 ? 0xFFFF_0000 : 0xFF00_00FF }
        }
    }.pngData()
}

@MainActor
@Suite struct ImageNodeTests {
    func node(_ source: ImageSource, size: CGSize = CGSize(width: 32, height: 16), radius: Double = 0) throws -> ImageNode {
        let node = ImageNode(source: source)
        node.imageCornerRadius = radius
        node.contentsScale = 2
        _ = node.layoutThatFits(try SizeRange(exactly: size))
        return node
    }

    @Test func decodesOffMainInPreloadAndDrawsScaledToItsBounds() async throws {
        let node = try node(.data(try twoColourPNG(width: 128, height: 64), id: "two-colour-128"))
        try node.recursivelySetInterfaceState([.preload])
        ImageNode.waitForPreloadDecodes()
        let decoded = try #require(node.decodedImage)
        #expect(decoded.pixelWidth == 64 && decoded.pixelHeight == 32, "decoded at the node's pixel size")
        try node.recursivelySetInterfaceState([.preload, .display])
        await DisplayNode.waitUntilScheduledDisplaysFinish()
        let contents = try #require(node.contents)
        #expect(contents.pixelWidth == 64 && contents.pixelHeight == 32)
        #expect(contents.pixel(x: 8, y: 16) == 0xFFFF_0000)
        #expect(contents.pixel(x: 56, y: 16) == 0xFF00_00FF)
    }

    @Test func roundedCornersAreClippedIntoTheDecodedImage() async throws {
        let node = try node(.data(try twoColourPNG(), id: "two-colour-64"), radius: 6)
        node.displaysAsynchronously = false
        try node.recursivelySetInterfaceState([.display])
        let contents = try #require(node.contents)
        #expect(contents.pixel(x: 0, y: 0) >> 24 == 0, "the corner is cut")
        #expect(contents.pixel(x: 16, y: 16) == 0xFFFF_0000)
        #expect(try ImageNodeTests.matchesReference(contents, "image-rounded-2x.png"))
    }

    @Test func nodesShowingOneImageAtOneSizeShareTheDecodedBitmap() throws {
        let png = try twoColourPNG()
        let nodes = try (0 ..< 3).map { _ in try node(.data(png, id: "shared-64")) }
        for node in nodes { try node.recursivelySetInterfaceState([.preload]) }
        ImageNode.waitForPreloadDecodes()
        let first = try #require(nodes[0].decodedImage)
        #expect(nodes.allSatisfy { $0.decodedImage === first })
    }

    @Test func anUndecodableImageIsATypedErrorAndDrawsOnlyTheBackground() async throws {
        let node = try node(.data(Data("not a png".utf8), id: "garbage"))
        node.backgroundColor = .white
        try node.recursivelySetInterfaceState([.preload, .display])
        ImageNode.waitForPreloadDecodes()
        // The failed decode asks for a new drawing from the decoding thread, which
        // reaches main a turn later: wait until the latest drawing has landed.
        var turns = 0
        repeat {
            await DisplayNode.waitUntilScheduledDisplaysFinish()
            await Task.yield()
            turns += 1
        } while !node.isDisplayComplete && turns < 10_000
        #expect(node.imageError == .undecodable(source: "'garbage' (9 bytes)"))
        #expect(node.contents?.pixel(x: 10, y: 10) == 0xFFFF_FFFF, "the background still draws")
    }

    @Test func aHugeImageIsRefusedFromItsHeaderBeforeDecoding() throws {
        // A PNG header announcing 100,000 × 100,000 pixels, and nothing else.
        var header = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
        header.append(contentsOf: [0x00, 0x01, 0x86, 0xA0, 0x00, 0x01, 0x86, 0xA0, 8, 6, 0, 0, 0])
        let node = try node(.data(header, id: "huge"))
        try node.recursivelySetInterfaceState([.preload])
        ImageNode.waitForPreloadDecodes()
        #expect(node.imageError == .tooLarge(source: "'huge' (29 bytes)", pixelWidth: 100_000, pixelHeight: 100_000))
        #expect(node.decodedImage == nil)
    }

    @Test func aMissingFileIsATypedError() throws {
        let node = try node(.file("/nonexistent/avatar.png"))
        try node.recursivelySetInterfaceState([.preload])
        ImageNode.waitForPreloadDecodes()
        guard case .unreadable(let source, _) = node.imageError else {
            Issue.record("expected unreadable, got \(String(describing: node.imageError))")
            return
        }
        #expect(source == "/nonexistent/avatar.png")
    }

    static func matchesReference(_ bitmap: Bitmap, _ name: String, file: String = #filePath) throws -> Bool {
        try ReferenceImage.matches(
            bitmap, name, besides: file, encode: { $0.pngData() }, decode: { try Bitmap(pngData: $0, scale: bitmap.scale) }
        ).matches
    }
}

@Suite struct FontTests {
    @Test func aMissingFamilyFallsBackAndIsRecordedOnce() throws {
        let family = "No Such Family \(UInt32.random(in: 0 ... .max))"
        for _ in 0 ..< 2 {
            let node = TextNode(AttributedText("fallback", attributes: TextAttributes(fontFamily: family)))
            let size = node.layoutThatFits(try SizeRange(min: .zero, max: CGSize(width: 300, height: 100))).size
            #expect(size.width > 20, "the nearest match still draws")
        }
        #expect(Fonts.diagnostics.errors(of: FontError.self).filter { $0 == .missingFamily(family) }.count == 1)
        #expect(Fonts.availableFamilies.contains(Fonts.defaultFamily))
    }
}

import Foundation
import Testing
import WeftCore
import WeftDisplay
import WeftNode

/// Reliability round 4 (issue 58): the numbers of the display path. Each test
/// is a finding's reproducer; each trapped or drew wrong before its fix.
@MainActor
@Suite struct DisplayNumbersTests {
    /// G5: components set after `init` were kept as given, and trapped where they were converted.
    @Test func aColourCannotHoldAComponentOutsideZeroToOne() {
        var color = Color.black
        color.red = 1.5
        color.green = -0.25
        color.blue = .nan
        color.alpha = 7
        #expect(color == Color(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(color.premultipliedARGB32 == 0xFFFF_0000)
        #expect(color.description == "#ff0000")
        var background = Color.white
        background.red = 7
        #expect(background.premultipliedARGB32 == 0xFFFF_FFFF, "no channel overflows into the next")
        var set: Set<Color> = [Color(red: 1, green: 0, blue: 0)]
        set.insert(color)
        #expect(set.count == 1, "equal colours hash alike")
    }

    /// G5 and G11, on the measuring thread: a colour and a font size set after `init`.
    @Test func attributesSetAfterInitAreSanitisedLikeInit() throws {
        var attributes = TextAttributes()
        attributes.color = Color(red: 1.5, green: 0, blue: 0)
        let reference = TextNode(AttributedText("Same size", attributes: TextAttributes(fontSize: 14)))
        let expected = reference.layoutThatFits(try SizeRange(min: .zero, max: CGSize(width: 300, height: 100))).size
        for size in [0, .infinity, -.infinity, .nan, -12] as [Double] {
            attributes.fontSize = size
            #expect(attributes.fontSize == 14, "a font size of \(size) set after init")
            let node = TextNode(AttributedText("Same size", attributes: attributes))
            let measured = node.layoutThatFits(try SizeRange(min: .zero, max: CGSize(width: 300, height: 100))).size
            #expect(measured == expected, "a font size of \(size) measures as 14 pt")
        }
    }

    /// G6: a finite width Pango's 32-bit units cannot hold trapped converting it.
    @Test func aHugeFiniteWidthIsNoLimit() throws {
        let unbounded = TextNode(AttributedText("one line of text, however wide the node may be"))
        let expected = unbounded.layoutThatFits(
            try SizeRange(min: .zero, max: CGSize(width: CGFloat.infinity, height: CGFloat.infinity))).size
        for width in [1e7, 1e17, 1e300] as [CGFloat] {
            let node = TextNode(AttributedText("one line of text, however wide the node may be"))
            let size = node.layoutThatFits(try SizeRange(min: .zero, max: CGSize(width: width, height: CGFloat.infinity))).size
            #expect(size == expected, "measured at a width of \(width)")
            #expect(node.lineCount == 1)
        }
    }

    /// Found by the Display fuzzer: a node of zero width or height (a divider
    /// laid out at 0 pt) said "a bitmap of 118x0 pixels is empty" as its
    /// `displayError`, so its whole cell counted blank. It has nothing to show,
    /// and nothing failed: it is complete, without contents.
    @Test(arguments: [CGSize(width: 100, height: 0), CGSize(width: 0, height: 40), .zero])
    func aNodeOfNoPixelsIsCompleteWithoutContents(size: CGSize) throws {
        let node = DisplayNode()
        node.backgroundColor = .black
        node.displaysAsynchronously = false
        node.contentsScale = 2
        _ = node.layoutThatFits(try SizeRange(exactly: size))
        try node.recursivelySetInterfaceState([.preload, .display])
        #expect(node.displayError == nil, "\(size): \(String(describing: node.displayError))")
        #expect(node.contents == nil && node.isDisplayComplete)
    }

    /// G4: a scale that makes the contents too large trapped in the capture on main.
    @Test(arguments: [1e300, 1e10])
    func aScaleTooLargeForABitmapIsADisplayError(scale: Double) throws {
        let node = DisplayNode()
        node.backgroundColor = .black
        node.displaysAsynchronously = false
        node.contentsScale = scale
        _ = node.layoutThatFits(try SizeRange(exactly: CGSize(width: 100, height: 100)))
        try node.recursivelySetInterfaceState([.preload, .display])
        #expect(node.contents == nil)
        guard case .bitmap(.tooLarge, _) = node.displayError else {
            Issue.record("expected a too-large display error, got \(String(describing: node.displayError))")
            return
        }
    }

    /// G4, for an image: the decode request converted the same product.
    @Test func anImageAtAScaleTooLargeIsATypedError() throws {
        let node = ImageNode(source: .data(try twoColourPNG(), id: "two-colour-scale"))
        node.contentsScale = 1e300
        _ = node.layoutThatFits(try SizeRange(exactly: CGSize(width: 40, height: 40)))
        try node.recursivelySetInterfaceState([.preload])
        ImageNode.waitForPreloadDecodes()
        guard case .tooLarge = node.imageError else {
            Issue.record("expected tooLarge, got \(String(describing: node.imageError))")
            return
        }
    }

    /// G10: an invalid scale was reported as an image beyond the bitmap limit.
    @Test(arguments: [0, -1, Double.nan, .infinity])
    func aPNGAtAnInvalidScaleSaysSo(scale: Double) throws {
        let data = try twoColourPNG(width: 4, height: 3)
        #expect {
            _ = try Bitmap(pngData: data, scale: scale)
        } throws: { error in
            guard case ImageError.invalidScale(_, let refused) = error else { return false }
            return refused.isNaN ? scale.isNaN : refused == scale
        }
    }

    /// G12: two nodes of one source and one pixel size, at 2x and at 1x, shared
    /// one decoded bitmap: the 1x node got the 2x corners and scale.
    @Test func nodesAtTwoScalesDoNotShareADecodedImage() throws {
        let source = ImageSource.data(try twoColourPNG(width: 160, height: 160), id: "two-colour-corners")
        let retina = ImageNode(source: source), plain = ImageNode(source: source)
        retina.contentsScale = 2
        plain.contentsScale = 1
        for (node, points) in [(retina, 40.0), (plain, 80.0)] {
            node.imageCornerRadius = 10
            _ = node.layoutThatFits(try SizeRange(exactly: CGSize(width: points, height: points)))
            try node.recursivelySetInterfaceState([.preload])
        }
        ImageNode.waitForPreloadDecodes()
        let big = try #require(retina.decodedImage), small = try #require(plain.decodedImage)
        #expect(big !== small)
        #expect(small.scale == 1 && big.scale == 2)
        #expect(small.pixel(x: 4, y: 4) >> 24 == 255, "a 10-pixel corner leaves (4, 4) opaque")
        #expect(big.pixel(x: 4, y: 4) >> 24 == 0, "a 20-pixel corner clips (4, 4)")
    }
}

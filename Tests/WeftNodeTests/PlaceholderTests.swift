import Foundation
import Testing
import WeftCore
@testable import WeftNode

/// A node that says it waits for its content until told otherwise.
final class AwaitingNode: DisplayNode, @unchecked Sendable {
    let awaiting = PosixMutex(true)
    override var isAwaitingContents: Bool { awaiting.withLock { $0 } }
}

@MainActor
@Suite struct PlaceholderTests {
    func laidOut(_ node: DisplayNode, _ size: CGSize = CGSize(width: 40, height: 20)) throws -> DisplayNode {
        node.contentsScale = 2
        _ = node.layoutThatFits(try SizeRange(exactly: size))
        return node
    }

    @Test func theDefaultPlaceholderIsItsColourAtItsSizeAndCornersSharedAcrossNodes() throws {
        let a = try laidOut(DisplayNode()), b = try laidOut(DisplayNode()), c = try laidOut(DisplayNode())
        c.placeholderColor = Color(red: 1, green: 0, blue: 0)
        a.cornerRadius = 4
        b.cornerRadius = 4
        let image = try #require(a.placeholderImage())
        #expect(image.pixelWidth == 80 && image.pixelHeight == 40 && image.scale == 2)
        #expect(image.pixel(x: 40, y: 20) == Color(white: 0.92).premultipliedARGB32, "the default light grey")
        #expect(image.pixel(x: 0, y: 0) >> 24 == 0, "the corner is cut")
        #expect(b.placeholderImage() === image, "one bitmap for every node of one size, colour and radius")
        #expect(c.placeholderImage() !== image && c.placeholderImage()?.pixel(x: 40, y: 20) == 0xFFFF_0000)
        #expect(DisplayNode().placeholderImage() == nil, "no size, no placeholder")
    }

    @Test func aNodeAwaitingItsContentsIsNotComplete() throws {
        let node = AwaitingNode()
        node.displaysAsynchronously = false
        _ = try laidOut(node)
        try node.recursivelySetInterfaceState([.display])
        #expect(!node.isDisplayComplete && !node.isSelfDisplayComplete)
        node.placeholderEnabled = true
        #expect(node.pendingNodesShowPlaceholders)
        node.awaiting.withLock { $0 = false }
        #expect(node.isDisplayComplete)
    }
}

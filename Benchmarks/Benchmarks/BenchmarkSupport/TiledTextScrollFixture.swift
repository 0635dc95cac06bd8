public import Foundation
public import Weft
import WeftCore
import WeftDisplay
import WeftHeadless
import WeftSampleFeed
import WeftSimulation

/// One text node of about a megabyte of posts (a paragraph each) in a list,
/// at 2x in a 390x844 viewport, scrolled from top to bottom in real time: the
/// text is far taller than any bitmap, so it draws the tiles of the display
/// range (`DisplayNode.drawsInTiles`). Its tiles are drawn off main, or on
/// main as UIKit's `draw(_:)` would (the peer).
@MainActor
public final class TiledTextScrollFixture: CollectionNodeDataSource {
    public let node: CollectionNode
    private let scheduler = QueueScheduler()
    private let text: AttributedText
    private let asynchronous: Bool
    public nonisolated static let viewport = CGSize(width: 390, height: 844)

    /// What the frames of a scroll saw.
    public struct Frames {
        /// The main thread's time per frame: jobs, commits, scroll, range
        /// update and the capture (and, synchronously, the drawing) of tiles.
        public var main: [Duration] = []
        /// Frames whose screen had the text's cell blank (a tile on screen not drawn).
        public var blankFrames = 0
        public var frames = 0
        /// The most bytes the text's tiles held at once.
        public var peakTileBytes = 0
    }

    /// Makes the list; `kilobytes` of posts, drawn off main when `asynchronous`.
    public init(kilobytes: Int, asynchronous: Bool) throws {
        var paragraphs: [String] = [], bytes = 0, id = 0
        while bytes < kilobytes * 1_000 {
            let body = "\(id). " + PostContent.body(for: id, version: 0)
            paragraphs.append(body)
            bytes += body.utf8.count + 1
            id += 1
        }
        text = AttributedText(paragraphs.joined(separator: "\n"), attributes: TextAttributes(fontSize: 15))
        self.asynchronous = asynchronous
        node = CollectionNode(layout: try ListLayout(), view: HeadlessCollectionView(), mainScheduler: scheduler,
                              deallocQueue: .shared)
        node.dataSource = self
        node.viewportSize = Self.viewport
        node.isVisible = true
        DisplayNode.defaultContentsScale = 2
    }

    /// The text's size in bytes.
    public var byteCount: Int { text.string.utf8.count }

    /// The text node, once made.
    public var textNode: TextNode? {
        node.nodeForItem(at: IndexPath(item: 0, section: 0))?.subnodes.first as? TextNode
    }

    /// Loads and measures the text, and draws the first screen.
    public func load() throws {
        node.reloadData()
        while node.visibleNodes.isEmpty {
            guard scheduler.waitForJob(timeout: .seconds(120)) else { throw LazyFeedFixture.Stalled() }
            scheduler.runJob()
        }
        node.layoutIfNeeded()
        for cell in node.visibleNodes { cell.recursivelyEnsureDisplaySynchronously() }
    }

    /// The longest offset: the text's end at the viewport's bottom.
    public var endOffset: CGFloat { max(node.layout.contentSize.height - Self.viewport.height, 0) }

    /// Scrolls `frames` frames (or to the end, `nil`) at `screensPerSecond`,
    /// paced at 60 Hz, from the current offset; back to the top first when
    /// fewer than `frames` remain.
    public func scroll(frames: Int?, screensPerSecond: Double) -> Frames {
        let clock = ContinuousClock()
        let period = Duration.microseconds(16_667)
        let step = Self.viewport.height * screensPerSecond / 60
        if let frames, node.contentOffset.y + step * CGFloat(frames) > endOffset {
            node.contentOffset.y = 0
            node.layoutIfNeeded()
            for cell in node.visibleNodes { cell.recursivelyEnsureDisplaySynchronously() }
        }
        var result = Frames()
        var deadline = clock.now
        while frames.map({ result.frames < $0 }) ?? (node.contentOffset.y < endOffset) {
            let start = clock.now
            scheduler.runScheduledJobs()
            DisplayNode.commitFinishedDisplays()
            node.contentOffset.y = min(node.contentOffset.y + step, endOffset)
            node.layoutIfNeeded()
            result.main.append(clock.now - start)
            result.frames += 1
            if !node.blankVisibleItems.isEmpty { result.blankFrames += 1 }
            let bytes = textNode?.contentsTiles.reduce(0) { $0 + $1.bitmap.byteCount } ?? 0
            result.peakTileBytes = max(result.peakTileBytes, bytes)
            deadline += period
            if clock.now < deadline { Thread.sleep(until: Date(timeIntervalSinceNow: (deadline - clock.now).seconds)) }
        }
        return result
    }

    public func collectionNode(_ collectionNode: CollectionNode, numberOfItemsInSection section: Int) -> Int { 1 }

    public func collectionNode(
        _ collectionNode: CollectionNode, nodeBlockForItemAt indexPath: IndexPath
    ) -> CellNodeBlock {
        let text = text, asynchronous = asynchronous
        return {
            let cell = TextCellNode(text)
            cell.text.displaysAsynchronously = asynchronous
            return cell
        }
    }
}

import Foundation
public import Weft
import WeftCore
import WeftDataController
import WeftDisplay
public import WeftNetworkImage

/// A lazy feed of photo cells, each a network image of 390x293 points at 2x,
/// fetched from a ``PhotoServer`` on 127.0.0.1 through an `ImageDownloader`
/// with a disk cache, scrolled frame by frame at 60 Hz in real time.
@MainActor
public final class PhotoFeedFixture: CollectionNodeDataSource {
    public let node: CollectionNode
    public let server: PhotoServer
    public let downloader: ImageDownloader
    private let scheduler = QueueScheduler()
    private let count: Int
    private let asynchronous: Bool
    public nonisolated static let viewport = CGSize(width: 390, height: 844)
    public nonisolated static let photoSize = CGSize(width: 390, height: 293)

    /// What a run of frames measured.
    public struct Frames {
        /// The main thread's time in each frame.
        public var main: [Duration] = []
        /// Visible cells shown blank, and showing placeholders, summed over the frames.
        public var blankCellFrames = 0
        public var placeholderCellFrames = 0
        /// Visible cells, summed over the frames.
        public var cellFrames = 0
        /// Requests the server answered during the frames.
        public var requests = 0
        /// Each frame's parts: the pipeline's main jobs, the drawings committed,
        /// the scroll with its range update.
        public var phases: [(jobs: Duration, commits: Duration, scroll: Duration)] = []
    }

    /// - Parameters:
    ///   - photos: The distinct JPEGs the server holds (photo *i* is item *i*
    ///     modulo their count).
    ///   - asynchronous: `false` draws every node on main (the peer).
    public init(count: Int, photos: [Data], latency: ClosedRange<Double>, cacheDirectory: URL,
                asynchronous: Bool) throws {
        self.count = count
        self.asynchronous = asynchronous
        server = try PhotoServer(photos: photos, latency: latency)
        downloader = ImageDownloader(diskCache: ImageDiskCache(directory: cacheDirectory))
        node = CollectionNode(
            layout: try ListLayout(estimatedItemLength: Self.photoSize.height), itemLoading: .lazy,
            mainScheduler: scheduler, deallocQueue: .shared)
        node.dataSource = self
        node.viewportSize = Self.viewport
        node.isVisible = true
        DisplayNode.defaultContentsScale = 2
    }

    /// Loads and shows the first screen, its photos landed.
    public func load() throws {
        node.reloadData()
        let clock = ContinuousClock()
        let start = clock.now
        repeat {
            _ = scroll(frames: 1, screensPerSecond: 0)
            guard clock.now - start < .seconds(60) else { throw LazyFeedFixture.Stalled() }
        } while node.visibleNodes.isEmpty || !node.blankVisibleItems.isEmpty || !node.placeholderVisibleItems.isEmpty
    }

    /// Scrolls `frames` frames at `screensPerSecond` (down, or up when
    /// negative), 60 frames a second in real time.
    public func scroll(frames: Int, screensPerSecond: Double) -> Frames {
        let clock = ContinuousClock()
        let period = Duration.microseconds(16_667)
        let step = Self.viewport.height * screensPerSecond / 60
        var result = Frames()
        let requests = server.requests
        var deadline = clock.now
        for _ in 0 ..< frames {
            let start = clock.now
            scheduler.runScheduledJobs()
            let jobsDone = clock.now
            DisplayNode.commitFinishedDisplays()
            let committed = clock.now
            node.contentOffset.y = max(node.contentOffset.y + step, 0)
            node.layoutIfNeeded()
            let end = clock.now
            result.main.append(end - start)
            result.phases.append((jobsDone - start, committed - jobsDone, end - committed))
            result.cellFrames += node.viewIndexPathsForVisibleItems.count
            result.blankCellFrames += node.blankVisibleItems.count
            result.placeholderCellFrames += node.placeholderVisibleItems.count
            deadline += period
            if clock.now < deadline { Thread.sleep(until: Date(timeIntervalSinceNow: (deadline - clock.now).seconds)) }
        }
        result.requests = server.requests - requests
        return result
    }

    public func collectionNode(_ collectionNode: CollectionNode, numberOfItemsInSection section: Int) -> Int {
        count
    }

    public func collectionNode(_ collectionNode: CollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> CellNodeBlock {
        let url = server.url(ofPhoto: indexPath.item), downloader = downloader, asynchronous = asynchronous
        return { PhotoFeedCell(url: url, downloader: downloader, asynchronous: asynchronous) }
    }
}

/// One photo, full width, with the placeholder colour until it lands.
final class PhotoFeedCell: CellNode, @unchecked Sendable {
    let photo: NetworkImageNode

    init(url: URL, downloader: ImageDownloader, asynchronous: Bool) {
        photo = NetworkImageNode(url: url, downloader: downloader)
        super.init()
        photo.displaysAsynchronously = asynchronous
        displaysAsynchronously = asynchronous
        automaticallyManagesSubnodes = true
    }

    override func layoutSpecThatFits(_ range: SizeRange) -> LayoutSpec? {
        .node(photo).style { $0.preferredSize = PhotoFeedFixture.photoSize }
    }
}

import Foundation
import Testing
import Weft
import WeftCore
import WeftDisplay
import WeftNetworkImage
import WeftNode
import WeftTestSupport

/// A 100-point cell that is one network image.
final class PhotoCell: CellNode, @unchecked Sendable {
    let photo: NetworkImageNode

    init(url: URL, downloader: ImageDownloader) {
        photo = NetworkImageNode(url: url, downloader: downloader)
        super.init()
        automaticallyManagesSubnodes = true
        photo.placeholderColor = Color(red: 0.5, green: 0.5, blue: 0.5)
    }

    override func layoutSpecThatFits(_ range: SizeRange) -> LayoutSpec? {
        .node(photo).style { $0.preferredSize = CGSize(width: range.max.width, height: 100) }
    }
}

@MainActor
final class PhotoSource: CollectionNodeDataSource {
    let server: LocalHTTPServer
    let downloader: ImageDownloader
    var count = 40
    var paths: (Int) -> String = { "/photo/\($0 % 5).jpg" }

    init(server: LocalHTTPServer, downloader: ImageDownloader) {
        self.server = server
        self.downloader = downloader
    }

    func collectionNode(_ collectionNode: CollectionNode, numberOfItemsInSection section: Int) -> Int { count }

    func collectionNode(_ collectionNode: CollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> CellNodeBlock {
        let url = server.url(paths(indexPath.item)), downloader = downloader
        return { PhotoCell(url: url, downloader: downloader) }
    }
}

/// Network images end to end through a CollectionNode: placeholders while the
/// photos are in flight (counted apart from blank), the photos once they land,
/// cancellation when cells leave, and no request when scrolling back.
@MainActor
@Suite(.serialized) struct NetworkImageFeedTests {
    func feed(_ source: PhotoSource, inverted: Bool = false) throws -> CollectionNode {
        let node = CollectionNode(layout: try ListLayout())
        node.dataSource = source
        node.isInverted = inverted
        node.viewportSize = CGSize(width: 200, height: 300)
        node.reloadData()
        return node
    }

    /// Runs frames until every visible photo shows (each test waits for its
    /// own feed, never for the process's other fetches).
    func settle(_ node: CollectionNode) async {
        let settled = await until {
            node.layoutIfNeeded()
            return !node.isProcessingUpdates && node.blankVisibleItems.isEmpty && node.placeholderVisibleItems.isEmpty
        }
        #expect(settled, "the visible photos landed within the time allowed")
    }

    /// Item `item`'s photo: the four quadrants, the top left's green channel
    /// telling the item (so each cell can be checked to show its own).
    static func itemPhoto(_ item: Int) throws -> Data {
        try photo(400, 200, tint: UInt32(item * 6) << 8)
    }

    @Test(arguments: [false, true])
    func placeholdersShowUntilThePhotosLandThenThePhotos(inverted: Bool) async throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        for item in 0 ..< 40 { server.route("/photo/\(item).jpg", .ok(try Self.itemPhoto(item))) }
        let downloader = ImageDownloader(diskCache: nil)
        let source = PhotoSource(server: server, downloader: downloader)
        source.paths = { "/photo/\($0).jpg" }
        let node = try feed(source, inverted: inverted)
        await node.waitForAllUpdates()
        await DisplayNode.waitUntilScheduledDisplaysFinish()
        node.layoutIfNeeded()
        let early = try node.composeFrame(scale: 2)
        try early.bitmap.writePNG(to: URL(fileURLWithPath: NSTemporaryDirectory() + "photo-feed-\(inverted ? "inverted" : "list")-early-2x.png"))
        #expect(early.blankItems.allSatisfy { !early.placeholderItems.contains($0) }, "a cell is one or the other")

        for end in ["start", "end"] {
            if end == "end" {
                try node.scrollToItem(at: IndexPath(item: 39, section: 0), at: .bottom)
            }
            await settle(node)
            let frame = try node.composeFrame(scale: 2)
            let name = "photo-feed-\(inverted ? "inverted" : "list")-\(end)-2x.png"
            try frame.bitmap.writePNG(to: URL(fileURLWithPath: NSTemporaryDirectory() + name))
            #expect(frame.blankItems.isEmpty && frame.placeholderItems.isEmpty, "every visible photo landed")
            #expect(frame.visibleItems.count == 3)
            // Each visible cell's rect shows its own item's photo: its green tint at the top left, white at the bottom right.
            for path in frame.visibleItems {
                let rect = node.viewportRect(forContentRect: try #require(node.layout.frameForItem(at: path)))
                let topLeft = frame.bitmap.pixel(x: Int(rect.minX * 2) + 40, y: Int(rect.minY * 2) + 40)
                let bottomRight = frame.bitmap.pixel(x: Int(rect.maxX * 2) - 40, y: Int(rect.maxY * 2) - 40)
                let green = Int(topLeft >> 8 & 0xFF)
                #expect(topLeft >> 16 & 0xFF > 200 && abs(green - path.item * 6) <= 4,
                        "item \(path.item) shows its own photo at its top left (green \(green))")
                #expect(bottomRight & 0xFF > 200 && bottomRight >> 8 & 0xFF > 200, "item \(path.item): white at its bottom right")
            }
            let matches = try ReferenceImage.matches(
                frame.bitmap, name, besides: #filePath, encode: { $0.pngData() },
                decode: { try Bitmap(pngData: $0, scale: 2) }).matches
            #expect(matches, "the screen matches References/\(name)")
        }
        #expect((0 ..< 40).allSatisfy { server.requests("/photo/\($0).jpg") <= 1 }, "one download per URL")
    }

    @Test func aPhotoInFlightShowsItsPlaceholderAndCountsApartFromBlank() async throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        // Every photo stalls: the cells can only show placeholders.
        for index in 0 ..< 5 { server.route("/photo/\(index).jpg", .stall(Data(), length: 1_000)) }
        // A long timeout: main may be busy with other suites for many seconds, and the stalled
        // downloads must still be in flight when this test looks (stopping the server ends them).
        let downloader = ImageDownloader(diskCache: nil, timeout: 600)
        let source = PhotoSource(server: server, downloader: downloader)
        let node = try feed(source)
        for _ in 0 ..< 3 {
            await node.waitForAllUpdates()
            await DisplayNode.waitUntilScheduledDisplaysFinish()
            await nextMainTurn()
            node.layoutIfNeeded()
        }
        let frame = try node.composeFrame(scale: 1)
        #expect(frame.blankItems.isEmpty, "a placeholder is not blank: \(frame.blankItems)")
        #expect(frame.placeholderItems == frame.visibleItems && !frame.visibleItems.isEmpty)
        #expect(node.placeholderVisibleItems == frame.placeholderItems)
        try frame.bitmap.writePNG(to: URL(fileURLWithPath: NSTemporaryDirectory() + "photo-feed-placeholders-1x.png"))
        let middle = frame.bitmap.pixel(x: 100, y: 50)
        #expect(middle == 0xFF80_8080, "the placeholder colour shows: \(String(middle, radix: 16))")

        // Cells scrolled far away leave the preload range: their downloads are cancelled.
        node.contentOffset = CGPoint(x: 0, y: 3_500)
        for _ in 0 ..< 3 {
            await nextMainTurn()
            node.layoutIfNeeded()
        }
        #expect(downloader.statistics.cancelled > 0, "downloads of cells that left were cancelled")
    }

    @Test func scrollingBackMakesNoRequest() async throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        let directory = scratchDirectory("scroll")
        defer { try? FileManager.default.removeItem(at: directory) }
        for index in 0 ..< 40 { server.route("/photo/\(index).jpg", .ok(try photo(80, 40, tint: UInt32(index)))) }
        let downloader = ImageDownloader(diskCache: ImageDiskCache(directory: directory))
        let source = PhotoSource(server: server, downloader: downloader)
        source.paths = { "/photo/\($0).jpg" }
        let node = try feed(source)
        await settle(node)
        // The photos downloaded whole (stored on disk) so far; a download cancelled
        // as its cell left may run again later, a finished one never does.
        let cache = try #require(downloader.diskCache)
        let first = (0 ..< 40).filter { cache.entry(for: server.url("/photo/\($0).jpg")) != nil }
        #expect(first.count >= 3)
        node.contentOffset = CGPoint(x: 0, y: 1_500)
        await settle(node)
        node.contentOffset = .zero
        await settle(node)
        #expect(node.blankVisibleItems.isEmpty && node.placeholderVisibleItems.isEmpty)
        for index in first {
            #expect(server.requests("/photo/\(index).jpg") == 1, "photo \(index) was fetched once, then served from the caches")
        }
        #expect(downloader.statistics.diskHits + DecodedImageCache.shared.statistics.hits > 0)
    }
}

/// Runs main turns until `condition` holds, or `timeout` passes (then `false`):
/// a network test waits for its own nodes, never sleeps, and never waits for
/// the fetches of tests running beside it. The deadline only bounds a failure:
/// under a sanitizer, with every suite sharing main, a photo's few main turns
/// took more than 20 s to come.
@MainActor
func until(_ condition: () -> Bool, timeout: Duration = .seconds(300)) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while !condition() {
        guard clock.now < deadline else { return false }
        // A main turn, not `waitUntilScheduledDisplaysFinish()`: that waits for
        // every drawing of the process, other suites' gated ones too.
        await nextMainTurn()
    }
    return true
}

/// Lays `node` out at 40x20 points at 1x, drawing on main when it enters display.
@MainActor
func shown(_ node: ImageNode) throws {
    node.contentsScale = 1
    node.displaysAsynchronously = false
    _ = node.layoutThatFits(try SizeRange(exactly: CGSize(width: 40, height: 20)))
}

/// Lets main run the blocks queued on it (a turn of the main loop).
@MainActor
func nextMainTurn() async {
    await withCheckedContinuation { continuation in
        DispatchQueue.main.async { continuation.resume() }
    }
}

/// A network image node on its own: a URL changed while its old download is
/// in flight never shows the old image, and the decoded-image cache stays
/// within its byte limit.
@MainActor
@Suite(.serialized) struct NetworkImageNodeTests {
    @Test func aNewURLWinsOverTheOldOneStillDownloading() async throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        let gate = DispatchSemaphore(value: 0)
        defer { gate.signal() }  // never leave the server's thread waiting
        server.route("/old.jpg", .gated(try photo(80, 40, tint: 0x00FF_0000), gate))  // top left black
        server.route("/new.jpg", .ok(try photo(80, 40)))  // top left red
        // A long timeout: the old download is held at the gate while main may be busy with other suites.
        let downloader = ImageDownloader(diskCache: nil, timeout: 600)
        let node = NetworkImageNode(url: server.url("/old.jpg"), downloader: downloader)
        try shown(node)
        try node.recursivelySetInterfaceState([.preload])
        await server.waitForRequest("/old.jpg")
        #expect(node.isAwaitingContents, "no image yet: \(String(describing: node.imageError))")
        node.url = server.url("/new.jpg")  // as a reused cell would be given its next item
        #expect(await until { node.decodedImage != nil })
        gate.signal()  // the old answer arrives late
        try node.recursivelySetInterfaceState([.preload, .display])
        #expect(await until { node.isDisplayComplete })
        let contents = try #require(node.contents)
        let topLeft = contents.pixel(x: 5, y: 5)
        #expect(topLeft >> 16 & 0xFF > 200, "the new photo's red shows, not the old one's black: \(String(topLeft, radix: 16))")
        #expect(node.imageError == nil && !node.isAwaitingContents)
    }

    @MainActor
    final class Listener: NetworkImageNodeDelegate {
        var loaded: [Int] = []
        var failed: [ImageError] = []
        func imageNode(_ imageNode: NetworkImageNode, didLoadImage image: Bitmap) { loaded.append(image.pixelWidth) }
        func imageNode(_ imageNode: NetworkImageNode, didFailWithError error: ImageError) { failed.append(error) }
    }

    @Test func theDelegateHearsOfEachLoadAndFailureOnMain() async throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        server.route("/ok.jpg", .ok(try photo(80, 40)))
        let listener = Listener()
        let good = NetworkImageNode(url: server.url("/ok.jpg"), downloader: ImageDownloader(diskCache: nil))
        let missing = NetworkImageNode(url: server.url("/missing.jpg"), downloader: ImageDownloader(diskCache: nil))
        for node in [good, missing] {
            node.delegate = listener
            try shown(node)
            try node.recursivelySetInterfaceState([.preload])
        }
        #expect(await until { listener.loaded.count == 1 && listener.failed.count == 1 })
        #expect(listener.loaded == [40], "decoded at the node's pixel size")
        #expect(listener.failed == [.httpStatus(url: server.url("/missing.jpg"), statusCode: 404)])
        #expect(missing.imageError == listener.failed.first && !missing.isAwaitingContents)
    }

    @Test func aNodeShownWithoutPreloadFetchesOnDisplay() async throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        server.route("/p.jpg", .ok(try photo(80, 40)))
        let node = NetworkImageNode(url: server.url("/p.jpg"), downloader: ImageDownloader(diskCache: nil))
        try shown(node)
        try node.recursivelySetInterfaceState([.display])
        #expect(node.isAwaitingContents && !node.isDisplayComplete)
        #expect(await until { node.isDisplayComplete })
        #expect(node.contents != nil)
    }

    @Test func theDecodedImageCacheStaysWithinItsByteLimit() async throws {
        // A cache of its own: the shared one is the other tests' too.
        let cache = DecodedImageCache(byteLimit: 3 * 40 * 20 * 4)  // three 40x20 bitmaps
        var nodes: [ImageNode] = []
        for index in 0 ..< 6 {
            let node = ImageNode(source: .data(try photo(80, 40, tint: UInt32(index) << 8), id: "limit-\(index)"))
            node.decodedImageCache = cache
            try shown(node)
            try node.recursivelySetInterfaceState([.display])
            nodes.append(node)
        }
        #expect(cache.byteCount <= cache.byteLimit && cache.count == 3)
        #expect(cache.statistics.misses == 6 && cache.statistics.evictions == 3)
        // The newest three are kept: showing one again decodes nothing.
        let again = ImageNode(source: .data(try photo(80, 40, tint: 5 << 8), id: "limit-5"))
        again.decodedImageCache = cache
        try shown(again)
        try again.recursivelySetInterfaceState([.display])
        #expect(cache.statistics.hits == 1 && cache.statistics.misses == 6)
        cache._checkInvariants()
        for node in nodes { try node.recursivelySetInterfaceState([]) }
    }
}

import Foundation
import Testing
import Weft
import WeftCore
import WeftDisplay
import WeftNetworkImage
import WeftNode
import WeftTestSupport

/// What a network image node tells and keeps, as Texture's does: its fetch's
/// start and progress, `shouldCacheImage`, and `setURL(_:resetToDefault:)`
/// keeping the old photo on screen, end to end through a container.
@MainActor
@Suite(.serialized) struct NetworkImageNodeOptionsTests {
    @MainActor
    final class Listener: NetworkImageNodeDelegate {
        var events: [String] = []
        var progress: [(Int64, Int64?)] = []
        func imageNodeDidStartFetchingData(_ imageNode: NetworkImageNode) { events.append("start") }
        func imageNode(_ imageNode: NetworkImageNode, didReceiveBytes received: Int64, of expected: Int64?) {
            if events.last != "progress" { events.append("progress") }
            progress.append((received, expected))
        }
        func imageNode(_ imageNode: NetworkImageNode, didLoadImage image: Bitmap) { events.append("load") }
        func imageNode(_ imageNode: NetworkImageNode, didFailWithError error: ImageError) { events.append("fail") }
    }

    @Test func theDelegateHearsTheFetchStartItsProgressAndItsEnd() async throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        // A large photo arrives in many chunks.
        let bytes = try photo(1_600, 1_200)
        server.route("/big.jpg", .ok(bytes))
        let listener = Listener()
        let node = NetworkImageNode(url: server.url("/big.jpg"), downloader: ImageDownloader(diskCache: nil))
        node.delegate = listener
        try shown(node)
        #expect(node.downloadProgress == 0)
        try node.recursivelySetInterfaceState([.preload])
        #expect(await until { listener.events.last == "load" || listener.events.last == "fail" })
        #expect(listener.events == ["start", "progress", "load"], "\(listener.events)")
        let last = try #require(listener.progress.last)
        #expect(last.0 == Int64(bytes.count) && last.1 == Int64(bytes.count), "every byte, of the length the server said")
        #expect(zip(listener.progress, listener.progress.dropFirst()).allSatisfy { $0.0 < $1.0 }, "progress only grows")
        #expect(node.downloadProgress == 1)
    }

    /// A loader that finishes before `loadData` returns (its own cache, or a
    /// fetch faster than the thread that asked): the start is still told, first.
    /// It was dropped, which a loaded machine showed as ["progress", "load"].
    @Test func aFetchThatFinishesBeforeLoadDataReturnsStillTellsItsStart() async throws {
        final class AtOnce: ImageDataLoading {
            struct Request: ImageDataRequest { func cancel() {} }
            let bytes: Data
            init(_ bytes: Data) { self.bytes = bytes }
            func loadData(from url: URL, completion: @escaping @Sendable (Result<Data, ImageError>) -> Void)
                -> any ImageDataRequest {
                loadData(from: url, options: ImageLoadOptions(), completion: completion)
            }
            func loadData(from url: URL, options: ImageLoadOptions,
                          completion: @escaping @Sendable (Result<Data, ImageError>) -> Void) -> any ImageDataRequest {
                options.progress?(Int64(bytes.count), Int64(bytes.count))
                completion(.success(bytes))
                return Request()
            }
        }
        let listener = Listener()
        let node = NetworkImageNode(url: URL(string: "http://127.0.0.1:9/at-once.jpg")!,
                                    downloader: AtOnce(try photo(80, 40)))
        node.delegate = listener
        try shown(node)
        try node.recursivelySetInterfaceState([.preload])
        #expect(await until { listener.events.last == "load" || listener.events.last == "fail" })
        #expect(listener.events == ["start", "progress", "load"], "\(listener.events)")
    }

    @Test func anImageThatShouldNotBeCachedIsKeptNowhere() async throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        let directory = scratchDirectory("uncached")
        defer { try? FileManager.default.removeItem(at: directory) }
        server.route("/once.jpg", .ok(try photo(80, 40)))
        let downloader = ImageDownloader(diskCache: ImageDiskCache(directory: directory))
        let memory = DecodedImageCache(byteLimit: 1 << 20)
        for round in 1 ... 2 {
            let node = NetworkImageNode(url: server.url("/once.jpg"), downloader: downloader)
            node.shouldCacheImage = false
            node.decodedImageCache = memory
            try shown(node)
            try node.recursivelySetInterfaceState([.preload, .display])
            #expect(await until { node.isDisplayComplete }, "round \(round)")
            #expect(node.contents?.pixel(x: 5, y: 5).red8 ?? 0 > 200, "the photo shows")
        }
        #expect(server.requests("/once.jpg") == 2, "fetched each time: not kept on disk")
        #expect(downloader.diskCache?.entry(for: server.url("/once.jpg")) == nil)
        #expect(memory.count == 0 && memory.statistics.hits == 0, "not kept in memory")
        #expect(downloader.statistics.diskHits == 0)
    }

    @Test(arguments: [false, true])
    func aNewURLKeepsTheOldPhotoOnScreenUntilItLands(inverted: Bool) async throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        for item in 0 ..< 40 { server.route("/photo/\(item).jpg", .ok(try photo(400, 200))) }  // top left red
        let gate = DispatchSemaphore(value: 0)
        defer { gate.signal() }  // never leave the server's thread waiting
        server.route("/sharper.jpg", .gated(try photo(400, 200, tint: 0x00FF_0000), gate))  // top left black
        server.route("/other.jpg", .gated(try photo(400, 200, tint: 0x00FF_0000), gate))
        let downloader = ImageDownloader(diskCache: nil, timeout: 600)
        let source = PhotoSource(server: server, downloader: downloader)
        source.paths = { "/photo/\($0).jpg" }
        let node = CollectionNode(layout: try ListLayout())
        node.dataSource = source
        node.isInverted = inverted
        node.viewportSize = CGSize(width: 200, height: 300)
        node.reloadData()
        let drawn = await until {
            node.layoutIfNeeded()
            return !node.isProcessingUpdates && node.blankVisibleItems.isEmpty && node.placeholderVisibleItems.isEmpty
        }
        #expect(drawn)
        let first = IndexPath(item: 0, section: 0), second = IndexPath(item: 1, section: 0)
        let kept = try #require((node.nodeForItem(at: first) as? PhotoCell)?.photo)
        let reset = try #require((node.nodeForItem(at: second) as? PhotoCell)?.photo)
        kept.setURL(server.url("/sharper.jpg"), resetToDefault: false)
        reset.setURL(server.url("/other.jpg"), resetToDefault: true)
        await server.waitForRequest("/sharper.jpg")
        _ = await until {
            node.layoutIfNeeded()
            return kept.isDisplayComplete && !node.placeholderVisibleItems.isEmpty
        }
        let during = try node.composeFrame(scale: 2)
        try during.bitmap.writePNG(to: URL(fileURLWithPath: NSTemporaryDirectory() + "set-url-\(inverted ? "inverted" : "list")-2x.png"))
        #expect(during.blankItems.isEmpty)
        #expect(!during.placeholderItems.contains(first), "the kept photo is not a placeholder")
        #expect(during.placeholderItems.contains(second), "the reset one shows its placeholder")
        func topLeft(_ path: IndexPath, _ frame: ComposedFrame) throws -> UInt32 {
            let rect = node.viewportRect(forContentRect: try #require(node.layout.frameForItem(at: path)))
            return frame.bitmap.pixel(x: Int(rect.minX * 2) + 30, y: Int(rect.minY * 2) + 30)
        }
        #expect(try topLeft(first, during).red8 > 200, "the old photo's red stays until the new one lands")
        #expect(try topLeft(second, during) == 0xFF80_8080, "the placeholder colour")

        gate.signal()
        gate.signal()
        let landed = await until {
            node.layoutIfNeeded()
            return node.placeholderVisibleItems.isEmpty && node.blankVisibleItems.isEmpty
                && (try? topLeft(first, node.composeFrame(scale: 2)).red8) ?? 255 < 60
        }
        #expect(landed, "the new photo's black replaced the old red")
        let after = try node.composeFrame(scale: 2)
        #expect(try topLeft(second, after).red8 < 60)
    }
}

extension UInt32 {
    /// The red channel of a premultiplied ARGB32 pixel.
    var red8: Int { Int(self >> 16 & 0xFF) }
}

import Foundation
import Testing
import WeftCore
import WeftDisplay
import WeftNetworkImage

/// A photo-like JPEG: quadrants of four colours, `tint` XORed into the top left one.
func photo(_ width: Int = 120, _ height: Int = 80, tint: UInt32 = 0) throws -> Data {
    try Bitmap(pixelWidth: width, pixelHeight: height) { pixels, stride in
        for y in 0 ..< height {
            let row = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0 ..< width {
                let left = x < width / 2, top = y < height / 2
                row[x] = top ? (left ? 0xFFFF_0000 ^ tint : 0xFF00_FF00) : (left ? 0xFF00_00FF : 0xFFFF_FFFF)
            }
        }
    }.jpegData(quality: 90)
}

/// A fresh directory under the test run's temporary folder.
func scratchDirectory(_ name: String) -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("weft-\(name)-\(UUID().uuidString)")
    return url
}

extension ImageDownloader {
    /// Loads `url`, waiting for the completion.
    func load(_ url: URL) async -> Result<Data, ImageError> {
        await withCheckedContinuation { continuation in
            _ = loadData(from: url) { continuation.resume(returning: $0) }
        }
    }
}

/// The HTTP loader against a real server on 127.0.0.1: one download per URL,
/// the disk cache across restarts, HTTP caching, and every failure typed.
@Suite(.serialized) struct ImageDownloaderTests {
    @Test func manyRequestersOfOneURLShareOneDownload() async throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        let bytes = try photo()
        // The server answers once all eight have asked, so that the download is in flight for each.
        let gate = DispatchSemaphore(value: 0)
        server.route("/a.jpg", .gated(bytes, gate))
        let downloader = ImageDownloader(diskCache: nil)
        let results = await withTaskGroup(of: Result<Data, ImageError>.self) { group in
            for _ in 0 ..< 8 { group.addTask { await downloader.load(server.url("/a.jpg")) } }
            while downloader.statistics.joined < 7 { await Task.yield() }
            gate.signal()
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 8)
        #expect(results.allSatisfy { (try? $0.get()) == bytes })
        #expect(server.requests("/a.jpg") == 1, "one download for eight requesters")
        #expect(downloader.statistics.joined == 7)
    }

    @Test func theDiskCacheServesAfterARestartAndDropsACorruptEntry() async throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        let directory = scratchDirectory("disk")
        defer { try? FileManager.default.removeItem(at: directory) }
        let bytes = try photo()
        server.route("/b.jpg", .ok(bytes))
        let first = ImageDownloader(diskCache: ImageDiskCache(directory: directory))
        #expect(try await first.load(server.url("/b.jpg")).get() == bytes)
        #expect(server.requests("/b.jpg") == 1)

        // A new process, as far as the cache knows: same directory, new objects.
        let cache = ImageDiskCache(directory: directory)
        let second = ImageDownloader(diskCache: cache)
        #expect(try await second.load(server.url("/b.jpg")).get() == bytes)
        #expect(server.requests("/b.jpg") == 1, "served from disk: no request")
        #expect(second.statistics.diskHits == 1 && cache.statistics.hits == 1)

        // Truncate the entry: it is dropped and fetched again, never served.
        let file = try #require(FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .first { $0.pathExtension == "weftimage" })
        let stored = try Data(contentsOf: file)
        try stored.prefix(stored.count - 10).write(to: file)
        let third = ImageDownloader(diskCache: ImageDiskCache(directory: directory))
        #expect(try await third.load(server.url("/b.jpg")).get() == bytes)
        #expect(server.requests("/b.jpg") == 2)
        #expect(third.diskCache?.statistics.corruptEntries == 1)
        // A flipped byte in the body fails the checksum the same way.
        var flipped = try Data(contentsOf: file)
        flipped[flipped.count - 20] ^= 0xFF
        try flipped.write(to: file)
        let fourth = ImageDownloader(diskCache: ImageDiskCache(directory: directory))
        #expect(try await fourth.load(server.url("/b.jpg")).get() == bytes)
        #expect(server.requests("/b.jpg") == 3 && fourth.diskCache?.statistics.corruptEntries == 1)
    }

    @Test func theDiskCacheEvictsTheLeastRecentlyUsedPastItsLimit() throws {
        let directory = scratchDirectory("lru")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = ImageDiskCache(directory: directory, byteLimit: 3_500)
        let urls = (0 ..< 4).map { URL(string: "http://127.0.0.1/\($0).jpg")! }
        for url in urls.prefix(3) { cache.store(.init(data: Data(repeating: 7, count: 1_000)), for: url) }
        _ = cache.entry(for: urls[0])  // 0 is now the most recent
        cache.store(.init(data: Data(repeating: 8, count: 1_000)), for: urls[3])
        #expect(cache.byteCount <= 3_500)
        #expect(cache.entry(for: urls[1]) == nil, "1 was the least recently used")
        #expect(cache.entry(for: urls[0]) != nil && cache.entry(for: urls[3]) != nil)
    }

    @Test func cacheControlIsHonoured() async throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        let directory = scratchDirectory("http")
        defer { try? FileManager.default.removeItem(at: directory) }
        let bytes = try photo()
        server.route("/no-store.jpg", .ok(bytes, headers: ["Cache-Control": "no-store"]))
        server.route("/stale.jpg", .ok(bytes, headers: ["Cache-Control": "max-age=0", "ETag": "\"v1\""]))
        server.route("/fresh.jpg", .ok(bytes, headers: ["Cache-Control": "public, max-age=3600"]))
        let downloader = ImageDownloader(diskCache: ImageDiskCache(directory: directory))
        for path in ["/no-store.jpg", "/stale.jpg", "/fresh.jpg"] {
            for _ in 0 ..< 2 { #expect(try await downloader.load(server.url(path)).get() == bytes) }
        }
        #expect(server.requests("/no-store.jpg") == 2, "no-store: nothing kept")
        #expect(server.requests("/stale.jpg") == 2 && downloader.statistics.revalidated == 1,
                "max-age=0: asked again with If-None-Match, answered 304")
        #expect(server.requests("/fresh.jpg") == 1, "max-age=3600: served from disk")
    }

    @Test func everyServerFailureIsATypedError() async throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        server.route("/loop", .redirect(to: "/loop"))
        server.route("/short", .shortBody(Data(repeating: 1, count: 100), length: 5_000))
        server.route("/huge", .shortBody(Data(), length: 10_000_000_000))
        server.route("/stall", .stall(Data(repeating: 1, count: 10), length: 1_000))
        server.route("/error", .status(500))
        server.route("/moved", .redirect(to: "/target"))
        server.route("/target", .ok(try photo()))
        let downloader = ImageDownloader(diskCache: nil, timeout: 1, maximumResponseBytes: 1 << 20)
        func failure(_ path: String) async -> ImageError? {
            if case .failure(let error) = await downloader.load(server.url(path)) { return error }
            return nil
        }
        #expect(await failure("/missing") == .httpStatus(url: server.url("/missing"), statusCode: 404))
        #expect(await failure("/error") == .httpStatus(url: server.url("/error"), statusCode: 500))
        #expect(await failure("/moved") == nil, "a redirect is followed")
        if case .network = await failure("/loop") {} else { Issue.record("a redirect loop is a network error") }
        if case .network = await failure("/short") {} else { Issue.record("a body cut short is a network error") }
        #expect(await failure("/huge") == .responseTooLarge(url: server.url("/huge"), byteCount: 10_000_000_000, limit: 1 << 20))
        if case .network = await failure("/stall") {} else { Issue.record("a stalled body times out as a network error") }
        let ftp = URL(string: "ftp://127.0.0.1/a.jpg")!
        #expect(await downloader.load(ftp).failureValue == .unsupportedURL(url: ftp))
        server.stop()
        if case .network = await failure("/target") {} else { Issue.record("a closed server is a network error") }
    }

    @Test func anUnwritableCacheDirectoryLeavesDownloadsWorking() async throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        let bytes = try photo()
        server.route("/c.jpg", .ok(bytes))
        // A directory whose parent is a file cannot be made.
        let file = scratchDirectory("file")
        try Data("x".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let cache = ImageDiskCache(directory: file.appendingPathComponent("images"))
        let downloader = ImageDownloader(diskCache: cache)
        #expect(try await downloader.load(server.url("/c.jpg")).get() == bytes)
        #expect(cache.lastError != nil, "the failure to write is said")
        #expect(try await downloader.load(server.url("/c.jpg")).get() == bytes)
    }
}

extension Result {
    var failureValue: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

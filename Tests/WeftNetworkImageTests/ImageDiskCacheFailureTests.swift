import Foundation
import Testing
import WeftDisplay
import WeftNetworkImage

/// Runs `command` with `arguments`, returning its exit status.
func run(_ command: String, _ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: command)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
}

/// Whether this process may mount a tmpfs and mark files immutable (root, as
/// CI's tests run): tests of a full or read-only disk need both.
let mayChangeFilesystems = getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/mount")
    && FileManager.default.isExecutableFile(atPath: "/usr/bin/chattr")

/// The disk cache when the disk will not take its bytes (full, read-only) and
/// when a server answers a revalidation with new bytes: downloads keep
/// working, the failure is said, nothing partial or stale is served.
@Suite(.serialized) struct ImageDiskCacheFailureTests {
    @Test func aRevalidationAnsweredWithNewBytesReplacesTheEntry() async throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        let directory = scratchDirectory("etag")
        defer { try? FileManager.default.removeItem(at: directory) }
        let old = try photo(), new = try photo(tint: 0x00FF_0000)
        server.route("/a.jpg", .ok(old, headers: ["Cache-Control": "max-age=0", "ETag": "\"v1\""]))
        let downloader = ImageDownloader(diskCache: ImageDiskCache(directory: directory))
        #expect(try await downloader.load(server.url("/a.jpg")).get() == old)
        server.route("/a.jpg", .ok(new, headers: ["Cache-Control": "max-age=0", "ETag": "\"v2\""]))
        #expect(try await downloader.load(server.url("/a.jpg")).get() == new, "v1 no longer matches: the new bytes")
        #expect(downloader.statistics.revalidated == 0)
        let entry = try #require(downloader.diskCache?.entry(for: server.url("/a.jpg")))
        #expect(entry.data == new && entry.entityTag == "\"v2\"", "the entry holds the new bytes and tag")
        #expect(try await downloader.load(server.url("/a.jpg")).get() == new)
        #expect(downloader.statistics.revalidated == 1, "then v2 is revalidated: 304, the new bytes from disk")
        #expect(server.requests("/a.jpg") == 3)
    }

    @Test(.enabled(if: mayChangeFilesystems, "needs root to mount a tmpfs"))
    func aFullDiskLeavesDownloadsWorkingAndNoPartialEntry() async throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        let mountPoint = scratchDirectory("full")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: mountPoint) }
        try #require(try run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", mountPoint.path]) == 0)
        defer { _ = try? run("/usr/bin/umount", [mountPoint.path]) }
        // Bytes that do not compress, far more than 64 KiB (the downloader keeps bytes, it decodes none).
        var generator = SystemRandomNumberGenerator()
        let bytes = Data((0 ..< 200_000).map { _ in UInt8.random(in: 0 ... 255, using: &generator) })
        server.route("/big.jpg", .ok(bytes))
        let cache = ImageDiskCache(directory: mountPoint.appendingPathComponent("images"))
        let downloader = ImageDownloader(diskCache: cache)
        #expect(try await downloader.load(server.url("/big.jpg")).get() == bytes, "the download still answers")
        let error = try #require(cache.lastError, "the failure to write is said")
        #expect(error.contains("images"), "\(error)")
        let left = try FileManager.default.contentsOfDirectory(atPath: mountPoint.appendingPathComponent("images").path)
        #expect(left.isEmpty, "no partial file is left behind: \(left)")
        #expect(cache.entry(for: server.url("/big.jpg")) == nil)
        #expect(try await downloader.load(server.url("/big.jpg")).get() == bytes)
        #expect(server.requests("/big.jpg") == 2, "nothing stored, so fetched again")
    }

    @Test(.enabled(if: mayChangeFilesystems, "needs root to mark a directory immutable"))
    func aReadOnlyDirectoryLeavesDownloadsWorkingAndServesWhatItHolds() async throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        let directory = scratchDirectory("read-only")
        defer { try? FileManager.default.removeItem(at: directory) }
        let kept = try photo(), fresh = try photo(tint: 0x0000_FF00)
        server.route("/kept.jpg", .ok(kept))
        server.route("/fresh.jpg", .ok(fresh))
        let writer = ImageDownloader(diskCache: ImageDiskCache(directory: directory))
        #expect(try await writer.load(server.url("/kept.jpg")).get() == kept)
        // Immutable: as root, permission bits do not stop writes; the immutable flag does.
        try #require(try run("/usr/bin/chattr", ["+i", directory.path]) == 0)
        defer { _ = try? run("/usr/bin/chattr", ["-i", directory.path]) }
        let cache = ImageDiskCache(directory: directory)
        let downloader = ImageDownloader(diskCache: cache)
        #expect(try await downloader.load(server.url("/kept.jpg")).get() == kept, "what it holds is still served")
        #expect(downloader.statistics.diskHits == 1 && server.requests("/kept.jpg") == 1)
        #expect(try await downloader.load(server.url("/fresh.jpg")).get() == fresh, "a new download still answers")
        let error = try #require(cache.lastError, "the failure to write is said")
        #expect(error.contains(directory.lastPathComponent), "\(error)")
        #expect(cache.entry(for: server.url("/fresh.jpg")) == nil)
    }
}

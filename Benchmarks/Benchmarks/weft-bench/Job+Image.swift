import Foundation
import BenchmarkSupport
import WeftCore
import WeftDisplay

extension Job {
    /// A camera's photo decoded for a feed cell: the DCT-scaled decode against
    /// a full decode scaled down by Cairo, both through `ImageNode`.
    static func imageScaledDecode() -> Job {
        let node = CGSize(width: 390, height: 293)
        return Job(
            id: "image.jpeg",
            name: "decode a 4000x3000 JPEG for a 390x293-pt cell at 2x",
            peer: "full decode + Cairo downscale",
            target: ">= 4x",
            note: "Images: a 4000x3000 photo-like JPEG (gradients and noise, quality 85, made by libjpeg-turbo in the "
                + "run) shown aspect-fill by an ImageNode of 390x293 points at 2x, drawn on main (no cache: a new "
                + "source id each sample). Weft decodes it at 1/4 in the DCT domain (1000x750), then Cairo fits it "
                + "to 780x586 pixels; the peer is the same node with scaled decoding off: every pixel decoded, "
                + "then scaled by the same Cairo filter.",
            prepare: {
                let jpeg = try Self.photo(width: 4_000, height: 3_000).jpegData(quality: 85)
                var sample = 0
                @MainActor func draw(scaled: Bool) throws -> Duration {
                    sample += 1
                    let image = ImageNode(source: .data(jpeg, id: "photo-\(sample)"))
                    image.allowsScaledDecoding = scaled
                    image.displaysAsynchronously = false
                    image.contentsScale = 2
                    _ = image.layoutThatFits(try SizeRange(exactly: node))
                    let time = try timed { try image.recursivelySetInterfaceState([.display]) }
                    guard image.contents?.pixelWidth == 780, image.imageError == nil else {
                        throw JobFailure("the photo did not draw: \(String(describing: image.imageError))")
                    }
                    try image.recursivelySetInterfaceState([])
                    DecodedImageCache.shared.removeAll()
                    return time
                }
                let full = Double(4_000 * 3_000 * 4) / 1_048_576, quarter = Double(1_000 * 750 * 4) / 1_048_576
                return Sides(
                    weft: { try draw(scaled: true) },
                    peer: { try draw(scaled: false) },
                    remark: "The decode's pixel buffer, its largest allocation: "
                        + String(format: "%.1f MiB at 1/4 against %.1f MiB at full size (1/16)", quarter, full)
                        + "; the JPEG is \(jpeg.count >> 10) KiB."
                )
            },
            check: { $0.peer >= $0.weft * 4 }
        )
    }

    /// Smooth gradients with a little noise, so the JPEG has a photo's entropy;
    /// each seed shifts the colours.
    static func photo(width: Int, height: Int, seed: UInt64 = 42) throws -> Bitmap {
        var random = SplitMix64(seed: seed)
        let shift = Int(seed % 256)
        return try Bitmap(pixelWidth: width, pixelHeight: height) { pixels, stride in
            for y in 0 ..< height {
                let row = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0 ..< width {
                    let noise = UInt32(random.next() & 0x1F)
                    let r = UInt32((x * 255 / width + shift) & 0xFF) ^ noise, g = UInt32(y * 255 / height)
                    let b = UInt32((x + y + shift * 7) & 0xFF)
                    row[x] = 0xFF00_0000 | r << 16 | g << 8 | b
                }
            }
        }
    }
}

extension Job {
    /// A lazy million photo cells over HTTP at 5 screens a second: the main
    /// thread's p99 per frame, beside the same feed drawing on main.
    static func imagePhotoFeed() -> Job {
        let photos = 300, frames = 60
        return Job(
            id: "image.feed",
            name: "photo feed over HTTP, 5 screens/s: main p99 per frame",
            peer: "synchronous drawing on main",
            target: "<= 2 ms, 0 blank after the first screen",
            ratioForm: .speedUp,
            note: "Images, a photo feed: a lazy CollectionNode of 1,000,000 cells, each a NetworkImageNode of 390x293 "
                + "points at 2x (aspect fill, placeholder on) in a 390x844 viewport, fetched from a server the job "
                + "starts on 127.0.0.1 that answers each request after 20-80 ms (uniform) with one of \(photos) "
                + "distinct 1560x1172 JPEGs made by libjpeg-turbo in the run (decoded at 1/2 in the DCT domain), "
                + "through an ImageDownloader with a disk cache in a fresh temporary folder, the decoded-image cache "
                + "limited to 64 MiB. Frames are paced at 60 Hz in real time, 70 points a frame; each sample is the "
                + "p99 of the main thread's time over \(frames) frames (the pipeline's jobs, drawings committed, the "
                + "scroll and range update). The peer is the same feed with every node drawing on main.",
            prepare: {
                let directory = FileManager.default.temporaryDirectory.appendingPathComponent("weft-bench-photos-\(getpid())")
                try? FileManager.default.removeItem(at: directory)  // a previous run's folder, if any: the cache starts empty
                let jpegs = try (0 ..< photos).map { try Self.photo(width: 1_560, height: 1_172, seed: UInt64($0)).jpegData(quality: 80) }
                let cache = DecodedImageCache.shared
                cache.byteLimit = 64 << 20
                cache.removeAll()
                cache.resetStatistics()
                let feed = try PhotoFeedFixture(
                    count: 1_000_000, photos: jpegs, latency: 0.02 ... 0.08,
                    cacheDirectory: directory.appendingPathComponent("async"), asynchronous: true)
                let peerFeed = try PhotoFeedFixture(
                    count: 1_000_000, photos: jpegs, latency: 0.02 ... 0.08,
                    cacheDirectory: directory.appendingPathComponent("sync"), asynchronous: false)
                let firstScreen = try timed { try feed.load() }
                try peerFeed.load()
                // The probe: 840 frames down (70 screens, 201 cells), then back up over 200 cells.
                let stats = cache.statistics
                Bitmap.resetPeakMemory()
                let down = feed.scroll(frames: 840, screensPerSecond: 5)
                let afterDown = cache.statistics
                let memory = Bitmap.memory
                let backFrames = Int((200 * PhotoFeedFixture.photoSize.height / PhotoFeedFixture.viewport.height * 6).rounded(.up))
                let diskBefore = feed.downloader.statistics.diskHits
                let back = feed.scroll(frames: backFrames, screensPerSecond: -10)
                let afterBack = cache.statistics
                let main = down.main.sorted()
                let slowest = down.phases.indices.sorted { down.main[$0] > down.main[$1] }.prefix(8).map { index in
                    let phase = down.phases[index]
                    return "\(phase.jobs.microsecondsText)+\(phase.commits.microsecondsText)+\(phase.scroll.microsecondsText)"
                }
                let p99 = main[main.count * 99 / 100], p50 = main[main.count / 2]
                let decodes = afterDown.misses - stats.misses
                let remark = "Slowest frames (jobs+commits+scroll): \(slowest.joined(separator: ", ")). Once, 840 frames down at 5 screens/s after the first screen (shown \(firstScreen.millisecondsText) "
                    + "after the load began): main p50 \(p50.microsecondsText), p99 \(p99.microsecondsText); blank visible "
                    + "cell-frames \(down.blankCellFrames) of \(down.cellFrames), placeholder cell-frames "
                    + "\(down.placeholderCellFrames); \(down.requests) requests; decoded-image cache \(decodes) decodes, "
                    + "\(afterDown.hits - stats.hits) hits, \(afterDown.evictions - stats.evictions) evictions, "
                    + "\(cache.byteCount >> 20) MiB of its 64 MiB at the end; every bitmap alive (decoded photos, contents, "
                    + "both feeds) \(memory.liveBytes >> 20) MiB at the end, peak \(memory.peakBytes >> 20) MiB. Then back up over 200 cells at 10 screens/s "
                    + "(\(backFrames) frames): \(back.requests) requests, \(afterBack.hits - afterDown.hits) memory hits, "
                    + "\(afterBack.misses - afterDown.misses) decodes, \(feed.downloader.statistics.diskHits - diskBefore) "
                    + "disk hits; blank visible cell-frames \(back.blankCellFrames), placeholder \(back.placeholderCellFrames)."
                guard down.blankCellFrames == 0, back.requests == 0 else {
                    throw JobFailure("the photo feed missed its own checks: " + remark)
                }
                return Sides(
                    weft: {
                        let sample = feed.scroll(frames: frames, screensPerSecond: 5).main.sorted()
                        return sample[sample.count * 99 / 100]
                    },
                    peer: {
                        let sample = peerFeed.scroll(frames: frames, screensPerSecond: 5).main.sorted()
                        return sample[sample.count * 99 / 100]
                    },
                    remark: remark
                )
            },
            check: { $0.weft <= .milliseconds(2) }
        )
    }
}

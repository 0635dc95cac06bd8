import BenchmarkSupport
import Foundation
import WeftDataController
import WeftMemory

extension Job {
    /// The first screen of a million rows: a lazy collection against the eager
    /// path (Weft's, which allocates and measures every node as Texture does).
    /// The footnote adds a model of Texture's allocate-all load, main-thread
    /// time, nodes made and the resident memory each load added.
    static func lazyLoad() -> Job {
        Job(
            id: "lazy.load.1M",
            name: "first screen of 1M rows, lazy load",
            peer: "eager load (every node)",
            target: "<= 50 ms, a few hundred nodes",
            peerRoundLimit: 1,
            note: "Lazy load: from `reloadData()` until the first screen's nodes are committed, main's jobs run as "
                + "they arrive; rows are 100 points in a 667-point viewport. The eager peer and the Texture model "
                + "allocate and measure all 1M nodes in parallel before their first commit.",
            prepare: {
                let lazy = try measuredLoad(.lazy)
                let allocateAll = try eagerAgainstTexture()
                return Sides(
                    weft: { try LazyFeedFixture(count: 1_000_000, loading: .lazy).load().firstContent },
                    peer: { try LazyFeedFixture(count: 1_000_000, loading: .eager).load().firstContent },
                    remark: "Once: lazy \(lazy). \(allocateAll)"
                )
            },
            check: { $0.weft <= .milliseconds(50) }
        )
    }

    /// Main's share of an eager first load of a million rows: Weft's against
    /// the Texture model's, each load's nodes released before the next starts.
    static func eagerLoadMainThread() -> Job {
        Job(
            id: "load.eager.1M.main",
            name: "eager first load of 1M, main thread",
            peer: "Texture model, main thread",
            target: "<= 1/10 of the peer",
            roundLimit: 5,
            note: "Eager load, main's share: from `reloadData()` until the first screen is committed, main's time "
                + "in step 1 and the commit. The feed answers on any thread too (`sendableItemPartsAsker(for:)`), "
                + "so its million items are asked and their elements made on the map queue; the Texture model "
                + "asks, makes and commits on main as ASDataController does. Five rounds: each load makes a "
                + "million nodes.",
            prepare: {
                Sides(
                    weft: {
                        defer { drainReleases() }
                        return try weftLoad(.eager).main
                    },
                    peer: {
                        defer { drainReleases() }
                        return textureLoad().main
                    }
                )
            },
            check: { $0.ratio >= 10 }
        )
    }

    /// A thousand frames scrolled at two screens a second over a million rows:
    /// the 99th percentile of main's time per frame, loads and their commits
    /// included, against the same frames over rows an eager load made.
    static func lazyScroll() -> Job {
        Job(
            id: "lazy.scroll.1M",
            name: "1,000 frames at 2 screens/s over 1M rows, lazy, p99 main",
            peer: "same frames, eager",
            target: "<= 1 ms p99",
            note: "Lazy scroll: each sample scrolls 1,000 frames of 22 points (two 667-point screens a second at "
                + "60 Hz) on and returns the 99th percentile of the frames' main-thread time: the commits and loads "
                + "waiting for main, the range update and the mount pass. Between frames the editing queue finishes "
                + "what it has, as it would in a device's 16 ms.",
            prepare: {
                let lazy = try LazyFeedFixture(count: 1_000_000, loading: .lazy)
                let eager = try LazyFeedFixture(count: 1_000_000, loading: .eager)
                _ = try lazy.load()
                _ = try eager.load()
                let points: CGFloat = 667 * 2 / 60
                let made = lazy.nodesMade
                let lazyFrames = lazy.scroll(frames: 1_000, points: points)
                let eagerFrames = eager.scroll(frames: 1_000, points: points)
                return Sides(
                    weft: { percentile99(lazy.scroll(frames: 1_000, points: points)) },
                    peer: { percentile99(eager.scroll(frames: 1_000, points: points)) },
                    remark: "Once each: lazy frames p50 \(percentile(lazyFrames, 0.5).microsecondsText), p99 "
                        + "\(percentile99(lazyFrames).microsecondsText), \(lazy.nodesMade - made) nodes made in them; "
                        + "eager p50 \(percentile(eagerFrames, 0.5).microsecondsText), p99 \(percentile99(eagerFrames).microsecondsText)."
                )
            },
            check: { $0.weft <= .milliseconds(1) }
        )
    }
}

/// One load of a million rows, described for the footnote.
@MainActor
private func measuredLoad(_ loading: DataController.ItemLoading) throws -> String {
    let sample = try weftLoad(loading)
    drainReleases()
    return "\(sample.firstContent.millisecondsText) to the first screen (\(sample.main.millisecondsText) on main), "
        + "\(sample.nodes) nodes, +\(sample.grownBytes / 1_000_000) MB resident"
}

/// What one load of a million rows took.
private struct LoadSample {
    var firstContent: Duration
    var main: Duration
    var nodes: Int
    var grownBytes: Int
}

@MainActor
private func weftLoad(_ loading: DataController.ItemLoading) throws -> LoadSample {
    let before = residentBytes()
    let fixture = try LazyFeedFixture(count: 1_000_000, loading: loading)
    let times = try fixture.load()
    return LoadSample(
        firstContent: times.firstContent, main: times.main, nodes: fixture.nodesMade, grownBytes: residentBytes() - before)
}

@MainActor
private func textureLoad() -> LoadSample {
    let before = residentBytes()
    let model = TextureInitialLoadModel()
    let times = model.load(count: 1_000_000)
    return LoadSample(
        firstContent: times.firstContent, main: times.main, nodes: 1_000_000, grownBytes: residentBytes() - before)
}

/// The previous load's nodes, released on the shared dealloc queue's thread,
/// freed before the next load starts: freeing a million nodes on the other
/// core slowed whichever load came next.
private func drainReleases() {
    do {
        try DeallocQueue.shared.drain()
    } catch {
        fatalError("the benchmark drained the dealloc queue from one of its deinitializers: \(error)")
    }
}

/// Weft's eager load and the Texture model, three loads each, in turn, with
/// who goes first alternating: medians and each load's figures. No resident
/// memory: each load after the first reuses what the first grew.
@MainActor
private func eagerAgainstTexture() throws -> String {
    var eager: [LoadSample] = [], texture: [LoadSample] = []
    for turn in 0 ..< 3 {
        for eagerGoes in turn % 2 == 0 ? [true, false] : [false, true] {
            if eagerGoes { eager.append(try weftLoad(.eager)) } else { texture.append(textureLoad()) }
            drainReleases()
        }
    }
    func describe(_ samples: [LoadSample]) -> String {
        let first = samples.map(\.firstContent).sorted(), main = samples.map(\.main).sorted()
        return "\(first[1].millisecondsText) to the first screen, \(main[1].millisecondsText) on main (loads: "
            + samples.map { "\($0.firstContent.millisecondsText)/\($0.main.millisecondsText)" }.joined(separator: ", ")
            + "), \(samples[0].nodes) nodes"
    }
    return "Medians of three loads each, taking turns: eager \(describe(eager)); Texture model \(describe(texture))."
}

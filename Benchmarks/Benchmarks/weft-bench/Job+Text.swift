import BenchmarkSupport
import Foundation
import Synchronization
import Weft
import WeftDisplay
import WeftSimulation

extension Job {
    /// Post cells whose bodies carry rich text measured on every core against
    /// one at a time, as ``displayMeasure()`` measures plain ones.
    static func textRichMeasureParallel() -> Job {
        let cells = 10_000
        return Job(
            id: "text.rich.parallel",
            name: "measure 10k post cells with rich text, parallel",
            peer: "serial",
            target: ">= 1.7x on 2 cores",
            note: "Text: weft-sim's post cell with a rich body (`PostBodyText.rich`: the second word underlined, "
                + "the third to fifth italic, the last a link, at most 4 lines ended by \"…\" and a coloured \" Continue "
                + "reading\", so about half the bodies are cut and place the message), \(cells) made fresh before each sample "
                + "and measured at 390 points on every core, against the same cells one at a time.",
            prepare: {
                Sides(
                    weft: {
                        let fresh = PostMeasureFixture.make(cells, bodyText: .rich)
                        return timed { PostMeasureFixture.measure(fresh, parallel: true) }
                    },
                    peer: {
                        let fresh = PostMeasureFixture.make(cells, bodyText: .rich)
                        return timed { PostMeasureFixture.measure(fresh, parallel: false) }
                    })
            },
            check: { $0.peer >= $0.weft * 1.7 }
        )
    }

    /// The same cells with rich bodies against plain ones, one at a time: what
    /// the attributes and the truncation message cost.
    static func textRichMeasureCost() -> Job {
        let cells = 2_000
        return Job(
            id: "text.rich.cost",
            name: "measure a post cell with rich text",
            peer: "the same cell with one plain run",
            target: "<= 1.2x the plain-run cell's time (ratio >= 0.83)",
            note: "Text: the cells of `text.rich.parallel` (\(cells) made fresh before each sample, measured one at "
                + "a time at 390 points) against the same posts with the same line limit, token and message over "
                + "one plain run (`PostBodyText.limited`): what the runs' attributes cost; the time is per cell.",
            prepare: {
                Sides(
                    weft: {
                        let fresh = PostMeasureFixture.make(cells, bodyText: .rich)
                        return timed { PostMeasureFixture.measure(fresh, parallel: false) } / cells
                    },
                    peer: {
                        let fresh = PostMeasureFixture.make(cells, bodyText: .limited)
                        return timed { PostMeasureFixture.measure(fresh, parallel: false) } / cells
                    })
            },
            check: { $0.weft <= $0.peer * 1.2 }
        )
    }

    /// A 10 MB string measured under a limit of 6 lines against a post-sized
    /// string under the same limit: shaping only what shows makes the two cost
    /// alike.
    static func textHugeUnderLimit() -> Job {
        let sentence = "Weft shapes only what it shows of a very long text, however long the text is. "
        let repeats = 10_000_000 / sentence.utf8.count
        return Job(
            id: "text.huge.6lines",
            name: "measure a 10 MB string in 6 lines",
            peer: "a 630-byte string in 6 lines",
            target: "<= 10 ms",
            note: "Text: a `TextNode` of one 10 MB paragraph (\(repeats * sentence.utf8.count) bytes) with "
                + "`maximumNumberOfLines = 6`, made fresh and measured at 390 points, against the same sentence "
                + "repeated 8 times; both end in \"…\". Pango shaping the whole string took 21.8 s and about "
                + "990 MB before prefixes.",
            prepare: {
                let huge = String(repeating: sentence, count: repeats)
                let short = String(repeating: sentence, count: 8)
                let range = try SizeRange(min: .zero, max: CGSize(width: 390, height: CGFloat.infinity))
                func measure(_ string: String) -> Duration {
                    let node = TextNode(AttributedText(string, attributes: TextAttributes(fontSize: 15)))
                    node.maximumNumberOfLines = 6
                    return timed { consumeOpaquely(node.layoutThatFits(range).size.height) }
                }
                return Sides(weft: { measure(huge) }, peer: { measure(short) })
            },
            check: { $0.weft <= .milliseconds(10) }
        )
    }

    /// 130,000 lines measured with no line limit against 13,000: measuring
    /// grows with the text, not its square.
    static func textManyLines() -> Job {
        Job(
            id: "text.lines.130k",
            name: "measure 130k lines of text, no limit",
            peer: "13k lines",
            target: "<= 1 s, about 10x the 13k lines",
            ratioForm: .growth(label: "130k/13k"),
            note: "Text: a `TextNode` of 130,000 short paragraphs (\"Line N of a long text\") measured at 390 points "
                + "with no line limit, made fresh each sample, against 13,000 of them. Each paragraph is a Pango "
                + "layout of its own: one layout for the whole text took time growing with the square of its "
                + "paragraphs (16,000 lines: 9 s).",
            prepare: {
                let range = try SizeRange(min: .zero, max: CGSize(width: 390, height: CGFloat.infinity))
                func text(_ lines: Int) -> String {
                    (0 ..< lines).map { "Line \($0) of a long text" }.joined(separator: "\n")
                }
                let many = text(130_000), few = text(13_000)
                func measure(_ string: String) -> Duration {
                    let node = TextNode(AttributedText(string, attributes: TextAttributes(fontSize: 15)))
                    return timed { consumeOpaquely(node.layoutThatFits(range).size.height) }
                }
                return Sides(weft: { measure(many) }, peer: { measure(few) })
            },
            check: { $0.weft <= .seconds(1) && $0.ratio <= 13 }
        )
    }

    /// A megabyte of text in one node scrolled from top to bottom at 5
    /// screens a second: its tiles are drawn ahead of the screen off main,
    /// against the same scroll drawing them on main.
    static func textTiledScroll() -> Job {
        let frames = 60
        /// Whether the pass from top to bottom met the target, known once prepared.
        final class Pass: Sendable {
            let metTarget = Atomic(false)
        }
        let probe = Pass()
        return Job(
            id: "text.tiled.1mb",
            name: "scroll a 1 MB text node at 5 screens/s, main per frame",
            peer: "its tiles drawn on main",
            target: "0 blank tile-frames after the first screen, tiles within the display range",
            note: "Text, tiled: one `TextNode` of about 1 MB of posts (a paragraph each, 15-point Noto Sans at 390 "
                + "points, 2x) in a list in a 390x844 viewport: far taller than a bitmap may be (16,384 pixels), so it "
                + "draws the 1,024-pixel tiles its display range covers and drops the others. Once, before the "
                + "samples, it scrolls from top to bottom at 5 screens a second (70 points a frame, paced at 60 Hz "
                + "in real time), counting frames whose screen shows a tile not drawn (blank) and the most bytes "
                + "its tiles held. Each sample is the mean main-thread time of \(frames) such frames (the pipeline's "
                + "jobs, commits, scroll, range update, tile captures), against the same frames with the text node "
                + "drawing on main (`displaysAsynchronously = false`).",
            prepare: {
                let asynchronous = try TiledTextScrollFixture(kilobytes: 1_000, asynchronous: true)
                let synchronous = try TiledTextScrollFixture(kilobytes: 1_000, asynchronous: false)
                try asynchronous.load()
                try synchronous.load()
                let pass = asynchronous.scroll(frames: nil, screensPerSecond: 5)
                let viewport = TiledTextScrollFixture.viewport
                // The display range in full mode: the screen, one ahead, half behind; at 2x, in whole tiles.
                let rangeBytes = Int(viewport.height * 2.5 * 2) * Int(viewport.width * 2) * 4
                let tileRows = Int((viewport.height * 2.5 * 2 / 1_024).rounded(.up)) + 1
                let tileBytes = tileRows * 1_024 * Int(viewport.width * 2) * 4
                let height = asynchronous.node.layout.contentSize.height
                let whole = Double(height) * 2 * Double(viewport.width) * 2 * 4
                func megabytes(_ bytes: Double) -> String { String(format: "%.1f MB", bytes / 1e6) }
                let remark = "Once, top to bottom (\(asynchronous.byteCount) bytes, \(Int(height)) points, "
                    + "\(pass.frames) frames): \(pass.blankFrames) blank frames; the tiles held at most "
                    + "\(megabytes(Double(pass.peakTileBytes))), the display range is \(megabytes(Double(rangeBytes))) "
                    + "(\(megabytes(Double(tileBytes))) in whole tile rows) and one bitmap of the whole text would be "
                    + "\(megabytes(whole)). Main per frame: mean \(mean(pass.main).microsecondsText), p50 "
                    + "\(percentile(pass.main, 0.5).microsecondsText), p99 \(percentile(pass.main, 0.99).microsecondsText)."
                probe.metTarget.store(pass.blankFrames == 0 && pass.peakTileBytes <= tileBytes, ordering: .relaxed)
                return Sides(
                    weft: { mean(asynchronous.scroll(frames: frames, screensPerSecond: 5).main) },
                    peer: { mean(synchronous.scroll(frames: frames, screensPerSecond: 5).main) },
                    remark: remark)
            },
            check: { _ in probe.metTarget.load(ordering: .relaxed) }
        )
    }
}

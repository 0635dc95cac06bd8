import BenchmarkSupport
import Foundation
import WeftCore
import WeftNode

extension Job {
    /// The width cells are measured at: an iPhone's, any height.
    private static var cellRange: SizeRange {
        (try? SizeRange(min: CGSize(width: 390, height: 0), max: CGSize(width: 390, height: CGFloat.infinity))) ?? .unconstrained
    }

    /// One feed post's layout from its spec, against the same frames by hand.
    static func layoutSpecCell() -> Job {
        let cellsPerRound = 1_000
        return Job(
            id: "layoutspec.cell",
            name: "layout spec of a 12-node post, per cell",
            peer: "the same frames by hand",
            target: "<= 1.5x the hand-written layout",
            ratioForm: .growth(label: "spec/hand"),
            note: "Layout specs: a post of 12 nodes in 4 nested stacks (avatar, author, date, text, a 16:9 image, "
                + "four actions), measured fresh at 390 points wide; the time is per cell over \(cellsPerRound) "
                + "cells a round, one thread. The hand-written peer measures every node it places, as Texture's "
                + "sublayouts require, and the job first checks that both lay out the same frames.",
            prepare: {
                if let disagreement = FeedPostCell.firstDisagreement(among: 0 ..< 200, in: cellRange) {
                    throw JobFailure("the peer does not lay out the same frames: \(disagreement)")
                }
                return Sides(
                    weft: {
                        let cells = FeedPostCell.make(cellsPerRound, spec: true)
                        return timed { FeedPostCell.measure(cells, in: cellRange, parallel: false) } / cellsPerRound
                    },
                    peer: {
                        let cells = FeedPostCell.make(cellsPerRound, spec: false)
                        return timed { FeedPostCell.measure(cells, in: cellRange, parallel: false) } / cellsPerRound
                    }
                )
            },
            check: { $0.weft <= $0.peer * 1.5 }
        )
    }

    /// 10k spec cells measured on every core against one at a time.
    static func layoutSpecParallel() -> Job {
        Job(
            id: "layoutspec.parallel",
            name: "layout specs of 10k posts, parallel",
            peer: "serial",
            target: ">= 1.7x on 2 cores",
            prepare: {
                Sides(
                    weft: {
                        let cells = FeedPostCell.make(10_000, spec: true)
                        return timed { FeedPostCell.measure(cells, in: cellRange, parallel: true) }
                    },
                    peer: {
                        let cells = FeedPostCell.make(10_000, spec: true)
                        return timed { FeedPostCell.measure(cells, in: cellRange, parallel: false) }
                    }
                )
            },
            check: { $0.peer >= $0.weft * 1.7 }
        )
    }
}

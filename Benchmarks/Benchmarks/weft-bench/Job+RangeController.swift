import BenchmarkSupport

/// Frames per round: one frame takes well under a microsecond.
private let framesPerRound = 1_000

extension Job {
    /// One scrolled frame (the viewport moves 1/60 of a screen) at `label`
    /// items, against Texture's full pass over the same elements and nodes.
    static func rangeFrame(_ label: String, items: Int) -> Job {
        Job(
            id: "range.frame.\(label)",
            name: "range update per scrolled frame, \(label) items",
            peer: "Texture full pass",
            target: "<= 20 µs; flat from 10k to 1M",
            note: label == "1M"
                ? "Ranges: the time is per frame, over \(framesPerRound) frames a round; flatness reads "
                    + "across the three range rows."
                : nil,
            prepare: {
                let weft = ScrollFixture(size: items, texture: false)
                let texture = ScrollFixture(size: items, texture: true)
                return Sides(
                    weft: { timedEach(framesPerRound) { _ in weft.frame() } },
                    peer: { timedEach(framesPerRound / 100) { _ in texture.frame() } }
                )
            },
            check: { $0.weft <= .microseconds(20) }
        )
    }
}

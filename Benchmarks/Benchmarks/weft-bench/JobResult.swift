/// What a run measured for one job: a row of the headline table.
struct JobResult: Codable {
    let id: String
    let name: String
    let peer: String
    let target: String
    /// Medians, in nanoseconds.
    let weftMedianNanoseconds: Double
    let peerMedianNanoseconds: Double
    /// Measured rounds of each side, warm-up excluded.
    let weftRounds: Int
    let peerRounds: Int
    /// The medians compared as ``ratioForm`` says.
    let ratio: Double
    /// "peer/Weft" (how many times faster Weft is), or the sizes of a growth ratio.
    let ratioForm: String
    /// Peer median / Weft median, whatever the form of ``ratio``.
    let speedUp: Double
    let met: Bool
    let note: String?

    /// The ratio as the table prints it: "212x", or "1.31x (1M/100k)".
    var ratioText: String {
        let text = "\(significant(ratio))x"
        return ratioForm == RatioForm.speedUpLabel ? text : "\(text) (\(ratioForm))"
    }

    var weftMedianText: String { durationText(nanoseconds: weftMedianNanoseconds) }
    var peerMedianText: String { durationText(nanoseconds: peerMedianNanoseconds) }
    var metMark: String { met ? "✓" : "✗" }
}

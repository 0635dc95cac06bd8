/// How a job's ratio compares its two medians.
enum RatioForm: Equatable {
    /// Peer median / Weft median: how many times faster Weft is.
    case speedUp
    /// Weft median / peer median, where the "peer" is Weft itself at a smaller
    /// size: how much the cost grows. `label` names the sizes, as "1M/100k".
    case growth(label: String)

    /// The label of ``speedUp`` in the results.
    static let speedUpLabel = "peer/Weft"

    /// How the results name this form.
    var label: String {
        switch self {
        case .speedUp: Self.speedUpLabel
        case .growth(let label): label
        }
    }

    /// The ratio of `weft` and `peer` in this form.
    func ratio(weft: Duration, peer: Duration) -> Double {
        switch self {
        case .speedUp: peer / weft
        case .growth: weft / peer
        }
    }
}

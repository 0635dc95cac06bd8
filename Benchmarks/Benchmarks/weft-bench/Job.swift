/// One row of the headline table: a Weft job and its peer, measured in turn in
/// the same process.
///
/// ``prepare`` builds what both sides need, outside any measurement, and returns
/// the two sides. Each side runs one sample and returns the time of one
/// operation in it: a side whose operation is short runs it many times and
/// divides, and a side that must build fresh input for every sample builds it
/// before it starts its clock. ``check`` decides whether the medians meet the
/// performance target.
struct Job {
    /// A short stable name for `--jobs` and the JSON, such as `diff.100k`.
    let id: String
    /// What is measured, as the table's first column says it.
    let name: String
    /// The peer, named as the table says it.
    let peer: String
    /// The performance target, as text.
    let target: String
    /// How the table's ratio compares the two medians.
    var ratioForm: RatioForm = .speedUp
    /// At most this many measured rounds of the peer, spread among Weft's, for
    /// peers too slow to run every round; `nil` runs the peer every round.
    var peerRoundLimit: Int?
    /// At most this many measured rounds of either side, for jobs whose every
    /// round takes a second or more (a million-item load); `nil` runs every round.
    var roundLimit: Int?
    /// A note for the table's footnotes, or `nil`.
    var note: String?
    /// Builds the fixtures of both sides and returns the sides.
    let prepare: @MainActor () throws -> Sides
    /// Whether the medians meet the target.
    let check: (Outcome) -> Bool

    /// The measured operations of a job: each call runs one sample.
    struct Sides {
        let weft: @MainActor () throws -> Duration
        let peer: @MainActor () throws -> Duration
        /// What the fixtures found that the table's footnote should say, such
        /// as the move counts of both sides.
        var remark: String? = nil
    }

    /// The medians of a run, as ``check`` sees them.
    struct Outcome {
        let weft: Duration
        let peer: Duration
        /// The two medians compared as the job's ``RatioForm`` says.
        let ratio: Double
    }
}

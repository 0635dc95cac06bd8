import Foundation

/// A run's headline table, with what is needed to reproduce it.
struct HeadlineReport: Codable {
    let machine: Machine
    /// The command that produced the table, as its user typed it.
    let command: String
    /// When the run ended, ISO 8601.
    let date: String
    /// Measured rounds per job, after one warm-up round.
    let rounds: Int
    let results: [JobResult]

    /// Notes that apply to every row, then each job's own.
    var notes: [String] {
        let jobsMet = results.filter(\.met).count
        return [
            "Medians of \(rounds) rounds after one warm-up round; in every round Weft's side runs, then the peer's, in one process.",
            "ratio: peer median / Weft median (how many times faster Weft is), unless it names the sizes it compares.",
            "\(jobsMet) of \(results.count) targets met.",
            "Cells: the display jobs (display.*) measure and draw real cells, Pango text and PNG avatars; every other "
                + "job's cells are arithmetic leaves (sizes computed from counts, no text shaped), because those jobs "
                + "measure the pipeline itself.",
        ] + results.compactMap(\.note) + results.filter { $0.peerRounds != $0.weftRounds }.map {
            "\($0.name): the peer ran in \($0.peerRounds) of the \($0.weftRounds) rounds."
        }
    }

    /// The columns of the table and each row's cells.
    var columns: [(title: String, alignRight: Bool, cell: (JobResult) -> String)] {
        [
            ("job", false, { $0.name }),
            ("Weft", true, { $0.weftMedianText }),
            ("peer", false, { $0.peer }),
            ("peer median", true, { $0.peerMedianText }),
            ("ratio", true, { $0.ratioText }),
            ("target", false, { $0.target }),
            ("met", false, { $0.metMark }),
        ]
    }

    /// JSON, keys sorted, for tools.
    func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}

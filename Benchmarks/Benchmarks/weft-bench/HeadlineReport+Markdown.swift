import Foundation

extension HeadlineReport {
    /// The table as Markdown, with the machine and the exact command.
    var markdown: String {
        let columns = columns
        func escaped(_ cell: String) -> String {
            cell.replacingOccurrences(of: "|", with: "\\|")
        }
        var lines = [
            "# Weft headline benchmarks",
            "",
            "| " + columns.map(\.title).joined(separator: " | ") + " |",
            "|" + columns.map { $0.alignRight ? "---:|" : "---|" }.joined(),
        ]
        lines += results.map { result in
            "| " + columns.map { escaped($0.cell(result)) }.joined(separator: " | ") + " |"
        }
        lines.append("")
        lines += notes.map { "- \($0)" }
        lines += [
            "",
            "Machine: \(machine.summary).",
            "",
            "Command (\(date)):",
            "",
            "```",
            command,
            "```",
            "",
        ]
        return lines.joined(separator: "\n")
    }
}

import Foundation

extension HeadlineReport {
    /// The table as aligned plain text, notes below, for a terminal.
    var table: String {
        let columns = columns
        let rows = [columns.map(\.title)] + results.map { result in columns.map { $0.cell(result) } }
        let widths = columns.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.indices.map { column in
                let padding = String(repeating: " ", count: widths[column] - cells[column].count)
                return columns[column].alignRight ? padding + cells[column] : cells[column] + padding
            }.joined(separator: "  ").replacingOccurrences(of: " +$", with: "", options: .regularExpression)
        }
        var lines = [line(rows[0]), widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")]
        lines += rows.dropFirst().map(line)
        lines.append("")
        lines += notes.map { "* \($0)" }
        lines.append("* machine: \(machine.summary)")
        lines.append("* command: \(command)")
        return lines.joined(separator: "\n")
    }
}

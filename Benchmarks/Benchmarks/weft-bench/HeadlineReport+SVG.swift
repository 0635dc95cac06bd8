import Foundation

extension HeadlineReport {
    /// A horizontal bar chart of each job's ratio on a log scale, bars starting
    /// at 1x, green where the target is met and red where it is not.
    var svg: String {
        let labelWidth = 340.0, plotLeft = 360.0, plotRight = 880.0, width = 960.0
        let top = 64.0, rowHeight = 30.0, barHeight = 18.0
        let height = top + rowHeight * Double(results.count) + 70
        let ratios = results.map { max($0.ratio, 1e-6) }
        let low = pow(10, (log10(min(ratios.min() ?? 1, 1))).rounded(.down))
        let high = max(pow(10, (log10(max(ratios.max() ?? 1, 1))).rounded(.up)), low * 10)
        func x(_ ratio: Double) -> Double {
            plotLeft + (log10(ratio) - log10(low)) / (log10(high) - log10(low)) * (plotRight - plotLeft)
        }
        func number(_ value: Double) -> String { formatted(value) }

        var svg = [
            ##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(number(width))" height="\##(number(height))" "##
                + ##"viewBox="0 0 \##(number(width)) \##(number(height))" font-family="Helvetica, Arial, sans-serif" font-size="13">"##,
            ##"<rect width="100%" height="100%" fill="white"/>"##,
            ##"<text x="20" y="26" font-size="17" font-weight="bold">Weft against its peers</text>"##,
            ##"<text x="20" y="46" fill="#555">\##(escaped("ratio on a log scale: peer median / Weft median, or the sizes named; \(rounds) rounds"))</text>"##,
        ]
        var decade = low
        while decade <= high * 1.000_001 {
            let position = number(x(decade))
            svg.append(##"<line x1="\##(position)" y1="\##(number(top - 6))" x2="\##(position)" "##
                + ##"y2="\##(number(top + rowHeight * Double(results.count)))" stroke="\##(decade == 1 ? "#333" : "#ddd")"/>"##)
            svg.append(##"<text x="\##(position)" y="\##(number(top + rowHeight * Double(results.count) + 16))" "##
                + ##"text-anchor="middle" fill="#555">\##(ratioLabel(decade))</text>"##)
            decade *= 10
        }
        for (row, result) in results.enumerated() {
            let y = top + rowHeight * Double(row)
            let barY = y + (rowHeight - barHeight) / 2
            let start = min(x(1), x(ratios[row])), end = max(x(1), x(ratios[row]))
            let color = result.met ? "#2e7d32" : "#c62828"
            let detail = "\(result.name): Weft \(result.weftMedianText), \(result.peer) \(result.peerMedianText), "
                + "\(result.ratioText); target \(result.target) \(result.met ? "met" : "not met")"
            svg.append("<g><title>\(escaped(detail))</title>")
            svg.append(##"<text x="\##(number(labelWidth))" y="\##(number(barY + barHeight - 4))" text-anchor="end">\##(escaped(result.name))</text>"##)
            svg.append(##"<rect x="\##(number(start))" y="\##(number(barY))" width="\##(number(max(end - start, 1)))" "##
                + ##"height="\##(number(barHeight))" fill="\##(color)"/>"##)
            svg.append(##"<text x="\##(number(end + 6))" y="\##(number(barY + barHeight - 4))">\##(escaped(result.ratioText))</text>"##)
            svg.append("</g>")
        }
        let legendY = top + rowHeight * Double(results.count) + 36
        svg += [
            ##"<rect x="20" y="\##(number(legendY))" width="14" height="14" fill="#2e7d32"/>"##,
            ##"<text x="40" y="\##(number(legendY + 12))">target met</text>"##,
            ##"<rect x="130" y="\##(number(legendY))" width="14" height="14" fill="#c62828"/>"##,
            ##"<text x="150" y="\##(number(legendY + 12))">target not met</text>"##,
            ##"<text x="20" y="\##(number(legendY + 30))" fill="#555" font-size="11">\##(escaped(machine.summary))</text>"##,
            "</svg>",
            "",
        ]
        return svg.joined(separator: "\n")
    }
}

/// A decade of the axis: "0.1x", "1x", "1000x".
private func ratioLabel(_ decade: Double) -> String {
    decade >= 1 ? "\(Int(decade.rounded()))x" : "\(formatted(decade))x"
}

/// A coordinate or decade with at most three decimals and no trailing zeros.
private func formatted(_ value: Double) -> String {
    var text = String(format: "%.3f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
}

/// `text` with the characters XML reserves escaped.
private func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;")
        .replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;")
        .replacingOccurrences(of: "\"", with: "&quot;")
}

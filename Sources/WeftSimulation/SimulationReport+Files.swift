public import Foundation

extension SimulationReport {
    /// The trace in the Chrome trace-event format (JSON object form).
    public func traceJSON() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(TraceFile(traceEvents: traceEvents))
    }

    /// A bar chart of each frame's main-thread time, with the 120 Hz and 60 Hz
    /// frame budgets drawn across it.
    public func frameChartSVG(width: Int = 1_000, height: Int = 320) -> String {
        let margin = 48.0
        let plotWidth = Double(width) - 2 * margin
        let plotHeight = Double(height) - 2 * margin
        let budget60 = 16_667.0
        let top = max(frameMicroseconds.max() ?? 0, budget60 * 1.2)
        let barWidth = plotWidth / Double(max(frameMicroseconds.count, 1))
        func y(_ microseconds: Double) -> Double { margin + plotHeight * (1 - microseconds / top) }
        var svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" font-family="sans-serif" font-size="12">
        <rect width="100%" height="100%" fill="white"/>
        <text x="\(margin)" y="24" font-size="14">weft-sim: main-thread time per frame (\(frameMicroseconds.count) frames, \
        p50 \(String(format: "%.2f", percentile(50) / 1_000)) ms, p99 \(String(format: "%.2f", percentile(99) / 1_000)) ms)</text>

        """
        for (index, value) in frameMicroseconds.enumerated() {
            let x = margin + Double(index) * barWidth
            let color = value > 8_333 ? "#d62728" : "#1f77b4"
            svg += String(format: "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" ",
                          x, y(value), max(barWidth, 0.5), margin + plotHeight - y(value))
                + "fill=\"\(color)\"/>\n"
        }
        for (label, value) in [("8.3 ms (120 Hz)", 8_333.0), ("16.7 ms (60 Hz)", budget60)] {
            svg += String(format: "<line x1=\"%.0f\" x2=\"%.0f\" y1=\"%.2f\" y2=\"%.2f\" stroke=\"#888\" stroke-dasharray=\"4 3\"/>\n",
                          margin, margin + plotWidth, y(value), y(value))
            svg += String(format: "<text x=\"%.0f\" y=\"%.2f\" fill=\"#555\">", margin + plotWidth - 110, y(value) - 4)
                + "\(label)</text>\n"
        }
        svg += String(format: "<line x1=\"%.0f\" x2=\"%.0f\" y1=\"%.0f\" y2=\"%.0f\" stroke=\"black\"/>\n",
                      margin, margin + plotWidth, margin + plotHeight, margin + plotHeight)
        svg += "<text x=\"\(Int(margin))\" y=\"\(height - 12)\">frame</text>\n</svg>\n"
        return svg
    }

    /// Writes `data` to `path`.
    public static func write(_ data: Data, to path: String) throws(SimulationError) {
        do {
            try data.write(to: URL(fileURLWithPath: path))
        } catch {
            throw .cannotWrite(path: path, reason: error.localizedDescription)
        }
    }
}

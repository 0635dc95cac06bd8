import Foundation

extension SimulationReport {
    /// The run as an SVG chart that reads on its own: main-thread time per frame
    /// as bars against the 120 Hz and 60 Hz budgets, and below it live nodes and
    /// memory per subsystem over the same frames. Both panels have labelled axes
    /// with ticks, and a legend.
    public func frameChartSVG(width: Int = 1_000) -> String {
        let left = 64.0, right = 150.0, plotWidth = Double(width) - left - right
        let frames = max(frameMicroseconds.count, 1)
        func x(_ frame: Double) -> Double { left + plotWidth * frame / Double(frames) }
        var svg = Chart()
        svg.text(left, 24, "weft-sim: \(frameMicroseconds.count) frames, main-thread time p50 "
            + String(format: "%.2f ms, p99 %.2f ms", percentile(50) / 1_000, percentile(99) / 1_000), size: 14)

        // Panel 1: frame times.
        let top1 = 48.0, height1 = 240.0
        let budget120 = 8_333.0, budget60 = 16_667.0
        // The axis follows the frames, so a p99 of 0.3 ms is not a flat line
        // under a 20 ms axis; budgets above it are named at its top instead.
        let peak = max((frameMicroseconds.max() ?? 0) * 1.15, 1_000) / 1_000
        let ticks1 = Chart.ticks(upTo: peak)
        let scale1 = ticks1.last ?? peak
        func y1(_ milliseconds: Double) -> Double { top1 + height1 * (1 - milliseconds / scale1) }
        svg.axes(left: left, top: top1, width: plotWidth, height: height1)
        for tick in ticks1 { svg.yTick(left, y1(tick), Chart.label(tick)) }
        svg.yTitle(left - 46, top1 + height1 / 2, "main thread (ms)")
        let barWidth = plotWidth / Double(frames)
        for (index, value) in frameMicroseconds.enumerated() {
            let milliseconds = min(value / 1_000, scale1)
            svg.rect(x(Double(index)), y1(milliseconds), max(barWidth, 0.5), top1 + height1 - y1(milliseconds),
                     fill: value > budget120 ? Chart.over : Chart.within)
        }
        var above = 0
        for (label, value) in [("120 Hz budget, 8.3 ms", budget120), ("60 Hz budget, 16.7 ms", budget60)] {
            if value / 1_000 <= scale1 {
                let y = y1(value / 1_000)
                svg.dashed(left, y, left + plotWidth, y)
                svg.text(left + plotWidth + 6, y + 4, label, fill: "#555")
            } else {
                svg.text(left + plotWidth + 6, top1 + 4 + 16 * Double(above), label, fill: "#555")
                above += 1
            }
        }
        if above > 0 { svg.text(left + plotWidth + 6, top1 + 4 + 16 * Double(above), "(above this axis)", fill: "#555") }
        svg.xTicks(left: left, width: plotWidth, bottom: top1 + height1, frames: frames)
        svg.text(left + plotWidth + 6, top1 + height1 + 4, "frame")
        svg.legend(left, top1 + height1 + 40, [
            ("frame within 8.3 ms", Chart.within), ("frame over 8.3 ms", Chart.over),
        ], horizontal: true)

        // Panel 2: live nodes and memory.
        let top2 = top1 + height1 + 84, height2 = 160.0
        svg.text(left, top2 - 12, "live nodes and memory per subsystem, sampled every 6 frames", size: 13)
        svg.axes(left: left, top: top2, width: plotWidth, height: height2)
        svg.xTicks(left: left, width: plotWidth, bottom: top2 + height2, frames: frames)
        svg.text(left + plotWidth / 2 - 20, top2 + height2 + 36, "frame")
        let nodeTicks = Chart.ticks(upTo: Double(counterSamples.map(\.liveNodes).max() ?? 0))
        let nodeScale = max(nodeTicks.last ?? 1, 1)
        for tick in nodeTicks { svg.yTick(left, top2 + height2 * (1 - tick / nodeScale), Chart.label(tick)) }
        svg.yTitle(left - 46, top2 + height2 / 2, "live nodes")
        let kinds = Array(Set(counterSamples.flatMap(\.bytes.keys))).sorted()
        let megabytes = counterSamples.flatMap { $0.bytes.values.map { Double($0) / 1_000_000 } }
        let memoryTicks = Chart.ticks(upTo: megabytes.max() ?? 0)
        let memoryScale = max(memoryTicks.last ?? 1, 0.001)
        for tick in memoryTicks {
            svg.text(left + plotWidth + 6, top2 + height2 * (1 - tick / memoryScale) + 4, Chart.label(tick) + " MB",
                     fill: "#555")
        }
        var series: [(String, String)] = [("live nodes (left axis)", Chart.nodes)]
        svg.polyline(counterSamples.map { (x(Double($0.frame)), top2 + height2 * (1 - Double($0.liveNodes) / nodeScale)) },
                     stroke: Chart.nodes)
        for (index, kind) in kinds.enumerated() {
            let color = Chart.memory[index % Chart.memory.count]
            svg.polyline(counterSamples.map {
                (x(Double($0.frame)), top2 + height2 * (1 - Double($0.bytes[kind] ?? 0) / 1_000_000 / memoryScale))
            }, stroke: color)
            series.append(("\(kind) memory (right axis)", color))
        }
        svg.legend(left, top2 + height2 + 56, series, horizontal: true)
        return svg.document(width: width, height: Int(top2 + height2 + 76))
    }
}

/// The SVG elements of the chart, in the order they are drawn.
private struct Chart {
    static let within = "#1f77b4", over = "#d62728", nodes = "#2ca02c"
    static let memory = ["#9467bd", "#ff7f0e", "#8c564b", "#17becf"]
    private var body = ""

    /// Round ticks from 0 covering `maximum`: 4 to 8 steps of 1, 2 or 5 times a power of ten.
    static func ticks(upTo maximum: Double) -> [Double] {
        guard maximum > 0, maximum.isFinite else { return [0, 1] }
        let rough = maximum / 5
        let power = pow(10, floor(log10(rough)))
        let step = [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= rough } ?? 10 * power
        return (0 ... Int((maximum / step).rounded(.up))).map { Double($0) * step }
    }

    static func label(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%g", value)
    }

    mutating func text(_ x: Double, _ y: Double, _ text: String, size: Int = 12, fill: String = "black", anchor: String = "start") {
        let escaped = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        body += String(format: "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%d\" fill=\"%@\" text-anchor=\"%@\">",
                       x, y, size, fill, anchor) + escaped + "</text>\n"
    }

    mutating func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double, fill: String) {
        body += String(format: "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"%@\"/>\n",
                       x, y, width, max(height, 0), fill)
    }

    mutating func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, stroke: String = "black") {
        body += String(format: "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%@\"/>\n",
                       x1, y1, x2, y2, stroke)
    }

    mutating func dashed(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        body += String(format: "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#888\" stroke-dasharray=\"4 3\"/>\n",
                       x1, y1, x2, y2)
    }

    mutating func polyline(_ points: [(Double, Double)], stroke: String) {
        guard !points.isEmpty else { return }
        let list = points.map { String(format: "%.1f,%.1f", $0.0, $0.1) }.joined(separator: " ")
        body += "<polyline points=\"\(list)\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"1.5\"/>\n"
    }

    /// The x and y axis lines of a panel, marked for tools that read the chart.
    mutating func axes(left: Double, top: Double, width: Double, height: Double) {
        body += String(format: "<g class=\"axis y-axis\"><line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"black\"/></g>\n",
                       left, top, left, top + height)
        body += String(format: "<g class=\"axis x-axis\"><line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"black\"/></g>\n",
                       left, top + height, left + width, top + height)
    }

    mutating func yTick(_ left: Double, _ y: Double, _ label: String) {
        line(left - 4, y, left, y)
        text(left - 7, y + 4, label, anchor: "end")
    }

    mutating func yTitle(_ x: Double, _ y: Double, _ title: String) {
        body += String(format: "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" text-anchor=\"middle\" transform=\"rotate(-90 %.1f %.1f)\">",
                       x, y, x, y) + title + "</text>\n"
    }

    mutating func xTicks(left: Double, width: Double, bottom: Double, frames: Int) {
        for tick in Self.ticks(upTo: Double(frames)) where tick <= Double(frames) {
            let x = left + width * tick / Double(frames)
            line(x, bottom, x, bottom + 4)
            text(x, bottom + 17, Self.label(tick), anchor: "middle")
        }
    }

    /// A legend: a swatch and a label per entry, in a column or a row.
    mutating func legend(_ x: Double, _ y: Double, _ entries: [(String, String)], horizontal: Bool = false) {
        body += "<g class=\"legend\">\n"
        var dx = 0.0, dy = 0.0
        for (label, color) in entries {
            rect(x + dx, y + dy - 9, 10, 10, fill: color)
            text(x + dx + 14, y + dy, label)
            if horizontal { dx += 14 + Double(label.count) * 6.5 + 18 } else { dy += 18 }
        }
        body += "</g>\n"
    }

    func document(width: Int, height: Int) -> String {
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" font-family="sans-serif">
        <rect width="100%" height="100%" fill="white"/>
        \(body)</svg>

        """
    }
}

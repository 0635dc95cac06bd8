import Foundation
import WeftCore

/// The content of the sample feed's posts: names, text and avatar colours, the
/// same for the same post on every run and machine. weft-gallery, weft-sim and
/// the tests show it in Weft's cells (`WeftSimulation.PostCellNode`), and the
/// GtkListView peer in GTK's rows, so that both sides of a comparison show the
/// same words.
public enum PostContent {
    private static let names = ["Ada Lovelace", "Grace Hopper", "Alan Kay", "Barbara Liskov",
                                "Edsger Dijkstra", "Margaret Hamilton", "Niklaus Wirth", "Radia Perlman"]
    private static let words = """
        the cell is drawn before it scrolls into view while the main thread only moves pictures that are \
        ready text is shaped once measured off main and drawn again from the same layout images decode in \
        preload and every batch of changes is checked before a single row moves on screen
        """.split(separator: " ").map(String.init)

    /// How many avatars the authors share.
    public static let avatarCount = 8

    /// The author of post `id`.
    public static func author(for id: Int) -> String { names[abs(id) % names.count] }

    /// The body of post `id` at `version`: 3 to 6 lines at a phone's width.
    public static func body(for id: Int, version: Int) -> String {
        var random = SplitMix64(seed: UInt64(bitPattern: Int64(id)) &* 31 &+ UInt64(bitPattern: Int64(version)))
        let count = 14 + Int(random.next() % 20)
        var text = (0 ..< count).map { _ in words[Int(random.next() % UInt64(words.count))] }.joined(separator: " ")
        text.replaceSubrange(text.startIndex ... text.startIndex, with: text.prefix(1).uppercased())
        return "Post \(id): " + text + "."
    }

    /// The colour of row `row` of avatar `index` (0 ..< ``avatarCount``), `size`
    /// rows tall: a vertical gradient of one hue, light to dark, opaque, each
    /// channel in 0...1.
    public static func avatarColor(index: Int, row: Int, size: Int) -> (red: Double, green: Double, blue: Double) {
        precondition((0 ..< avatarCount).contains(index) && (0 ..< size).contains(row), "avatar \(index), row \(row) of \(size)")
        let hue = Double(index) / Double(avatarCount)
        let shade = 1 - 0.5 * Double(row) / Double(size)
        return (shade * (0.5 + 0.5 * cos(2 * .pi * hue)),
                shade * (0.5 + 0.5 * cos(2 * .pi * (hue - 1.0 / 3))),
                shade * (0.5 + 0.5 * cos(2 * .pi * (hue - 2.0 / 3))))
    }
}

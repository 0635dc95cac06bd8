import Foundation
public import Weft
import WeftCore
import WeftDisplay
public import WeftSampleFeed

/// A real post cell: a round avatar image beside the author's name and 3 to 6
/// lines of body text, shaped by Pango and drawn off main. weft-sim, the tests
/// and weft-bench all show this cell, so that every figure that measures or
/// draws a cell measures real work.
// @unchecked Sendable, as CellNode is: the stored properties are constants.
public final class PostCellNode: CellNode, @unchecked Sendable {
    /// The author's avatar, 40 points square with round corners.
    public let avatar: ImageNode
    /// The author's name, bold.
    public let author: TextNode
    /// The post's text.
    public let body: TextNode
    /// Told, on main, how long the cell took from entering the display range to
    /// its text landing (its slowest drawing; the cell draws nothing of its
    /// own), in nanoseconds.
    private let displayLatency: (@MainActor @Sendable (UInt64) -> Void)?
    /// The post the cell shows.
    public let postID: Int
    /// When the cell last entered the display range (main only).
    @MainActor private var enteredDisplay: UInt64 = 0

    /// Creates the cell of post `id` at `version`; the text and avatar follow
    /// from both, deterministically.
    ///
    /// - Parameters:
    ///   - id: The post; its author, text and avatar follow from it.
    ///   - version: The post's version; its text follows from it and `id`.
    ///   - displaysAsynchronously: `false` makes the cell and its nodes draw on
    ///     main, as UIKit's `draw(_:)` does: the benchmarks' peer.
    ///   - bodyText: How the body is set (``PostBodyText``): plain by default.
    ///   - displayLatency: Told, on main, the nanoseconds from the cell entering
    ///     the display range to its contents landing, each time they land.
    public init(id: Int, version: Int = 0, displaysAsynchronously: Bool = true, bodyText: PostBodyText = .plain,
                displayLatency: (@MainActor @Sendable (UInt64) -> Void)? = nil) {
        postID = id
        self.displayLatency = displayLatency
        avatar = ImageNode(source: PostContent.avatar(for: id))
        avatar.imageCornerRadius = 20
        author = TextNode(AttributedText(PostContent.author(for: id),
                                         attributes: TextAttributes(fontSize: 15, fontWeight: .bold)))
        let text = PostContent.body(for: id, version: version)
        body = _PostBody(bodyText == .rich ? Self.richBody(text) : AttributedText(text, attributes: Self.bodyAttributes))
        if bodyText != .plain {
            body.maximumNumberOfLines = 4
            body.additionalTruncationMessage = AttributedText(
                " Continue reading", attributes: TextAttributes(fontSize: 15, fontWeight: .semibold,
                                                                color: Color(red: 0.1, green: 0.4, blue: 0.85)))
        }
        super.init()
        // No background of its own: the view's shows through (a theme's, in a
        // GTK window), and so does the cell's selection.
        automaticallyManagesSubnodes = true
        if !displaysAsynchronously {
            for node in [self, avatar, author, body] as [DisplayNode] { node.displaysAsynchronously = false }
        }
    }

    private static let bodyAttributes = TextAttributes(fontSize: 15, color: Color(white: 0.13),
                                                       darkStyleColor: Color(white: 0.8))

    /// `text` with its second word underlined, an italic phrase (the third to
    /// fifth words) and its last word a link: six runs, as a post with an
    /// emphasis, a mention and a link has.
    public static func richBody(_ text: String) -> AttributedText {
        var italic = bodyAttributes
        italic.fontStyle = .italic
        var underlined = bodyAttributes
        underlined.underline = .single
        var runs: [AttributedText.Run] = []
        var linked = bodyAttributes
        linked.color = Color(red: 0.1, green: 0.4, blue: 0.85)
        linked.link = "post-link"
        let words = text.split(separator: " ", omittingEmptySubsequences: false)
        for (index, word) in words.enumerated() {
            let attributes = index == words.count - 1 ? linked : index == 1 ? underlined
                : (2 ... 4).contains(index) ? italic : bodyAttributes
            // The space between two words goes with a run that is neither
            // underlined nor a link, so that an underline or a link's rect
            // ends at its word.
            var piece = String(word)
            if index > 0 {
                let previousIsMarked = runs.last.map { $0.attributes.underline != .none || $0.attributes.link != nil } ?? false
                if !previousIsMarked, attributes.underline != .none || attributes.link != nil {
                    runs[runs.count - 1].string += " "
                } else {
                    piece = " " + piece
                }
            }
            if let last = runs.last, last.attributes == attributes {
                runs[runs.count - 1].string += piece
            } else {
                runs.append(AttributedText.Run(piece, attributes: attributes))
            }
        }
        return AttributedText(runs: runs)
    }

    public override func didEnterDisplayState() {
        super.didEnterDisplayState()
        enteredDisplay = PipelineTracing.now()
    }

    /// The body's drawing landed: the cell is drawn.
    @MainActor fileprivate func bodyDidFinish() {
        guard enteredDisplay != 0 else { return }
        displayLatency?(PipelineTracing.now() - enteredDisplay)
        enteredDisplay = 0
    }

    public override func layoutSpecThatFits(_ range: SizeRange) -> LayoutSpec? {
        .inset(EdgeInsets(top: 12, left: 16, bottom: 12, right: 16), child:
            .stack(.horizontal, spacing: 12, alignItems: .start, children: [
                .node(avatar).style { $0.preferredSize = CGSize(width: 40, height: 40) },
                .stack(.vertical, spacing: 4, children: [.node(author), .node(body)])
                    .style { $0.flexGrow = 1; $0.flexShrink = 1 },
            ]))
    }
}

extension PostContent {
    /// The avatar of post `id`'s author: one of eight PNGs made once, in memory
    /// from `PostContent.avatarColor(index:row:size:)`.
    public static func avatar(for id: Int) -> ImageSource { avatars[abs(id) % avatars.count] }

    private static let avatars: [ImageSource] = (0 ..< avatarCount).map { index in
        let size = 80
        let png = try! Bitmap(pixelWidth: size, pixelHeight: size) { pixels, stride in
            for y in 0 ..< size {
                let (red, green, blue) = avatarColor(index: index, row: y, size: size)
                (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
                    .update(repeating: Color(red: red, green: green, blue: blue).premultipliedARGB32, count: size)
            }
        }.pngData()
        return .data(png, id: "avatar-\(index)")
    }
}

/// The post's text, which tells its cell when its drawing lands.
// @unchecked Sendable, as TextNode is: no stored properties of its own.
private final class _PostBody: TextNode, @unchecked Sendable {
    override func displayDidFinish() {
        super.displayDidFinish()
        (supernode as? PostCellNode)?.bodyDidFinish()
    }
}

public import Foundation
import WeftCore
public import WeftNode

/// A node that shows attributed text: shaped and measured by Pango when the node
/// is measured (off main, with the rest of the cell), drawn off main when it
/// enters the display range. Texture's `ASTextNode`.
///
/// Measuring keeps the laid-out text; the drawing reuses it when the node's
/// bounds give the same lines, so a cell's text is shaped once, not twice.
///
/// ```swift
/// let body = TextNode(AttributedText(post.text, attributes: TextAttributes(fontSize: 15)))
/// body.maximumNumberOfLines = 6
/// ```
// @unchecked Sendable: the text state is in `textState`, a PosixMutex.
open class TextNode: DisplayNode, @unchecked Sendable {
    struct TextState {
        var text: AttributedText
        var maximumNumberOfLines = 0
        var truncationMode = TruncationMode.end
        var truncationToken: AttributedText?
        var truncationMessage: AttributedText?
        var layout: _TextLayout?
        /// The layout shaped for the bounds when ``layout`` did not fit them;
        /// made by the first drawing that needs it (most text nodes never do).
        var boundsLayouts: _BoundsLayoutCache?
        weak var delegate: (any TextNodeDelegate)?
        var linkHighlightColor = Color(white: 0.5, alpha: 0.3)
        /// The pressed link's rectangles, drawn behind the text.
        var highlight: [CGRect] = []
        /// What the press this node claimed is on, and whether it was held.
        var press: (hit: _TextLayout.Hit, held: Bool)?

        /// What ends a cut line: the token (or "…", which takes the attributes
        /// of the text where it is cut: ``tokenFollowsText``) and the message;
        /// `nil` for Pango's own "…" when neither is set.
        var truncationTail: AttributedText? {
            guard truncationToken != nil || truncationMessage != nil else { return nil }
            let token = truncationToken ?? AttributedText("\u{2026}")
            return truncationMessage.map { token + $0 } ?? token
        }

        /// Whether the tail starts with the default "…", drawn in the
        /// attributes of the text before it.
        var tokenFollowsText: Bool { truncationToken == nil }

        /// What a layout of the text is made from, under `traits`.
        func request(traits: _TextTraits) -> _TextRequest {
            _TextRequest(text: text, maximumNumberOfLines: maximumNumberOfLines, truncationMode: truncationMode,
                         truncationTail: truncationTail, tokenFollowsText: tokenFollowsText, traits: traits)
        }
    }

    private let textState: PosixMutex<TextState>

    /// Creates a node showing `text`.
    public init(_ text: AttributedText = AttributedText("")) {
        textState = PosixMutex(TextState(text: text))
        super.init()
    }

    /// The text; setting it lays the node out again and redraws it.
    public var attributedText: AttributedText {
        get { textState.withLock { $0.text } }
        set { change { $0.text = newValue } }
    }

    /// The most lines shown, over all of the text's paragraphs, 0 (the default)
    /// for no limit; text beyond it is cut as ``truncationMode`` says, and when
    /// the cut falls between paragraphs the last line shown ends in the
    /// truncation token ("…" unless ``truncationAttributedText`` says otherwise).
    ///
    /// Under a limit only the text that can show is shaped: a 10 MB string
    /// limited to 6 lines measures as fast as a short one.
    public var maximumNumberOfLines: Int {
        get { textState.withLock { $0.maximumNumberOfLines } }
        set { change { $0.maximumNumberOfLines = max(newValue, 0) } }
    }

    /// Where text beyond ``maximumNumberOfLines`` is cut; ``TruncationMode/end`` by default.
    public var truncationMode: TruncationMode {
        get { textState.withLock { $0.truncationMode } }
        set { change { $0.truncationMode = newValue } }
    }

    /// What ends the last line when the text is cut at its end: Texture's
    /// `truncationAttributedText`. `nil` (the default) for "…" in the
    /// attributes of the text where it is cut. The line is cut between characters,
    /// its trailing spaces dropped, so that the token (and
    /// ``additionalTruncationMessage``) fits on it; a token wider than the
    /// whole line is itself cut by "…". Used by ``TruncationMode/end``; the
    /// other modes cut with "…".
    public var truncationAttributedText: AttributedText? {
        get { textState.withLock { $0.truncationToken } }
        set { change { $0.truncationToken = newValue } }
    }

    /// Text shown after the truncation token when the text is cut at its end,
    /// such as " Continue reading": Texture's `additionalTruncationMessage`.
    /// `nil` (the default) for none.
    public var additionalTruncationMessage: AttributedText? {
        get { textState.withLock { $0.truncationMessage } }
        set { change { $0.truncationMessage = newValue } }
    }

    /// `true`: a text taller (or wider) than a bitmap may be draws the tiles
    /// its container's display range covers, as a `CATiledLayer` would, so
    /// a 10 MB text node scrolled through shows every line.
    open override class var drawsInTiles: Bool { true }

    /// What a screen reader says: the label set, else the whole text (cut or
    /// not, as Texture's text node), so a cell's label joins its texts.
    open override var accessibilityLabel: String? {
        get { super.accessibilityLabel ?? attributedText.string }
        set { super.accessibilityLabel = newValue }
    }

    /// The number of lines of the last layout, 0 before the node was measured.
    public var lineCount: Int {
        textState.withLock { $0.layout }?.lineCount ?? 0
    }

    /// The lines of the last layout, top to bottom, with their frames,
    /// baselines and text ranges; empty before the node was measured. A line
    /// cut between paragraphs ends where the text Pango shows ends ("…" and
    /// the truncation token are not in the text).
    ///
    /// - Complexity: O(*l* + *n*) for *l* lines and *n* NULs in the text.
    public var lines: [TextLine] {
        guard let layout = textState.withLock({ $0.layout }) else { return [] }
        let string = layout.text.string
        let utf8 = string.utf8
        var nulBytes: [Int] = []
        if string.utf8.contains(0) {
            for (offset, byte) in utf8.enumerated() where byte == 0 { nulBytes.append(offset) }
        }
        return layout.lines(nulBytes: nulBytes).map { line in
            let lower = utf8.index(utf8.startIndex, offsetBy: min(line.utf8.lowerBound, utf8.count))
            let upper = utf8.index(utf8.startIndex, offsetBy: min(line.utf8.upperBound, utf8.count))
            return TextLine(frame: line.frame, baseline: line.baseline, range: lower ..< max(lower, upper),
                            isTruncated: line.isTruncated)
        }
    }

    /// Whether the last layout cut the text to fit ``maximumNumberOfLines``
    /// (or Pango could not lay all of it out): exact, whether the cut fell in
    /// a paragraph or between two.
    public var isTruncated: Bool {
        textState.withLock { $0.layout }?.isTruncated ?? false
    }

    /// Runs `body` on the text state under its lock.
    func withTextState<R>(_ body: (inout TextState) -> R) -> R {
        textState.withLock { body(&$0) }
    }

    private func change(_ body: (inout TextState) -> Void) {
        textState.withLock { state in
            body(&state)
            state.layout = nil
            state.boundsLayouts = nil
        }
        setNeedsLayout()
        setNeedsDisplay()
    }

    /// Redraws, and at another text scale or font (`TraitCollection.textScale`,
    /// `TraitCollection.fontFamily`) drops the calculated layouts of the node
    /// and its supernodes, whose sizes follow from the text's.
    open override func traitCollectionDidChange(_ previous: TraitCollection) {
        super.traitCollectionDidChange(previous)
        if traitCollection.changesTextLayout(from: previous) { setNeedsLayout() }
    }

    /// Shapes the text for the constrained width (or reuses the layout made for
    /// it) and returns its size.
    ///
    /// - Complexity: Pango's shaping, O(*c*) for *c* characters, when the width
    ///   or text changed; O(1) otherwise.
    open override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
        let width = Double(constrainedSize.width), traits = _TextTraits(traitCollection)
        return layout(width: width, traits: traits) { $0.width == width && $0.traits.measuresAlike(traits) }.size
    }

    /// The laid-out text and attributes to draw: the kept layout if it gives the
    /// bounds' lines (or the one a drawing shaped for the bounds), else what
    /// the drawing needs to shape the text itself, once for all its tiles.
    open override func drawing() -> (any NodeDrawing)? {
        let (state, boundsWidth) = (textState.withLock { $0 }, calculatedLayout.map { Double($0.size.width) })
        guard !state.text.isEmpty, let boundsWidth else { return nil }
        let request = state.request(traits: _TextTraits(traitCollection))
        let fits = { (layout: _TextLayout) in layout.fits(boundsWidth: boundsWidth, request: request) }
        let kept: _TextLayout?, boundsLayouts: _BoundsLayoutCache?
        if let layout = state.layout, fits(layout) {
            (kept, boundsLayouts) = (layout, nil)
        } else {
            let cache = textState.withLock { current in
                // One per text; a text changed since the first lock finds no fit in it.
                if let cache = current.boundsLayouts { return cache }
                let cache = _BoundsLayoutCache()
                current.boundsLayouts = cache
                return cache
            }
            (kept, boundsLayouts) = (cache.cached(fits), cache)
        }
        return _TextDrawing(layout: kept, boundsLayouts: boundsLayouts, request: request, width: boundsWidth,
                            highlight: state.highlight, highlightColor: state.linkHighlightColor)
    }

    /// The kept layout if `reusable` accepts it, else a new one for `width`, kept.
    func layout(width: Double, traits: _TextTraits, reusable: (_TextLayout) -> Bool) -> _TextLayout {
        let state = textState.withLock { $0 }
        if let layout = state.layout, layout.text == state.text, reusable(layout) { return layout }
        let layout = _TextLayout(state.request(traits: traits), width: width)
        textState.withLock { current in
            // Keep it unless the text changed while it was shaped.
            if current.request(traits: traits) == layout.request { current.layout = layout }
        }
        return layout
    }
}

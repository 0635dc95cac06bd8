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
    private struct TextState {
        var text: AttributedText
        var maximumNumberOfLines = 0
        var truncationMode = TruncationMode.end
        var layout: _TextLayout?
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
    /// the cut falls between paragraphs the last line shown ends in "…".
    public var maximumNumberOfLines: Int {
        get { textState.withLock { $0.maximumNumberOfLines } }
        set { change { $0.maximumNumberOfLines = max(newValue, 0) } }
    }

    /// Where text beyond ``maximumNumberOfLines`` is cut; ``TruncationMode/end`` by default.
    public var truncationMode: TruncationMode {
        get { textState.withLock { $0.truncationMode } }
        set { change { $0.truncationMode = newValue } }
    }

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

    /// Whether the last layout cut the text to fit ``maximumNumberOfLines``.
    public var isTruncated: Bool {
        textState.withLock { $0.layout }?.isTruncated ?? false
    }

    private func change(_ body: (inout TextState) -> Void) {
        textState.withLock { state in
            body(&state)
            state.layout = nil
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
    /// bounds' lines, else what the drawing needs to shape the text itself.
    open override func drawing() -> (any NodeDrawing)? {
        let (state, boundsWidth) = (textState.withLock { $0 }, calculatedLayout.map { Double($0.size.width) })
        guard !state.text.isEmpty, let boundsWidth else { return nil }
        let traits = _TextTraits(traitCollection)
        let kept = state.layout.flatMap { layout in
            layout.fits(boundsWidth: boundsWidth, text: state.text, maximumNumberOfLines: state.maximumNumberOfLines,
                        truncationMode: state.truncationMode, traits: traits) ? layout : nil
        }
        return _TextDrawing(layout: kept, text: state.text, width: boundsWidth,
                            maximumNumberOfLines: state.maximumNumberOfLines, truncationMode: state.truncationMode,
                            traits: traits)
    }

    /// The kept layout if `reusable` accepts it, else a new one for `width`, kept.
    private func layout(width: Double, traits: _TextTraits, reusable: (_TextLayout) -> Bool) -> _TextLayout {
        let state = textState.withLock { $0 }
        if let layout = state.layout, layout.text == state.text, reusable(layout) { return layout }
        let layout = _TextLayout(text: state.text, width: width, maximumNumberOfLines: state.maximumNumberOfLines,
                                 truncationMode: state.truncationMode, traits: traits)
        textState.withLock { current in
            // Keep it unless the text changed while it was shaped.
            if current.text == state.text, current.maximumNumberOfLines == state.maximumNumberOfLines,
                current.truncationMode == state.truncationMode {
                current.layout = layout
            }
        }
        return layout
    }
}

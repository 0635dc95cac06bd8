public import Foundation
public import WeftCore
public import WeftNode

/// Links: runs with a ``TextAttributes/link`` answer presses through the
/// ``TextNode/delegate``, as Texture's text node answers touches on its link
/// attributes; a host view (WeftGTK's) routes a press to the node under it
/// (``PressHandling``) before the cell's selection.
extension TextNode: PressHandling {
    /// Hears taps and long presses on links and the truncation token; held
    /// weakly. Without a delegate, presses on links go to the cell.
    public var delegate: (any TextNodeDelegate)? {
        get { withTextState { $0.delegate } }
        set { withTextState { $0.delegate = newValue } }
    }

    /// The colour filled behind a pressed link (Texture's highlight style);
    /// a translucent grey by default.
    public var linkHighlightColor: Color {
        get { withTextState { $0.linkHighlightColor } }
        set {
            withTextState { $0.linkHighlightColor = newValue }
            setNeedsDisplay()
        }
    }

    /// The link under `point` (in the node's coordinates), from the layout of
    /// the node's bounds; `nil` over other text, between lines or before the
    /// node is measured.
    ///
    /// - Complexity: O(*p* + *k*) for *p* paragraphs and *k* links, plus the
    ///   link's rectangles, O(*l*) for the lines shown.
    public func link(at point: CGPoint) -> TextLink? {
        guard let (layout, hit) = hit(at: point), case .link(let index) = hit else { return nil }
        return link(index, of: layout)
    }

    /// Every link of the text, in order, with where it shows in the layout of
    /// the node's bounds (no rectangles for a link the line limit cut off);
    /// empty before the node is measured. What an accessibility tree lists as
    /// the text's links.
    ///
    /// - Complexity: O(*k* × *l*) for *k* links and *l* lines shown.
    public var links: [TextLink] {
        // Text without links needs no layout (which could mean shaping here).
        guard withTextState({ $0.text.runs.contains { $0.attributes.link != nil } }),
            let layout = boundsLayout(), !layout.links.isEmpty else { return [] }
        return layout.links.indices.map { link($0, of: layout) }
    }

    /// The rectangles of the pressed link, highlighted; empty when none is.
    public var highlightedLinkRects: [CGRect] { withTextState { $0.highlight } }

    @MainActor public func pressBegan(at point: CGPoint) -> Bool {
        guard let delegate, let (layout, hit) = hit(at: point) else { return false }
        var highlight: [CGRect] = []
        if case .link(let index) = hit {
            let link = link(index, of: layout)
            if delegate.textNode(self, shouldHighlight: link, at: point) { highlight = link.rects }
        }
        setHighlight(highlight, press: (hit, false))
        return true
    }

    @MainActor public func pressEnded(at point: CGPoint?) {
        let press = withTextState { $0.press }
        setHighlight([], press: nil)
        guard let press, !press.held, let point, let delegate, let (layout, hit) = hit(at: point), hit == press.hit
        else { return }
        switch hit {
        case .link(let index): delegate.textNode(self, tappedLink: link(index, of: layout), at: point)
        case .truncationTail: delegate.textNodeTappedTruncationToken(self)
        }
    }

    @MainActor public func pressHeld(at point: CGPoint) {
        guard let press = withTextState({ $0.press }), !press.held else { return }
        setHighlight([], press: (press.hit, true))
        guard case .link(let index) = press.hit, let delegate, let (layout, _) = hit(at: point) else { return }
        delegate.textNode(self, longPressedLink: link(index, of: layout), at: point)
    }

    @MainActor public func isPressTarget(at point: CGPoint) -> Bool {
        delegate != nil && hit(at: point) != nil
    }

    /// Taps `link` as the keyboard does (a host view's Return on a focused
    /// link): the delegate hears it as a tap at the centre of its first
    /// rectangle. Nothing happens without a delegate.
    @MainActor public func activateLink(_ link: TextLink) {
        let point = link.rects.first.map { CGPoint(x: $0.midX, y: $0.midY) } ?? .zero
        delegate?.textNode(self, tappedLink: link, at: point)
    }

    /// What `point` is over in the layout of the node's bounds, with the layout.
    private func hit(at point: CGPoint) -> (_TextLayout, _TextLayout.Hit)? {
        // Text with neither a link nor a truncation tail has nothing to hit,
        // and needs no layout (which could mean shaping here).
        let pressable = withTextState { state in
            state.truncationTail != nil || state.text.runs.contains { $0.attributes.link != nil }
        }
        guard pressable, let layout = boundsLayout() else { return nil }
        return layout.hit(at: point).map { (layout, $0) }
    }

    /// The layout the node draws in its bounds: the kept one if it fits them,
    /// else a new one, kept; `nil` before the node is measured.
    private func boundsLayout() -> _TextLayout? {
        guard let width = calculatedLayout.map({ Double($0.size.width) }) else { return nil }
        let traits = _TextTraits(traitCollection)
        let state = withTextState { $0 }
        let request = state.request(traits: traits)
        let fits = { (layout: _TextLayout) in layout.fits(boundsWidth: width, request: request) }
        // A drawing may have shaped the bounds' lines already.
        if let drawn = state.boundsLayouts?.cached(fits) { return drawn }
        return layout(width: width, traits: traits, reusable: fits)
    }

    private func link(_ index: Int, of layout: _TextLayout) -> TextLink {
        let span = layout.links[index]
        let string = layout.text.string
        let utf8 = string.utf8
        let range = utf8.index(utf8.startIndex, offsetBy: span.utf8.lowerBound)
            ..< utf8.index(utf8.startIndex, offsetBy: span.utf8.upperBound)
        return TextLink(value: span.value, range: range, rects: layout.rects(ofLink: index))
    }

    private func setHighlight(_ highlight: [CGRect], press: (hit: _TextLayout.Hit, held: Bool)?) {
        let changed = withTextState { state in
            state.press = press
            defer { state.highlight = highlight }
            return state.highlight != highlight
        }
        if changed { setNeedsDisplay() }
    }
}

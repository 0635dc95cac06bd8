public import Foundation

/// Hears presses on a text node's links and truncation token: Texture's
/// `ASTextNodeDelegate`. Every method is called on main and has a default
/// that does nothing (and highlights every link).
public protocol TextNodeDelegate: AnyObject {
    /// A link was tapped: pressed and released on it.
    @MainActor func textNode(_ textNode: TextNode, tappedLink link: TextLink, at point: CGPoint)
    /// A link was pressed and held; no tap follows.
    @MainActor func textNode(_ textNode: TextNode, longPressedLink link: TextLink, at point: CGPoint)
    /// Whether a press on `link` highlights it (``TextNode/linkHighlightColor``
    /// behind its rectangles) until the press ends.
    @MainActor func textNode(_ textNode: TextNode, shouldHighlight link: TextLink, at point: CGPoint) -> Bool
    /// The truncation token or ``TextNode/additionalTruncationMessage`` was
    /// tapped: Texture's `textNodeTappedTruncationToken:`, typically to show
    /// the whole text.
    @MainActor func textNodeTappedTruncationToken(_ textNode: TextNode)
}

extension TextNodeDelegate {
    @MainActor public func textNode(_ textNode: TextNode, tappedLink link: TextLink, at point: CGPoint) {}
    @MainActor public func textNode(_ textNode: TextNode, longPressedLink link: TextLink, at point: CGPoint) {}
    @MainActor public func textNode(_ textNode: TextNode, shouldHighlight link: TextLink, at point: CGPoint) -> Bool {
        true
    }
    @MainActor public func textNodeTappedTruncationToken(_ textNode: TextNode) {}
}

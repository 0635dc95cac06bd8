/// What a text layout is made from, besides the width it is broken at: the
/// text, its line limit, how it is cut and the traits it resolves against. A
/// layout fits a drawing or a query only for an equal request.
struct _TextRequest: Equatable, Sendable {
    let text: AttributedText
    let maximumNumberOfLines: Int
    let truncationMode: TruncationMode
    /// What ends a cut line: the node's truncation token and message, `nil`
    /// for Pango's own "…".
    let truncationTail: AttributedText?
    /// Whether the tail's "…" takes the attributes of the text where it is cut.
    let tokenFollowsText: Bool
    /// How the node's traits resolve the runs' colours and sizes.
    let traits: _TextTraits
}

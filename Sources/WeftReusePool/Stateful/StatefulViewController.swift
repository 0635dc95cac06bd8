/// A kind of component whose view has state of its own (a video player, a text field
/// being edited, a map) and so is kept apart from the attribute-driven pools.
///
/// Such a view moves between superviews, even between root views, instead of being
/// configured afresh, and its controller may hold on to it for a while after
/// unmounting (to let a video reach a frame, an edit end). A ``StatefulViewPool``
/// keeps these views by controller type and ``Context``.
@MainActor
public protocol StatefulViewController {
    /// The view type.
    associatedtype StatefulView: ReusableView
    /// What makes views of this controller interchangeable (a player style, a
    /// keyboard type); views are only reused under an equal context.
    associatedtype Context: Hashable

    /// Makes a new view for `context`.
    static func makeStatefulView(context: Context) -> StatefulView

    /// The most views the pool keeps for `context`; `nil` for no limit. The default
    /// is `nil`; values below 0 count as 0.
    static func maximumPoolSize(context: Context) -> Int?

    /// Whether views of `context` may still be pooled (a context naming a released
    /// resource may not). The default is `true`.
    static func isContextValid(_ context: Context) -> Bool
}

extension StatefulViewController {
    public static func maximumPoolSize(context: Context) -> Int? { nil }

    public static func isContextValid(_ context: Context) -> Bool { true }
}

/// Work a data controller's delegate hands to step 3 of an update: it runs on
/// the editing queue once the update's new nodes are measured, and what it
/// returns reaches the commit on main as ``DataUpdate/preparation``.
///
/// A layout uses it to compute its new lengths off main (see
/// `CollectionLayout.preparation(for:in:)` in WeftRangeController), as
/// Texture's collection layouts calculate their state in step 3. The work must
/// read only values it captured and the elements of maps, which any thread may
/// read; it must not touch main-actor state.
public typealias CommitPreparation = @Sendable () -> any Sendable

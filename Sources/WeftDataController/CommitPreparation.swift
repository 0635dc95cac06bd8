public import WeftElementMap

/// Work a data controller's delegate hands to step 3 of an update: it runs on
/// the editing queue once the update's new nodes are measured, gets the
/// update's map as it will become visible, and what it returns reaches the
/// commit on main as ``DataUpdate/preparation``.
///
/// The map is an argument rather than something main hands over in step 1:
/// a large update derives its map off main, and main asks for the work
/// before that map exists.
///
/// A layout uses it to compute its new lengths off main (see
/// `CollectionLayout.preparation(for:)` in WeftRangeController), as
/// Texture's collection layouts calculate their state in step 3. The work must
/// read only values it captured and the elements of maps, which any thread may
/// read; it must not touch main-actor state.
public typealias CommitPreparation = @Sendable (ElementMap<CollectionElement>) -> any Sendable

public import WeftChangeSet
public import WeftElementMap

/// One batch update as it is committed on main (step 5 of the pipeline): the
/// validated change set and the element maps on either side of it.
///
/// Delegates use it to revisit only what the update touched: the change set's
/// normalized edits name the paths, and `previousMap` / `map` give the elements
/// on either side in O(log *n*) per path.
public struct DataUpdate: Sendable {
    /// The change set, validated, with its index mappings.
    public let changeSet: CompletedChangeSet

    /// The visible map before the update (the view's old index space).
    public let previousMap: ElementMap<CollectionElement>

    /// The visible map after the update (the view's new index space).
    public let map: ElementMap<CollectionElement>

    /// New indexes of the sections, ascending, whose supplementary elements the
    /// update replaced because their items changed (see
    /// ``DataControllerDataSource/dataController(_:shouldReloadSupplementaryElementsOnItemChangesInSection:)``);
    /// inserted and reloaded sections are not listed, they are new whole.
    /// Layouts measure these sections' supplementary elements again.
    public let sectionsWithReloadedSupplementaryElements: [Int]

    /// What the delegate's ``CommitPreparation`` for this update returned in
    /// step 3, or `nil` if it gave none
    /// (``DataControllerDelegate/dataController(_:preparationFor:)``).
    public let preparation: (any Sendable)?

    /// The update's edits in relay order as one batch against the counts the
    /// view showed before it, validated in step 3, off main, as a view of the
    /// data controller's kind validates a commit (`ValidationMode.faithful(_:)`);
    /// `nil` for a small update or a `reloadData`. A view whose counts are the
    /// batch's old counts takes it instead of recording the edits one by one,
    /// and when it is of that kind (its wording: a table's or a collection's)
    /// its validation then only compares counts
    /// (``CommitValidator/commit(_:of:updates:)``).
    package let relayedBatch: ChangeSet?

    /// The update's number: a data controller numbers the updates it accepts
    /// from 1, in the order they were issued (and so committed). Diagnostics
    /// name an update by it (`Diagnostic.update`).
    public let number: Int

    /// Creates an update record; `number` is 0 for an update no data controller numbered.
    public init(
        changeSet: CompletedChangeSet,
        previousMap: ElementMap<CollectionElement>,
        map: ElementMap<CollectionElement>,
        sectionsWithReloadedSupplementaryElements: [Int] = [],
        preparation: (any Sendable)? = nil,
        number: Int = 0
    ) {
        self.init(
            changeSet: changeSet, previousMap: previousMap, map: map,
            sectionsWithReloadedSupplementaryElements: sectionsWithReloadedSupplementaryElements,
            preparation: preparation, relayedBatch: nil, number: number)
    }

    /// Creates an update record with the batch step 3 validated for the view.
    package init(
        changeSet: CompletedChangeSet,
        previousMap: ElementMap<CollectionElement>,
        map: ElementMap<CollectionElement>,
        sectionsWithReloadedSupplementaryElements: [Int],
        preparation: (any Sendable)?,
        relayedBatch: ChangeSet?,
        number: Int
    ) {
        self.relayedBatch = relayedBatch
        self.number = number
        self.preparation = preparation
        self.sectionsWithReloadedSupplementaryElements = sectionsWithReloadedSupplementaryElements
        self.changeSet = changeSet
        self.previousMap = previousMap
        self.map = map
    }
}

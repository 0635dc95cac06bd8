public import Foundation
public import WeftElementMap

/// The view a container shows its items in: it performs each update's commit
/// and shows the data controller's visible map, as `UICollectionView` does
/// under Texture's `ASCollectionNode`.
///
/// A container (`CollectionNode`, `TableNode`, `PagerNode`) attaches its view to
/// its data controller once, then forwards the data controller's commits, loads
/// and relayouts to it on main, before the range controller hears of the
/// change. What a view must do at each call:
///
/// - ``dataController(_:commit:updates:)`` (step 5):
///   begin its batch update, call `updates` exactly once inside it (this makes
///   `update.map` the data controller's ``DataController/visibleMap``, the view's
///   index space), then relay `update.changeSet.editsInRelayOrder` (a reload of
///   everything when `includesReloadData`) and end the batch. From then on it
///   counts sections and items from `visibleMap` and shows, for each item, the
///   ``CollectionElement`` there (its node, once allocated). It must not issue
///   updates or ask the data source from inside the call.
/// - ``DataControllerDelegate/dataController(_:didLoadItemsAt:in:)`` and
///   ``DataControllerDelegate/dataController(_:didUnloadItemsAt:in:)``: the
///   same items in the same places now have (or no longer have) elements;
///   refresh those cells without a batch update.
/// - ``dataControllerDidRelayout(_:)``: the elements
///   are the same, their sizes may differ.
///
/// A view that holds elements or maps when it dies releases them on
/// ``DataController/deallocQueue``, so that nodes never die on main. What goes
/// wrong inside the view (a batch its rules refuse) goes to the data
/// controller's ``DataController/diagnostics`` with `Diagnostic.Layer.view`;
/// every view checks its commits with a ``CommitValidator``.
///
/// Only the commit is required: a view that keeps nothing per item ignores
/// loads, unloads and relayouts (the defaults do nothing). The data
/// controller's other delegate call, the layout's step-3 preparation, is the
/// container's and never reaches the view. `HeadlessCollectionView` (module
/// WeftHeadless) is the reference implementation: it keeps its cells in an
/// element map and checks them against the data source after every batch.
@MainActor
public protocol CollectionBackingView: AnyObject {
    /// Connects the view to the data controller whose visible map it shows.
    /// Called once, by the container, before the first update.
    ///
    /// - Parameters:
    ///   - dataController: The data controller; hold it weakly (it is the
    ///     container's, and holds the view's delegate calls, not the view).
    ///   - preparedIndexPaths: The index paths of the items the container
    ///     shows or has prepared (its visible and display ranges), in the view's
    ///     index space, at the time of the call.
    func attach(to dataController: DataController, preparedIndexPaths: @escaping @MainActor () -> [IndexPath])

    /// Step 5: performs the data controller's commit of `update` as the view's
    /// batch update; see the protocol's list.
    func dataController(_ dataController: DataController, commit update: DataUpdate, updates: () -> Void)

    /// Items at `indexPaths` of a lazy data controller got their elements in
    /// `map`, the visible map: refresh those cells in place.
    func dataController(
        _ dataController: DataController, didLoadItemsAt indexPaths: [IndexPath], in map: ElementMap<CollectionElement>)

    /// Items at `indexPaths` lost their elements (a lazy collection unloaded
    /// them): they show nothing until loaded again.
    func dataController(
        _ dataController: DataController, didUnloadItemsAt indexPaths: [IndexPath], in map: ElementMap<CollectionElement>)

    /// The elements are the same, their sizes may differ.
    func dataControllerDidRelayout(_ dataController: DataController)
}

extension CollectionBackingView {
    /// Does nothing: a view that keeps no cells needs no refresh.
    public func dataController(
        _ dataController: DataController, didLoadItemsAt indexPaths: [IndexPath], in map: ElementMap<CollectionElement>
    ) {}

    /// Does nothing: a view that keeps no cells needs no refresh.
    public func dataController(
        _ dataController: DataController, didUnloadItemsAt indexPaths: [IndexPath], in map: ElementMap<CollectionElement>
    ) {}

    /// Does nothing: a view that keeps no cells needs no refresh.
    public func dataControllerDidRelayout(_ dataController: DataController) {}
}

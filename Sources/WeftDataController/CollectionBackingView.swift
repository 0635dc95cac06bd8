public import Foundation

/// The view a container shows its items in: it performs each update's commit
/// and shows the data controller's visible map, as `UICollectionView` does
/// under Texture's `ASCollectionNode`.
///
/// A container (`CollectionNode`, `TableNode`, `PagerNode`) attaches its view to
/// its data controller once, then forwards every ``DataControllerDelegate``
/// call to it on main, before the range controller hears of the change. What a
/// view must do at each call:
///
/// - ``DataControllerDelegate/dataController(_:commit:updates:)`` (step 5):
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
/// - ``DataControllerDelegate/dataControllerDidRelayout(_:)``: the elements
///   are the same, their sizes may differ.
///
/// A view that holds elements or maps when it dies releases them on
/// ``DataController/deallocQueue``, so that nodes never die on main. What goes
/// wrong inside the view (a batch its rules refuse) goes to the data
/// controller's ``DataController/diagnostics`` with `Diagnostic.Layer.view`.
///
/// `HeadlessCollectionView` (module WeftHeadless) is the reference
/// implementation: it validates every commit by UIKit's rules.
@MainActor
public protocol CollectionBackingView: DataControllerDelegate {
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
}

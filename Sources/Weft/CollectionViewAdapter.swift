public import WeftDataController

/// The view a ``CollectionNode`` shows its items in: it performs each commit's
/// batch update and reads the data controller's visible map.
/// ``WeftDataController/HeadlessCollectionView`` is one; a UIKit adapter would
/// wrap a `UICollectionView` the same way.
@MainActor
public protocol CollectionViewAdapter: DataControllerDelegate {
    /// Connects the view to the data controller whose visible map it shows.
    func attach(to dataController: DataController)
}

extension HeadlessCollectionView: CollectionViewAdapter {
    public func attach(to dataController: DataController) {
        dataSource = dataController
    }
}

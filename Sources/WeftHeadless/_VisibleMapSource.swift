import Foundation
import WeftDataController

/// A data controller as a headless view's data source: it answers from the
/// visible map, the view's index space, which changes only inside the view's
/// batch update. Made by ``HeadlessCollectionView/attach(to:)``.
@MainActor
final class _VisibleMapSource: HeadlessCollectionViewDataSource {
    weak var dataController: DataController?

    init(dataController: DataController) {
        self.dataController = dataController
    }

    func numberOfSections(in collectionView: HeadlessCollectionView) -> Int {
        dataController?.visibleMap.numberOfSections ?? 0
    }

    func collectionView(_ collectionView: HeadlessCollectionView, numberOfItemsInSection section: Int) -> Int {
        dataController?.visibleMap.numberOfItems(inSection: section) ?? 0
    }

    /// The item's element, or `nil` for an absent item of a lazy data controller.
    func collectionView(_ collectionView: HeadlessCollectionView, cellForItemAt indexPath: IndexPath) -> AnyObject? {
        dataController?.visibleMap.element(at: indexPath)
    }

    /// The model the data source has now for the item the view shows at
    /// `indexPath`, found at that item's path in the pending map, which the data
    /// source matches at every turn of main; `nil` for an item without a model.
    func collectionView(_ collectionView: HeadlessCollectionView, contentOfItemAt indexPath: IndexPath) -> AnyHashable? {
        guard let dataController, let dataSource = dataController.dataSource,
              let element = dataController.visibleMap.element(at: indexPath), element.nodeModel != nil,
              let pendingPath = dataController.pendingMap.indexPath(of: element),
              let model = dataSource.dataController(dataController, nodeModelForItemAt: pendingPath) else { return nil }
        return AnyHashable(model)
    }

    /// The model of the cell's element: what its node shows.
    func collectionView(_ collectionView: HeadlessCollectionView, contentOf cell: AnyObject) -> AnyHashable? {
        (cell as? CollectionElement)?.nodeModel.map { AnyHashable($0) }
    }
}

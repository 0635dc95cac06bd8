public import Foundation

/// What a ``HeadlessCollectionView`` asks its data source, as UIKit asks a
/// `UICollectionViewDataSource`: only when it loads its data and at the end of a
/// batch update, never in between.
@MainActor
public protocol HeadlessCollectionViewDataSource: AnyObject {
    /// The number of sections.
    func numberOfSections(in collectionView: HeadlessCollectionView) -> Int

    /// The number of items in `section`.
    func collectionView(_ collectionView: HeadlessCollectionView, numberOfItemsInSection section: Int) -> Int

    /// The cell of the item at `indexPath`: any object that stands for the
    /// item's content, a different object per item (UIKit's cells are); or
    /// `nil` while the item has no content to show yet (an absent item of a lazy
    /// data controller), which the view keeps as an empty slot.
    func collectionView(_ collectionView: HeadlessCollectionView, cellForItemAt indexPath: IndexPath) -> AnyObject?

    /// What the item at `indexPath` shows according to the data source now, to
    /// compare with ``collectionView(_:contentOf:)`` after each batch update;
    /// `nil` if the data source cannot tell. The default is `nil`.
    func collectionView(_ collectionView: HeadlessCollectionView, contentOfItemAt indexPath: IndexPath) -> AnyHashable?

    /// What `cell` shows; `nil` if the data source cannot tell. The default is `nil`.
    func collectionView(_ collectionView: HeadlessCollectionView, contentOf cell: AnyObject) -> AnyHashable?
}

extension HeadlessCollectionViewDataSource {
    public func collectionView(_ collectionView: HeadlessCollectionView, contentOfItemAt indexPath: IndexPath) -> AnyHashable? {
        nil
    }

    public func collectionView(_ collectionView: HeadlessCollectionView, contentOf cell: AnyObject) -> AnyHashable? {
        nil
    }
}

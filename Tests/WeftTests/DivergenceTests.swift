import Foundation
import Testing
import Weft
import WeftTestSupport
import WeftHeadless

/// Batches that UIKit accepts and then shows wrong: the headless view compares its
/// cells with the data source after each commit and records what diverged.
@MainActor
@Suite struct DivergenceTests {
    func feed(_ mode: ValidationMode) throws -> StoryFeed {
        let feed = try StoryFeed(count: 5) { scheduler, queue in
            CollectionNode(layout: try ListLayout(), view: HeadlessCollectionView(), validationMode: mode, mainScheduler: scheduler, deallocQueue: queue)
        }
        feed.load()
        return feed
    }

    /// Story 0 moves to the third place, and the second item is reloaded in the
    /// same batch. UIKit reads the reload's path as the item that is second after
    /// the batch too, so the old third cell slides up unreloaded and story 1 is lost.
    func moveFirstAndReloadSecond(_ feed: StoryFeed) throws {
        try feed.node.performBatchUpdates {
            feed.stories.insert(feed.stories.removeFirst(), at: 2)
            try feed.node.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 2, section: 0))
            try feed.node.reloadItems(at: [IndexPath(item: 1, section: 0)])
        }
        feed.node.waitUntilAllUpdatesAreProcessed()
    }

    @Test func aFaithfulMoveWithAReloadThatCorruptsTheViewIsRecorded() throws {
        let feed = try feed(.faithful(.collection))
        try moveFirstAndReloadSecond(feed)
        #expect(feed.stories.map(\.id) == [1, 2, 0, 3, 4])
        #expect(feed.shown.map(\.id) == [2, 2, 0, 3, 4], "what UIKit would show")
        #expect(feed.view.inconsistencies.isEmpty, "UIKit raises nothing")
        #expect(feed.view.divergences == [HeadlessCollectionView.Divergence(
            batchUpdate: 1, indexPath: IndexPath(item: 0, section: 0),
            shown: "\(Story(id: 2))", expected: "\(Story(id: 1))")])
        #expect(feed.view.divergences.first?.description.contains("item 0 of section 0") == true)
    }

    @Test func strictModeRefusesTheBatchAndTheViewStaysRight() throws {
        let feed = try feed(.strict)
        #expect { try moveFirstAndReloadSecond(feed) } throws: { error in
            (error as? DataControllerError)?.description.contains("Reload it in a separate batch") == true
        }
        feed.node.waitUntilAllUpdatesAreProcessed()
        #expect(feed.shown == feed.stories)
        #expect(feed.view.divergences.isEmpty && feed.view.inconsistencies.isEmpty)
    }

    /// UIKit counts an item inserted twice at one path as two inserts; the element map
    /// can hold it once, so the view would refuse the commit. The pipeline fuzzer found
    /// this: a faithful collection accepted the batch and its view raised at commit.
    @Test func aFaithfulBatchThatNamesAPlaceTwiceIsRefused() throws {
        let feed = try feed(.faithful(.collection))
        #expect {
            try feed.node.performBatchUpdates {
                feed.stories.insert(contentsOf: [Story(id: 10), Story(id: 11)], at: 1)
                try feed.node.insertItems(at: [IndexPath(item: 1, section: 0)])
                try feed.node.insertItems(at: [IndexPath(item: 1, section: 0)])
            }
        } throws: { error in
            (error as? DataControllerError) == .undefinedResult(duplicate: .insertItem(IndexPath(item: 1, section: 0)))
        }
        feed.node.waitUntilAllUpdatesAreProcessed()
        #expect(feed.view.inconsistencies.isEmpty && feed.view.divergences.isEmpty)
        #expect(feed.shown == feed.stories)
    }

    /// A standalone view over a data source that names its cells' content.
    @Test func aStandaloneViewComparesEveryCellWithItsDataSource() {
        final class Labels: HeadlessCollectionViewDataSource {
            final class Cell { let text: String; init(_ text: String) { self.text = text } }
            var texts = ["a", "b", "c", "d", "e"]
            func numberOfSections(in collectionView: HeadlessCollectionView) -> Int { 1 }
            func collectionView(_ collectionView: HeadlessCollectionView, numberOfItemsInSection section: Int) -> Int { texts.count }
            func collectionView(_ collectionView: HeadlessCollectionView, cellForItemAt indexPath: IndexPath) -> AnyObject? {
                Cell(texts[indexPath.item])
            }
            func collectionView(_ collectionView: HeadlessCollectionView, contentOfItemAt indexPath: IndexPath) -> AnyHashable? {
                texts[indexPath.item]
            }
            func collectionView(_ collectionView: HeadlessCollectionView, contentOf cell: AnyObject) -> AnyHashable? {
                (cell as? Cell)?.text
            }
        }
        let labels = Labels()
        let view = HeadlessCollectionView()
        view.dataSource = labels
        view.layoutIfNeeded()
        view.performBatchUpdates {
            labels.texts = ["b", "c", "a", "d", "e"]
            view.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 2, section: 0))
            view.reloadItems(at: [IndexPath(item: 1, section: 0)])
        }
        #expect(view.inconsistencies.isEmpty)
        #expect(view.divergences.map(\.indexPath) == [IndexPath(item: 0, section: 0)])
        #expect(view.divergences.first?.shown == "c" && view.divergences.first?.expected == "b")
        // A correct batch after it adds nothing; the cell stays wrong until reloaded.
        view.performBatchUpdates {
            labels.texts.append("f")
            view.insertItems(at: [IndexPath(item: 5, section: 0)])
        }
        #expect(view.divergences.count == 2 && view.divergences[1].batchUpdate == 2)
        view.reloadItems(at: [IndexPath(item: 0, section: 0)])
        #expect(view.divergences.count == 2)
    }
}

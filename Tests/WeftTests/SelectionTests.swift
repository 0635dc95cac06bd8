import Foundation
import Testing
import Weft
import WeftTestSupport

/// Selection with UIKit's semantics, end to end through the containers.
@MainActor
@Suite struct SelectionTests {
    private func stories(_ ids: Range<Int>) -> [Story] { ids.map { Story(id: $0) } }

    private func path(_ item: Int, _ section: Int = 0) -> IndexPath { IndexPath(item: item, section: section) }

    @Test func selectionFollowsItemsThroughInsertsAndMovesAndLeavesWithDeletes() throws {
        let feed = try SectionedFeed([("A", stories(0 ..< 4)), ("B", stories(4 ..< 6))])
        feed.node.allowsMultipleSelection = true
        try feed.node.selectItem(at: path(1))
        try feed.node.selectItem(at: path(3))
        try feed.node.selectItem(at: path(0, 1))
        let one = try #require(feed.node.nodeForItem(at: path(1)))
        #expect(one.isSelected)

        try feed.node.performBatchUpdates {
            feed.sections[0].stories.insert(Story(id: 50), at: 0)           // 1 -> 2
            let three = feed.sections[0].stories.remove(at: 4)              // 3 moves to B
            feed.sections[1].stories.insert(three, at: 0)
            feed.sections[1].stories.remove(at: 1)                          // B's first (selected) is deleted
            try feed.node.insertItems(at: [path(0)])
            try feed.node.moveItem(at: path(3), to: path(0, 1))
            try feed.node.deleteItems(at: [path(0, 1)])
        }
        #expect(feed.node.indexPathsForSelectedItems == [path(2), path(0, 1)], "in the data source's space at once")
        feed.node.waitUntilAllUpdatesAreProcessed()
        #expect(feed.node.indexPathsForSelectedItems == [path(2), path(0, 1)])
        #expect(feed.node.nodeForItem(at: path(2)) === one && one.isSelected)
        #expect(feed.events.isEmpty, "programmatic selection tells the delegate nothing")

        feed.node.reloadData()
        #expect(feed.node.indexPathsForSelectedItems.isEmpty && !one.isSelected, "reloadData deselects everything")
    }

    @Test func aReloadThatKeepsTheNodeKeepsTheSelectionAndOneThatReplacesItDropsIt() throws {
        let feed = try StoryFeed(count: 3)
        feed.makesFixedNodes = true  // nodes that cannot take a new model
        feed.load()
        feed.node.allowsMultipleSelection = true
        for item in 0 ..< 3 { try feed.node.selectItem(at: path(item)) }
        let kept = feed.node.nodeForItem(at: path(0))
        feed.stories[1].version += 1
        try feed.node.reloadItems(at: [path(0), path(1)])  // 0's model is unchanged: its node stays
        try feed.node.reconfigureItems(at: [path(2)])      // 2's node cannot take its model: replaced
        feed.node.waitUntilAllUpdatesAreProcessed()
        #expect(feed.node.nodeForItem(at: path(0)) === kept)
        #expect(feed.node.indexPathsForSelectedItems == [path(0)], "a new node is a new cell: not selected")
        #expect(feed.node.nodeForItem(at: path(1))?.isSelected == false)
    }

    @Test func tapsAskAndTellTheDelegateAsUIKitDoes() throws {
        let feed = try SectionedFeed([("A", stories(0 ..< 3))])
        try feed.node.tapItem(at: path(0))
        try feed.node.tapItem(at: path(1))
        #expect(feed.events == ["should select 0.0", "did select 0.0", "should select 0.1", "did deselect 0.0", "did select 0.1"])
        #expect(feed.node.indexPathsForSelectedItems == [path(1)])
        #expect(feed.node.nodeForItem(at: path(0))?.isSelected == false)

        feed.events = []
        feed.refusesSelection = [2]
        try feed.node.tapItem(at: path(2))
        #expect(feed.events == ["should select 0.2"] && feed.node.indexPathsForSelectedItems == [path(1)])

        feed.events = []
        feed.node.allowsMultipleSelection = true
        try feed.node.tapItem(at: path(0))
        try feed.node.tapItem(at: path(1))
        #expect(feed.events == ["should select 0.0", "did select 0.0", "should deselect 0.1", "did deselect 0.1"])
        #expect(feed.node.indexPathsForSelectedItems == [path(0)])

        feed.node.allowsSelection = false
        feed.events = []
        try feed.node.tapItem(at: path(2))
        try feed.node.selectItem(at: path(2))
        #expect(feed.events.isEmpty && feed.node.indexPathsForSelectedItems == [path(0)])
    }

    @Test func badPathsAreRefusedByNameAndChangeNothing() throws {
        let feed = try SectionedFeed([("A", stories(0 ..< 3))])
        #expect(throws: CollectionNodeError.noSuchItem(path(3), numberOfSections: 1, numberOfItemsInSection: 3)) {
            try feed.node.selectItem(at: path(3))
        }
        #expect(throws: CollectionNodeError.noSuchItem(path(0, 4), numberOfSections: 1, numberOfItemsInSection: nil)) {
            try feed.node.tapItem(at: path(0, 4))
        }
        #expect(throws: CollectionNodeError.conflictingScrollPositions([.top, .bottom])) {
            try feed.node.selectItem(at: path(1), scrollPosition: [.top, .bottom])
        }
        #expect(feed.node.indexPathsForSelectedItems.isEmpty)
        #expect(CollectionNodeError.noSuchItem(path(3), numberOfSections: 1, numberOfItemsInSection: 3).description
            == "There is no item 3 in section 0: it has 3 items")
    }
}


import Foundation
import Testing
import Weft
import WeftChangeSet
import WeftCore
import WeftDiff
import WeftRangeController
import WeftTestSupport

/// The layout's lengths computed in step 3, through the containers: a load and
/// a 10% update commit with lengths a list layout computed off main, and give
/// the frames a fresh load of the same stories gives (stories of five heights,
/// `VariedStoryNode`, so that a length in the wrong place shows).
@MainActor
@Suite struct StepThreeLayoutTests {
    private func frames(_ feed: StoryFeed) -> [CGRect?] {
        (0 ..< feed.stories.count).map { feed.node.frameForItem(at: IndexPath(item: $0, section: 0)) }
    }

    @Test(arguments: ContainerKind.allCases)
    func aLoadAndATenPercentUpdateTakeTheirLengthsFromStepThree(kind: ContainerKind) throws {
        let feed = try StoryFeed(count: 3_000) { scheduler, queue in try kind.make(scheduler: scheduler, queue: queue) }
        feed.makeNode = { VariedStoryNode(story: $0) }
        feed.load()
        let list = feed.node.layout as? ListLayout
        #expect((list == nil) == (kind == .pager), "\(kind): a pager's pages are the viewport")
        #expect(list.map { $0._preparationsTaken == 1 } ?? true, "\(kind): the load's lengths came from step 3")

        // A 10% update: 100 deletes, 100 moves and 100 new stories, at random places.
        var random = SplitMix64(seed: 12)
        var next = feed.stories
        for _ in 0 ..< 100 { next.remove(at: Int.random(in: 0 ..< next.count, using: &random)) }
        for _ in 0 ..< 100 {
            let story = next.remove(at: Int.random(in: 0 ..< next.count, using: &random))
            next.insert(story, at: Int.random(in: 0 ... next.count, using: &random))
        }
        for id in 10_000 ..< 10_100 { next.insert(Story(id: id), at: Int.random(in: 0 ... next.count, using: &random)) }
        let changes = ChangeSet(
            diffingSections: [0], items: [feed.stories.map(\.id)], to: [0], items: [next.map(\.id)])
        try feed.node.performBatchUpdates {
            feed.stories = next
            for animated in changes.edits {
                switch animated.edit {
                case .deleteItem(let path): try feed.node.deleteItems(at: [path])
                case .insertItem(let path): try feed.node.insertItems(at: [path])
                case .moveItem(let from, let to): try feed.node.moveItem(at: from, to: to)
                default: Issue.record("a diff of one section's items made \(animated.edit)")
                }
            }
        }
        feed.node.waitUntilAllUpdatesAreProcessed()
        #expect(feed.shown == feed.stories, "\(kind)")
        #expect(list.map { $0._preparationsTaken == 2 } ?? true, "\(kind): the update's lengths came from step 3")
        list?._checkInvariants()
        let updated = frames(feed)

        feed.load()
        #expect(updated == frames(feed), "\(kind): the updated layout is the one a fresh load makes")
        #expect(feed.view.inconsistencies.isEmpty && feed.view.divergences.isEmpty, "\(kind)")
    }
}

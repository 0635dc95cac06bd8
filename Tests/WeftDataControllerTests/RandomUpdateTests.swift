import Foundation
import Testing
import WeftChangeSet
import WeftDataController
import WeftTestSupport
import WeftCore

@MainActor
@Suite struct RandomUpdateTests {
    /// 1,000 random valid updates, some pipelined two or three deep; after each
    /// wait the view shows exactly what the data source has, and UIKit's rules
    /// never found an inconsistency.
    @Test func randomValidUpdatesKeepTheViewEqualToTheDataSource() throws {
        var random = SplitMix64(seed: 0x5EED_DA7A)
        let pipeline = try Pipeline([4, 7, 0, 3])
        var nextID = 10_000
        var issued = 0
        while issued < 1_000 {
            let depth = Int.random(in: 1 ... 3, using: &random)
            for _ in 0 ..< depth {
                pipeline.apply(mutate(pipeline.feed.sections, random: &random, nextID: &nextID)) { result in
                    if case .failure(let error) = result { Issue.record("a valid update was refused: \(error)") }
                }
                issued += 1
            }
            pipeline.controller.waitUntilAllUpdatesAreProcessed()
            #expect(pipeline.shownItems == pipeline.feedItems, "after update \(issued)")
            #expect(pipeline.view.inconsistencies.isEmpty, "after update \(issued): \(pipeline.view.inconsistencies)")
            if pipeline.shownItems != pipeline.feedItems || !pipeline.view.inconsistencies.isEmpty { return }
        }
        pipeline.controller._checkInvariants()
        #expect(pipeline.view.appliedBatchUpdateCount > 900)
    }

    /// A random next state: items inserted, deleted, moved within and across
    /// sections, changed (reloaded), and now and then a section inserted,
    /// deleted or moved.
    private func mutate(_ sections: [FeedSection], random: inout SplitMix64, nextID: inout Int) -> [FeedSection] {
        var sections = sections
        for _ in 0 ..< Int.random(in: 0 ... 6, using: &random) {
            let nonEmpty = sections.indices.filter { !sections[$0].items.isEmpty }
            switch Int.random(in: 0 ..< 12, using: &random) {
            case 0 ... 2 where !sections.isEmpty:
                let s = Int.random(in: 0 ..< sections.count, using: &random)
                sections[s].items.insert(FeedItem(id: nextID), at: Int.random(in: 0 ... sections[s].items.count, using: &random))
                nextID += 1
            case 3 ... 4 where !nonEmpty.isEmpty:
                let s = nonEmpty.randomElement(using: &random)!
                sections[s].items.remove(at: Int.random(in: 0 ..< sections[s].items.count, using: &random))
            case 5 ... 7 where !nonEmpty.isEmpty:
                let from = nonEmpty.randomElement(using: &random)!
                let item = sections[from].items.remove(at: Int.random(in: 0 ..< sections[from].items.count, using: &random))
                let to = Int.random(in: 0 ..< sections.count, using: &random)
                sections[to].items.insert(item, at: Int.random(in: 0 ... sections[to].items.count, using: &random))
            case 8 where !nonEmpty.isEmpty:
                let s = nonEmpty.randomElement(using: &random)!
                sections[s].items[Int.random(in: 0 ..< sections[s].items.count, using: &random)].version += 1
            case 9:
                let items = (0 ..< Int.random(in: 0 ... 3, using: &random)).map { _ in
                    defer { nextID += 1 }
                    return FeedItem(id: nextID)
                }
                sections.insert(FeedSection(model: nextID, items: items), at: Int.random(in: 0 ... sections.count, using: &random))
                nextID += 1
            case 10 where sections.count > 1:
                sections.remove(at: Int.random(in: 0 ..< sections.count, using: &random))
            case 11 where sections.count > 1:
                let section = sections.remove(at: Int.random(in: 0 ..< sections.count, using: &random))
                sections.insert(section, at: Int.random(in: 0 ... sections.count, using: &random))
            default:
                break
            }
        }
        return sections
    }
}

import Dispatch
import Foundation
import WeftDataController
public import WeftNode

/// The peer's side of the batch-update benchmark: `TexturePipelineModel` loaded
/// with the same feed, every node measured.
@MainActor
public final class TexturePipelineFixture {
    public let feed: PostFeed
    public let model: TexturePipelineModel
    public let scheduler = HandOffScheduler()

    /// Loads `count` posts, every node allocated and measured.
    public init(count: Int, sizeRange: SizeRange) {
        let feed = PostFeed(count: count)
        self.feed = feed
        let elements = (0 ..< count).map { item in
            CollectionElement(nodeBlock: feed.nodeBlock(forItem: item), constrainedSize: sizeRange)
        }
        DispatchQueue.concurrentPerform(iterations: elements.count) { index in
            _ = elements[index].node.layoutThatFits(sizeRange)
        }
        model = TexturePipelineModel(loaded: elements, sizeRange: sizeRange, scheduler: scheduler)
    }

    /// The same update as ``WeftPipelineFixture/insertSpread(_:)`` through the
    /// model, and the nanoseconds main spent in its steps 1, 2 and 5.
    ///
    /// - Throws: The model's `ChangeSetError` if its validation refuses the update.
    public func insertSpread(_ count: Int) throws -> Int {
        let paths = feed.insertSpread(count)
        let start = ContinuousClock.now
        try model.update(inserting: paths, feed: feed)
        let handedOver = ContinuousClock.now
        scheduler.waitForPass()
        let commitStart = ContinuousClock.now
        scheduler.runPass()
        let end = ContinuousClock.now
        return nanoseconds(start, handedOver) + nanoseconds(commitStart, end)
    }
}

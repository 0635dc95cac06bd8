import Foundation
import Testing
import Weft
import WeftTestSupport
import WeftMemory

/// The end of a drag (UIKit's `scrollViewWillEndDragging`): the batch-fetch check
/// looks where the content will rest, and the context carries the velocity and
/// the target, in every container.
@MainActor
@Suite struct DraggingEndTests {
    func loaded(_ kind: ContainerKind) throws -> (CollectionNode, Chat, ManualMainScheduler) {
        let scheduler = ManualMainScheduler()
        let chat = Chat(Array(0 ..< 60))
        let node = try kind.make(scheduler: scheduler, queue: try DeallocQueue())
        node.dataSource = chat
        node.delegate = chat
        node.viewportSize = CGSize(width: 320, height: 500)
        node.isVisible = true
        node.reloadData()
        settle(node, scheduler)
        // While the first load was measured the content was shorter than the
        // viewport, which fetches; that fetch finds nothing, and is not the subject.
        for context in chat.contexts { context.completeBatchFetching(false) }
        chat.contexts.removeAll()
        return (node, chat, scheduler)
    }

    func settle(_ node: CollectionNode, _ scheduler: ManualMainScheduler) {
        repeat {
            node.layoutIfNeeded()
            scheduler.runAll()
            node.waitUntilAllUpdatesAreProcessed()
        } while scheduler.pendingJobCount > 0
    }

    func point(_ node: CollectionNode, _ offset: CGFloat) -> CGPoint {
        node.layout.scrollAxis == .vertical ? CGPoint(x: 0, y: offset) : CGPoint(x: offset, y: 0)
    }

    @Test(arguments: ContainerKind.allCases)
    func aFlingTowardTheEndFetchesBeforeItLands(kind: ContainerKind) throws {
        let (node, chat, scheduler) = try loaded(kind)
        #expect(chat.contexts.isEmpty, "\(kind): far from the end")
        node.contentOffset = point(node, 100)
        settle(node, scheduler)
        #expect(chat.contexts.isEmpty)
        let length = node.layout.scrollAxis == .vertical ? node.layout.contentSize.height : node.layout.contentSize.width
        let target = point(node, length - 600)
        node.scrollViewWillEndDragging(withVelocity: point(node, 40), targetContentOffset: target)
        settle(node, scheduler)
        #expect(node.contentOffset == point(node, 100), "\(kind): the content has not moved yet")
        let context = try #require(chat.contexts.first, "\(kind): fetching began at the end of the drag")
        #expect(context.direction == .end)
        #expect(context.velocity == point(node, 40) && context.targetContentOffset == target)
    }

    @Test(arguments: ContainerKind.allCases)
    func aFlingTowardTheStartDoesNotFetchAtTheEnd(kind: ContainerKind) throws {
        let (node, chat, scheduler) = try loaded(kind)
        node.contentOffset = point(node, 800)
        settle(node, scheduler)
        node.scrollViewWillEndDragging(withVelocity: point(node, -40), targetContentOffset: point(node, 0))
        settle(node, scheduler)
        #expect(chat.contexts.isEmpty, "\(kind)")
        // A plain scroll's fetch carries the last frame's velocity and no target.
        node.contentOffset = point(node, 0)
        node.contentOffset = point(node, 900)
        let length = node.layout.scrollAxis == .vertical ? node.layout.contentSize.height : node.layout.contentSize.width
        node.contentOffset = point(node, length - 500)
        settle(node, scheduler)
        let context = try #require(chat.contexts.first, "\(kind)")
        #expect(context.targetContentOffset == nil)
        #expect(context.velocity == point(node, length - 500 - 900))
    }

    /// The target holds only while the content heads for it: a drag released
    /// where the content already rests records none, and a scroll the other way
    /// (a programmatic one to the top) drops it, so later checks look at the
    /// viewport again.
    @Test(arguments: ContainerKind.allCases)
    func aTargetTheContentDoesNotHeadForIsDropped(kind: ContainerKind) throws {
        let (node, chat, scheduler) = try loaded(kind)
        let length = node.layout.scrollAxis == .vertical ? node.layout.contentSize.height : node.layout.contentSize.width
        node.contentOffset = point(node, 300)
        settle(node, scheduler)
        node.scrollViewWillEndDragging(withVelocity: .zero, targetContentOffset: point(node, 300))
        node.scrollViewWillEndDragging(withVelocity: point(node, 5), targetContentOffset: point(node, length - 600))
        node.contentOffset = point(node, 0)  // the other way: the target goes
        settle(node, scheduler)
        #expect(chat.contexts.isEmpty, "\(kind): no fetch at the end while the viewport is at the top")
    }
}

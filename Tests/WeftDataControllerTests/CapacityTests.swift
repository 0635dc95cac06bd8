import Foundation
import Testing
import WeftDataController
import WeftElementMap
import WeftMemory
import WeftNode
import WeftTestSupport

/// Counts an element map cannot hold are refused with a typed error before any
/// node block is asked for (reliability round 3, F15 and F10).
@MainActor
@Suite struct CapacityTests {
    final class Counts: DataControllerDataSource {
        var sections: Int
        var items: Int
        private(set) var nodeBlocksAsked = 0

        init(sections: Int, items: Int) {
            self.sections = sections
            self.items = items
        }

        func numberOfSections(in dataController: DataController) -> Int { sections }

        func dataController(_ dataController: DataController, numberOfItemsInSection section: Int) -> Int { items }

        func dataController(
            _ dataController: DataController, nodeBlockForItemAt indexPath: IndexPath
        ) -> CellNodeBlock {
            nodeBlocksAsked += 1
            return { CellNode() }
        }
    }

    /// What a completion was told.
    enum Outcome: Equatable {
        case pending, succeeded, failed(DataControllerError)

        init(_ result: Result<Void, DataControllerError>) {
            switch result {
            case .success: self = .succeeded
            case .failure(let error): self = .failed(error)
            }
        }
    }

    func reload(_ source: Counts) throws -> (Outcome, DataController) {
        let controller = DataController(mainScheduler: ManualMainScheduler(), deallocQueue: try DeallocQueue())
        controller.dataSource = source
        var outcome = Outcome.pending
        controller.reloadData { outcome = Outcome($0) }
        controller.waitUntilAllUpdatesAreProcessed()
        return (outcome, controller)
    }

    @Test func aSectionOfIntMaxItemsIsRefusedBeforeAnyNodeBlock() throws {
        let source = Counts(sections: 1, items: Int.max)
        let (outcome, controller) = try reload(source)
        let limit = ElementMap<CollectionElement>.maximumItemCount
        #expect(outcome == .failed(.countBeyondCapacity(section: 0, count: Int.max, limit: limit)))
        #expect(source.nodeBlocksAsked == 0)
        #expect(controller.diagnostics.errors(of: DataControllerError.self).count == 1)
        let message = "\(DataControllerError.countBeyondCapacity(section: 0, count: Int.max, limit: limit))"
        #expect(message.contains("9223372036854775807 items in section 0") && message.contains("4294967295"))
        #expect(controller.pendingItemCounts.isEmpty && controller.visibleMap.numberOfSections == 0)
    }

    @Test func oneItemPastASectionsCapacityIsRefused() throws {
        let limit = ElementMap<CollectionElement>.maximumItemCount
        let source = Counts(sections: 2, items: limit + 1)
        let (outcome, _) = try reload(source)
        #expect(outcome == .failed(.countBeyondCapacity(section: 0, count: limit + 1, limit: limit)))
    }

    @Test func tooManySectionsAreRefusedWithoutAskingForTheirCounts() throws {
        let source = Counts(sections: Int.max, items: 0)
        let (outcome, _) = try reload(source)
        let limit = ElementMap<CollectionElement>.maximumSectionCount
        #expect(outcome == .failed(.countBeyondCapacity(section: nil, count: Int.max, limit: limit)))
        #expect(source.nodeBlocksAsked == 0)
    }

    @Test func anUpdateToCountsBeyondCapacityChangesNothing() throws {
        let source = Counts(sections: 1, items: 3)
        let (first, controller) = try reload(source)
        #expect(first == .succeeded)
        var changeSet = controller.makeChangeSet()
        changeSet.insertItems(at: [IndexPath(item: 3, section: 0)])
        source.items = Int.max
        var outcome = Outcome.pending
        controller.updateWithChangeSet(changeSet) { outcome = Outcome($0) }
        controller.waitUntilAllUpdatesAreProcessed()
        #expect(outcome == .failed(.countBeyondCapacity(
            section: 0, count: Int.max, limit: ElementMap<CollectionElement>.maximumItemCount)))
        #expect(controller.pendingItemCounts == [3] && controller.visibleMap.numberOfItems(inSection: 0) == 3)
    }
}

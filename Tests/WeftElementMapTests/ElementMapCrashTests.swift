import Foundation
import Testing
import WeftCore
import WeftElementMap
import WeftTestSupport

/// Preconditions that trap, as an array subscript does: asking for the items of
/// a section that does not exist is a programming error, not bad data.
@Suite struct ElementMapCrashTests {
    @Test func askingForTheItemsOfAMissingSectionTraps() async {
        await #expect(processExitsWith: .failure) {
            let map = ElementMap<Cell>()
            _ = map.numberOfItems(inSection: 0)
        }
    }

    @Test func askingForTheSupplementaryElementsOfAMissingSectionTraps() async {
        await #expect(processExitsWith: .failure) {
            let map = ElementMap<Cell>()
            _ = map.supplementaryElements(inSection: -1)
        }
    }
}

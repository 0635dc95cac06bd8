import Dispatch
import Foundation
import WeftCore
public import WeftDataController

/// A model of Texture's first load, which allocates everything: on main, an
/// element (with its node block) for every item and the element map with its
/// element -> index path table; on the editing queue, every node allocated and
/// measured in parallel (`dispatch_apply`); on main, the commit. The peer of the
/// lazy load, with the same 100-point rows.
@MainActor
public final class TextureInitialLoadModel {
    /// What one load cost.
    public struct Times {
        /// From the start of the load until the commit was done.
        public var firstContent: Duration = .zero
        /// Main's part: making the elements and the map, and the commit.
        public var main: Duration = .zero
    }

    /// The map the load committed; the model keeps it, as Texture's visible map.
    public private(set) var visibleMap: TextureElementMapModel<CollectionElement>?

    public init() {}

    /// Loads `count` rows and returns what it cost.
    public func load(count: Int) -> Times {
        let clock = ContinuousClock()
        let start = clock.now
        let sizeRange = (try? SizeRange(
            min: CGSize(width: ScrollFixture.width, height: 0),
            max: CGSize(width: ScrollFixture.width, height: .infinity))) ?? .unconstrained
        let elements = (0 ..< count).map { _ in
            CollectionElement(nodeBlock: { RowNode() }, constrainedSize: sizeRange)
        }
        let pending = TextureElementMapModel(sections: [elements], supplementaryElements: [:])
        let handedOff = clock.now
        DispatchQueue.concurrentPerform(iterations: elements.count) { index in
            _ = elements[index].node.layoutThatFits(sizeRange)
        }
        let commitStart = clock.now
        visibleMap = pending
        let end = clock.now
        return Times(firstContent: end - start, main: (handedOff - start) + (end - commitStart))
    }
}

/// The resident set of this process, in bytes (Linux's `/proc/self/statm`), or 0
/// where it cannot be read.
public func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

import Foundation
import WeftDataController
import WeftElementMap

/// The slots (length along the scroll axis plus the spacing after it) of one
/// supplementary kind in one section, in item order: a section may have any
/// number of headers, placed one after the other.
///
/// The common cases, none or one, keep no array; two or more keep each slot.
struct _SupplementarySlots {
    static let none = _SupplementarySlots(total: 0, each: [])

    /// The sum of the slots.
    private(set) var total: Double
    /// Every slot, in item order, when there are two or more; empty when there is
    /// one (its slot is ``total``) or none.
    private var each: [Double]

    private init(total: Double, each: [Double]) {
        self.total = total
        self.each = each
    }

    /// The start of item `item`'s slot from the first slot's start, and its
    /// length; `nil` if there is no such item or its slot is empty.
    ///
    /// - Complexity: O(*item*).
    func slot(at item: Int) -> (start: Double, length: Double)? {
        guard !each.isEmpty else { return item == 0 && total > 0 ? (0, total) : nil }
        guard each.indices.contains(item), each[item] > 0 else { return nil }
        return (each[..<item].reduce(0, +), each[item])
    }

    /// Each non-empty slot with its item and start, in item order.
    func forEachSlot(_ body: (_ item: Int, _ start: Double, _ length: Double) -> Void) {
        guard !each.isEmpty else {
            if total > 0 { body(0, 0, total) }
            return
        }
        var start = 0.0
        for (item, length) in each.enumerated() {
            if length > 0 { body(item, start, length) }
            start += length
        }
    }

    /// Reads the `kind` elements of `section` from `map`, items 0, 1, ... up to
    /// the first missing one: each one's measured length plus `spacing`.
    ///
    /// - Complexity: O((*h* + 1) log *n*) for *h* elements of the kind.
    static func read(
        _ map: ElementMap<CollectionElement>, _ kind: String, _ section: Int, _ axis: ScrollAxis, _ spacing: CGFloat
    ) -> _SupplementarySlots {
        func length(_ item: Int) -> Double? {
            map.supplementaryElement(ofKind: kind, at: IndexPath(item: item, section: section))
                .map { Double(axis.length(of: $0._layoutSize) + spacing) }
        }
        guard let first = length(0) else { return .none }
        guard let second = length(1) else { return _SupplementarySlots(total: first, each: []) }
        var each = [first, second]
        while let next = length(each.count) { each.append(next) }
        return _SupplementarySlots(total: each.reduce(0, +), each: each)
    }
}

/// Lays out one list after a batch update, the way UIKit applies one: the
/// elements that neither leave nor arrive keep their relative order and fill,
/// in order, the places that arriving elements leave free.
enum _Placement {
    /// Returns the `count` elements after the update.
    ///
    /// - Parameters:
    ///   - count: The number of elements after the update.
    ///   - old: The elements before the update.
    ///   - leaving: Old indexes of the elements that go: deleted or moved away.
    ///   - arriving: New indexes and the elements that land there: inserted or
    ///     moved in.
    ///   - what: Names the list in the message of a mismatch.
    /// - Returns: The elements after the update.
    /// - Complexity: O(`old.count` + `count`).
    static func place<Element>(
        count: Int, old: [Element], leaving: [Int], arriving: [(index: Int, element: Element)],
        what: @autoclosure () -> String
    ) -> [Element] {
        var leaves = [Bool](repeating: false, count: old.count)
        for i in leaving { leaves[i] = true }
        var fixed = [Element?](repeating: nil, count: count)
        for (j, element) in arriving { fixed[j] = element }
        let staying = old.count - leaving.count
        let free = count - arriving.count
        precondition(
            staying == free,
            "the diff does not fit \(what()): \(staying) elements stay but \(free) places are free")

        var result: [Element] = []
        result.reserveCapacity(count)
        var i = 0
        for j in 0 ..< count {
            if let element = fixed[j] {
                result.append(element)
                continue
            }
            while leaves[i] { i += 1 }
            result.append(old[i])
            i += 1
        }
        return result
    }
}

import CWeftDiff
import Testing

/// The C entry points of CWeftDiff, called directly: the content-hash path
/// (Swift always uses callbacks), refusals, where memory comes from, and the
/// invariant checkers, which must also reject a tampered result.
@Suite struct CWeftDiffTests {
    @Test func contentHashesDecideUpdates() throws {
        let probe = ListProbe(old: [10, 20, 30, 40], new: [40, 20, 30, 50], oldContents: [1, 1, 1, 1], newContents: [2, 1, 9, 0])
        try #require(probe.run() == WEFT_OK)
        #expect(probe.deletes == [0] && probe.inserts == [3])
        #expect(probe.moves == [[3, 0]])
        #expect(probe.updates == [[3, 0], [2, 2]])
        #expect(probe.checkHolds)
    }

    /// The contents callback runs once per diff with every pair, in new order.
    @Test func contentsCallbackSeesEveryPairOnce() throws {
        let probe = ListProbe(old: [1, 2, 3, 4], new: [4, 1, 2, 3, 5])
        try #require(probe.run(contentsChanged: { context, pairs, count, changed in
            let probe = ListProbe.from(context)
            probe.contentCalls += 1
            for p in 0 ..< Int(count) {
                probe.comparedPairs.append([Int(pairs[p].from), Int(pairs[p].to)])
                changed[p] = pairs[p].from == 1 ? 1 : 0   // old element 2 changed
            }
        }) == WEFT_OK)
        #expect(probe.contentCallsAtDelivery == 1)
        #expect(probe.comparedPairs.prefix(4) == [[3, 0], [0, 1], [1, 2], [2, 3]])
        #expect(probe.updates == [[1, 2]])
        #expect(probe.checkHolds)
    }

    @Test func identityCallbackSeparatesCollidingHashes() throws {
        // Every hash is 7; identities differ and only the callback can tell.
        let identities = [1, 2, 3, 4, 5]
        let probe = ListProbe(old: [7, 7, 7, 7, 7], new: [7, 7, 7, 7, 7])
        probe.oldIdentities = identities
        probe.newIdentities = [5, 1, 2, 3, 4]
        try #require(probe.run(identityEqual: { context, i, j in
            let probe = ListProbe.from(context)
            return probe.oldIdentities[Int(i)] == probe.newIdentities[Int(j)]
        }) == WEFT_OK)
        #expect(probe.moves == [[4, 0]])
        #expect(probe.deletes.isEmpty && probe.inserts.isEmpty)
        #expect(probe.checkHolds)
    }

    @Test func smallDiffsStayOnTheStackLargeOnesLeaseScratch() throws {
        let small = ListProbe(old: Array(0 ..< 10), new: Array((0 ..< 10).reversed()))
        try #require(small.run() == WEFT_OK)
        #expect(small.memory == WEFT_DIFF_MEMORY_STACK)
        let large = ListProbe(old: Array(0 ..< 5_000), new: Array((0 ..< 5_000).reversed()))
        try #require(large.run() == WEFT_OK)
        #expect(large.memory == WEFT_DIFF_MEMORY_SCRATCH)
        #expect(large.moves.count == 4_999)
        #expect(small.checkHolds && large.checkHolds)
    }

    @Test func refusalsRunNoCallback() {
        let both = ListProbe(old: [1], new: [1], oldContents: [1], newContents: [2])
        #expect(both.run(contentsChanged: { _, _, _, _ in }) == WEFT_EINVAL)
        #expect(both.filled == 0 && both.delivered == 0)

        let huge = ListProbe(old: [], new: [])
        #expect(huge.run(oldCountOverride: UInt32.max) == WEFT_ERANGE)
        #expect(huge.filled == 0 && huge.delivered == 0)
    }

    @Test func sectionedItemCountsMustAddUp() {
        let probe = SectionedProbe(
            oldSections: [1], oldCounts: [2], oldItems: [1, 2, 3], newSections: [1], newCounts: [3], newItems: [1, 2, 3])
        #expect(probe.run() == WEFT_EINVAL)
        #expect(probe.filled == 1 && probe.delivered == 0)
    }

    @Test func sectionedContentHashesAndCrossSectionMoves() throws {
        let probe = SectionedProbe(
            oldSections: [1, 2], oldCounts: [2, 2], oldItems: [10, 11, 20, 21],
            newSections: [2, 1], newCounts: [3, 1], newItems: [20, 10, 21, 11],
            oldItemContents: [0, 0, 0, 0], newItemContents: [0, 5, 0, 0])
        try #require(probe.run() == WEFT_OK)
        #expect(probe.sectionMoves == 1)
        #expect(probe.itemMoves == [[0, 0, 0, 1]])   // item 10: (0, 0) -> (0, 1)
        #expect(probe.itemUpdates == [[0, 0, 0, 1]])
        #expect(probe.checkHolds)
    }

    #if WEFT_INTERNAL_CHECKS
    /// Debug builds compile the C checkers; they must catch a lie.
    @Test func checkersRejectTamperedResults() throws {
        let list = ListProbe(old: [1, 2, 3], new: [3, 1, 2, 4])
        try #require(list.run() == WEFT_OK)
        #expect(list.checkHolds)
        #expect(!list.tamperedCheckHolds)

        let sectioned = SectionedProbe(
            oldSections: [1], oldCounts: [3], oldItems: [1, 2, 3], newSections: [1], newCounts: [3], newItems: [3, 1, 2])
        try #require(sectioned.run() == WEFT_OK)
        #expect(sectioned.checkHolds)
        #expect(!sectioned.tamperedCheckHolds)
    }
    #endif
}

/// Runs one list diff through the C API and keeps what it delivered.
private final class ListProbe {
    let old: [UInt64], new: [UInt64]
    let oldContents: [UInt64]?, newContents: [UInt64]?
    var oldIdentities: [Int] = [], newIdentities: [Int] = []
    var contentCalls = 0, contentCallsAtDelivery = 0, comparedPairs: [[Int]] = []
    var request: weft_diff_list_request?
    var deletes: [Int] = [], inserts: [Int] = [], moves: [[Int]] = [], updates: [[Int]] = []
    var memory: weft_diff_memory?
    var checkHolds = false, tamperedCheckHolds = true
    var filled = 0, delivered = 0

    init(old: [UInt64], new: [UInt64], oldContents: [UInt64]? = nil, newContents: [UInt64]? = nil) {
        (self.old, self.new, self.oldContents, self.newContents) = (old, new, oldContents, newContents)
    }

    static func from(_ context: UnsafeMutableRawPointer?) -> ListProbe {
        Unmanaged<ListProbe>.fromOpaque(context!).takeUnretainedValue()
    }

    func run(
        identityEqual: weft_diff_equal_fn? = nil, contentsChanged: weft_diff_contents_fn? = nil,
        oldCountOverride: UInt32? = nil
    ) -> weft_rc {
        request = weft_diff_list_request(
            old_count: oldCountOverride ?? UInt32(old.count), new_count: UInt32(new.count),
            content_hashes: oldContents != nil,
            callbacks: weft_diff_callbacks(identity_equal: identityEqual, identities_differ: nil, contents_changed: contentsChanged),
            context: Unmanaged.passUnretained(self).toOpaque(),
            fill: { context, input in ListProbe.from(context).fill(input.pointee) },
            deliver: { context, result in ListProbe.from(context).deliver(result) })
        return weft_diff_list(&request!)
    }

    private func fill(_ input: weft_diff_list_input) {
        filled += 1
        for (i, id) in old.enumerated() { input.old_ids[i] = id }
        for (j, id) in new.enumerated() { input.new_ids[j] = id }
        if let oldContents, let newContents {
            for (i, c) in oldContents.enumerated() { input.old_contents![i] = c }
            for (j, c) in newContents.enumerated() { input.new_contents![j] = c }
        }
    }

    private func deliver(_ result: UnsafePointer<weft_diff_list_result>) {
        delivered += 1
        contentCallsAtDelivery = contentCalls
        let r = result.pointee
        deletes = (0 ..< Int(r.delete_count)).map { Int(r.deletes[$0]) }
        inserts = (0 ..< Int(r.insert_count)).map { Int(r.inserts[$0]) }
        moves = (0 ..< Int(r.move_count)).map { [Int(r.moves[$0].from), Int(r.moves[$0].to)] }
        updates = (0 ..< Int(r.update_count)).map { [Int(r.updates[$0].from), Int(r.updates[$0].to)] }
        memory = r.memory
        checkHolds = weft_diff_list_check_invariants(&request!, result)
        // Claim one move fewer than found: the edits then no longer rebuild the new list.
        if r.move_count > 0 {
            var tampered = r
            tampered.move_count -= 1
            tamperedCheckHolds = weft_diff_list_check_invariants(&request!, &tampered)
        }
    }
}

/// Runs one sectioned diff through the C API and keeps what it delivered.
private final class SectionedProbe {
    let oldSections: [UInt64], oldCounts: [UInt32], oldItems: [UInt64]
    let newSections: [UInt64], newCounts: [UInt32], newItems: [UInt64]
    let oldItemContents: [UInt64]?, newItemContents: [UInt64]?
    var request: weft_diff_sectioned_request?
    var sectionMoves = 0
    var itemMoves: [[Int]] = [], itemUpdates: [[Int]] = []
    var checkHolds = false, tamperedCheckHolds = true
    var filled = 0, delivered = 0

    init(
        oldSections: [UInt64], oldCounts: [UInt32], oldItems: [UInt64],
        newSections: [UInt64], newCounts: [UInt32], newItems: [UInt64],
        oldItemContents: [UInt64]? = nil, newItemContents: [UInt64]? = nil
    ) {
        (self.oldSections, self.oldCounts, self.oldItems) = (oldSections, oldCounts, oldItems)
        (self.newSections, self.newCounts, self.newItems) = (newSections, newCounts, newItems)
        (self.oldItemContents, self.newItemContents) = (oldItemContents, newItemContents)
    }

    static func from(_ context: UnsafeMutableRawPointer?) -> SectionedProbe {
        Unmanaged<SectionedProbe>.fromOpaque(context!).takeUnretainedValue()
    }

    func run() -> weft_rc {
        request = weft_diff_sectioned_request(
            old_section_count: UInt32(oldSections.count), new_section_count: UInt32(newSections.count),
            old_item_count: UInt32(oldItems.count), new_item_count: UInt32(newItems.count),
            section_content_hashes: false, item_content_hashes: oldItemContents != nil,
            sections: weft_diff_callbacks(identity_equal: nil, identities_differ: nil, contents_changed: nil),
            items: weft_diff_callbacks(identity_equal: nil, identities_differ: nil, contents_changed: nil),
            context: Unmanaged.passUnretained(self).toOpaque(),
            fill: { context, input in SectionedProbe.from(context).fill(input.pointee) },
            deliver: { context, result in SectionedProbe.from(context).deliver(result) })
        return weft_diff_sectioned(&request!)
    }

    private func fill(_ input: weft_diff_sectioned_input) {
        filled += 1
        for (s, id) in oldSections.enumerated() { input.old_section_ids[s] = id; input.old_item_counts[s] = oldCounts[s] }
        for (t, id) in newSections.enumerated() { input.new_section_ids[t] = id; input.new_item_counts[t] = newCounts[t] }
        for (i, id) in oldItems.enumerated() { input.old_item_ids[i] = id }
        for (j, id) in newItems.enumerated() { input.new_item_ids[j] = id }
        if let oldItemContents, let newItemContents {
            for (i, c) in oldItemContents.enumerated() { input.old_item_contents![i] = c }
            for (j, c) in newItemContents.enumerated() { input.new_item_contents![j] = c }
        }
    }

    private func deliver(_ result: UnsafePointer<weft_diff_sectioned_result>) {
        delivered += 1
        let r = result.pointee
        func path(_ p: weft_diff_path_pair) -> [Int] {
            [Int(p.from.section), Int(p.from.item), Int(p.to.section), Int(p.to.item)]
        }
        sectionMoves = Int(r.section_move_count)
        itemMoves = (0 ..< Int(r.item_move_count)).map { path(r.item_moves[$0]) }
        itemUpdates = (0 ..< Int(r.item_update_count)).map { path(r.item_updates[$0]) }
        checkHolds = weft_diff_sectioned_check_invariants(&request!, result)
        if r.item_move_count > 0 {
            var tampered = r
            tampered.item_move_count -= 1
            tamperedCheckHolds = weft_diff_sectioned_check_invariants(&request!, &tampered)
        }
    }
}

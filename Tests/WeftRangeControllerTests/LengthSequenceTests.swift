import Foundation
import Testing
import WeftCore
import WeftRangeController

/// The list layout's length sequence against an array: measured and estimated
/// items mixed, runs of estimated items split and grown by every edit.
@Suite struct LengthSequenceTests {
    /// The model: `nil` is an estimated item.
    private struct Model {
        var lengths: [Double?]
        var estimate: Double

        func length(at index: Int) -> Double { lengths[index] ?? estimate }
        func prefix(_ count: Int) -> Double { (0 ..< count).reduce(0) { $0 + length(at: $1) } }
        func leadingCount(withPrefixBelow bound: Double, orEqual: Bool) -> Int {
            var sum = 0.0, count = 0
            while count < lengths.count {
                let next = sum + length(at: count)
                guard orEqual ? next <= bound : next < bound else { break }
                sum = next
                count += 1
            }
            return count
        }
    }

    private func expectAgreement(_ sequence: _LengthSequence, _ model: Model, _ random: inout SplitMix64) {
        sequence._checkInvariants()
        #expect(sequence.count == model.lengths.count)
        #expect(sequence.estimatedCount == model.lengths.count { $0 == nil })
        #expect(abs(sequence.total - model.prefix(model.lengths.count)) < 1e-6)
        for _ in 0 ..< 8 where !model.lengths.isEmpty {
            let index = Int.random(in: 0 ..< model.lengths.count, using: &random)
            #expect(sequence.length(at: index) == model.length(at: index))
            #expect(abs(sequence.prefix(index) - model.prefix(index)) < 1e-6)
        }
        let total = model.prefix(model.lengths.count)
        for _ in 0 ..< 8 {
            // Bounds on item edges too, where "below" and "at most" differ.
            let bound = Bool.random(using: &random)
                ? model.prefix(Int.random(in: 0 ... model.lengths.count, using: &random))
                : Double.random(in: -5 ... total + 5, using: &random)
            for orEqual in [false, true] {
                #expect(sequence.leadingCount(withPrefixBelow: bound, orEqual: orEqual)
                    == model.leadingCount(withPrefixBelow: bound, orEqual: orEqual), "bound \(bound) orEqual \(orEqual)")
            }
        }
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func randomEditsAgreeWithAnArray(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let count = Int.random(in: 0 ... 300, using: &random)
        var model = Model(
            lengths: (0 ..< count).map { _ in Int.random(in: 0 ..< 4, using: &random) == 0 ? Double(Int.random(in: 0 ... 90, using: &random)) : nil },
            estimate: 44)
        var sequence = _LengthSequence(model.lengths, estimate: model.estimate, seed: seed)
        expectAgreement(sequence, model, &random)
        for _ in 0 ..< 400 {
            let length: Double? = Bool.random(using: &random) ? nil : Double(Int.random(in: 0 ... 120, using: &random))
            switch Int.random(in: 0 ..< 10, using: &random) {
            case 0 ..< 3:
                let index = Int.random(in: 0 ... model.lengths.count, using: &random)
                sequence.insert(length, at: index)
                model.lengths.insert(length, at: index)
            case 3 ..< 5 where !model.lengths.isEmpty:
                let index = Int.random(in: 0 ..< model.lengths.count, using: &random)
                #expect(sequence.remove(at: index) == model.length(at: index))
                model.lengths.remove(at: index)
            case 5 ..< 9 where !model.lengths.isEmpty:
                let index = Int.random(in: 0 ..< model.lengths.count, using: &random)
                sequence.setLength(length, at: index)
                model.lengths[index] = length
            default:
                let estimate = Double(Int.random(in: 1 ... 150, using: &random))
                sequence.estimate = estimate
                model.estimate = estimate
            }
            expectAgreement(sequence, model, &random)
        }
    }

    /// Bulk edits (removals at indexes of the sequence as it is, then inserts at
    /// indexes of the result) agree with the same edits made on an array, runs
    /// of estimated items split, shrunk, emptied and grown included.
    @Test(arguments: [5, 6, 7, 8] as [UInt64])
    func bulkEditsAgreeWithAnArray(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for _ in 0 ..< 60 {
            let count = Int.random(in: 0 ... 400, using: &random)
            var model = Model(
                lengths: (0 ..< count).map { _ in Int.random(in: 0 ..< 3, using: &random) == 0 ? Double(Int.random(in: 0 ... 90, using: &random)) : nil },
                estimate: 30)
            var sequence = _LengthSequence(model.lengths, estimate: model.estimate, seed: seed)
            var indexes = Array(model.lengths.indices)
            indexes.shuffle(using: &random)
            let removals = Array(indexes.prefix(Int.random(in: 0 ... count, using: &random)))
            for index in removals.sorted(by: >) { model.lengths.remove(at: index) }
            let finalCount = model.lengths.count + Int.random(in: 0 ... 120, using: &random)
            var places = Array(0 ..< finalCount)
            places.shuffle(using: &random)
            let insertions = places.prefix(finalCount - model.lengths.count).sorted().map { index -> (index: Int, length: Double?) in
                (index, Bool.random(using: &random) ? nil : Double(Int.random(in: 0 ... 120, using: &random)))
            }
            for insertion in insertions { model.lengths.insert(insertion.length, at: insertion.index) }
            sequence.rebuild(removing: removals, inserting: insertions)
            expectAgreement(sequence, model, &random)
            for index in model.lengths.indices { #expect(sequence.length(at: index) == model.length(at: index)) }
        }
    }

    /// A scroll measures a run front to back; the tree must stay shallow, or every
    /// query of a frame walks as many nodes as items were measured.
    @Test func measuringARunFrontToBackKeepsTheTreeShallow() {
        var sequence = _LengthSequence(count: 1_000_000, estimate: 50, measured: [])
        for index in 0 ..< 20_000 { sequence.setLength(Double(60 + index % 7), at: index) }
        for index in stride(from: 999_999, to: 990_000, by: -1) { sequence.setLength(70, at: index) }
        sequence._checkInvariants()
        #expect(sequence._height() < 100, "height \(sequence._height()) for 30,000 measured items")
        #expect(sequence.count == 1_000_000 && sequence.estimatedCount == 1_000_000 - 29_999)
    }

    @Test func aMillionEstimatedItemsAreOneNodeUntilMeasured() {
        var sequence = _LengthSequence(count: 1_000_000, estimate: 50, measured: [])
        #expect(sequence.total == 50_000_000 && sequence.estimatedCount == 1_000_000)
        #expect(sequence.leadingCount(withPrefixBelow: 1_000, orEqual: true) == 20)
        #expect(sequence.leadingCount(withPrefixBelow: 1_000, orEqual: false) == 19)
        sequence.setLength(80, at: 500_000)
        sequence.estimate = 40
        #expect(sequence.prefix(500_001) == 500_000 * 40 + 80)
        #expect(sequence.leadingCount(withPrefixBelow: 500_000 * 40 + 79, orEqual: true) == 500_000)
        sequence._checkInvariants()
    }
}

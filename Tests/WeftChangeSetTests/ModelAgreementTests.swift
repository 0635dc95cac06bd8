import Testing
import WeftChangeSet
import WeftTestSupport

/// Strict validation, the normalized edits and both mappings against ChangeSetModel.
@Suite struct ModelAgreementTests {
    @Test(arguments: 0 ..< 8)
    func randomBatchesAgreeWithTheModel(seed: UInt64) {
        var generator = ChangeSetBatchGenerator(seed: seed)
        var accepted = 0
        for _ in 0 ..< 5_000 {
            let batch = generator.next()
            let problems = changeSetDisagreements(old: batch.old, edits: batch.edits, new: batch.new)
            #expect(problems.isEmpty, "\(problems.first ?? "")")
            if !problems.isEmpty { return }
            if ChangeSetModel.perform(old: batch.old, edits: batch.edits, new: batch.new) != nil { accepted += 1 }
        }
        // Enough valid batches to exercise the mappings, enough invalid ones to exercise refusals.
        #expect(accepted > 500)
        #expect(accepted < 4_500)
    }
}

import WeftCore

/// The elements a commit's step 3 measures, from step 1 (main lists them)
/// through step 3 (the editing queue measures them and judges which the commit
/// must look at) to step 5 (main reports and applies what those have).
///
/// Step 3 judges each element on the thread that measured it, while the
/// element and its node are in that core's cache; at a 10% update of 100k
/// items, judging 3,333 new elements on main was a cache miss each, a fifth
/// of main's share.
final class _MeasuredElements: Sendable {
    /// The elements step 3 measures that main made or kept.
    let elements: [CollectionElement]

    /// What step 3 found: the measured elements for which the commit may have
    /// something to report or apply (``CollectionElement/mayHaveSomethingToReport``),
    /// in measuring order; `nil` until step 3 has judged them all.
    private let found = PosixMutex<[CollectionElement]?>(nil)

    init(_ elements: [CollectionElement]) {
        self.elements = elements
    }

    /// Step 3, once it measured every element it was given: what it found.
    func record(_ toReport: [CollectionElement]) {
        found.withLock { $0 = toReport }
    }

    /// Step 5: what step 3 found, or `nil` if it judged nothing (a layout
    /// delegate measured in its own way), in which case the commit looks at
    /// every element itself.
    ///
    /// - Complexity: O(1).
    var toReport: [CollectionElement]? {
        found.withLock { $0 }
    }
}

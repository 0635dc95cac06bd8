/// A set of section indexes as one flag per index: a diff's moved sections,
/// asked about, and marked, once for every item edit.
///
/// `Set<Int>` hashed each question (SipHash), 5% of turning a diff of
/// 100 sections of 1,000 items into a change set; a flag is one load.
struct _SectionFlags {
    private var flags: [Bool] = []

    /// The empty set.
    init() {}

    /// The flags of `sections`, which are non-negative.
    ///
    /// - Complexity: O(*k* + *m*) for *k* sections up to *m*, the largest.
    init<Sections: Sequence<Int>>(_ sections: Sections) {
        for section in sections { insert(section) }
    }

    /// Adds `section`, which is non-negative.
    ///
    /// - Complexity: O(1), amortized over the flags up to the largest section.
    mutating func insert(_ section: Int) {
        precondition(section >= 0, "a section index is never negative; got \(section)")
        if section >= flags.count { flags += repeatElement(false, count: section + 1 - flags.count) }
        flags[section] = true
    }

    /// Whether `section` is in the set.
    ///
    /// - Complexity: O(1).
    func contains(_ section: Int) -> Bool {
        section >= 0 && section < flags.count && flags[section]
    }
}

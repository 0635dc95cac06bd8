public import Foundation
import WeftCore

extension ChangeSet {
    /// Records item inserts at new index paths (positions after the batch).
    public mutating func insertItems(at indexPaths: [IndexPath], options: AnimationOptions = .none) {
        edits += indexPaths.map { AnimatedEdit(.insertItem($0), options: options) }
    }

    /// Records item deletes at old index paths (positions before the batch).
    public mutating func deleteItems(at indexPaths: [IndexPath], options: AnimationOptions = .none) {
        edits += indexPaths.map { AnimatedEdit(.deleteItem($0), options: options) }
    }

    /// Records item reloads at old index paths; each is a delete plus an insert.
    public mutating func reloadItems(at indexPaths: [IndexPath], options: AnimationOptions = .none) {
        edits += indexPaths.map { AnimatedEdit(.reloadItem($0), options: options) }
    }

    /// Records a native item move from an old index path to a new one.
    public mutating func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath, options: AnimationOptions = .none) {
        edits.append(AnimatedEdit(.moveItem(indexPath, to: newIndexPath), options: options))
    }

    /// Records section inserts at new indexes.
    ///
    /// More than ``maximumSectionsPerEdit`` sections record nothing; the batch
    /// is then refused.
    public mutating func insertSections(_ sections: IndexSet, options: AnimationOptions = .none) {
        guard admitsSectionEdit(sections) else { return }
        edits += sections.map { AnimatedEdit(.insertSection($0), options: options) }
    }

    /// Records section deletes at old indexes.
    ///
    /// Indexes past the old sections are refused when the batch completes; only
    /// the first of them is recorded, so a set reaching far past the end costs
    /// O(sections that exist). More than ``maximumSectionsPerEdit`` sections
    /// record nothing; the batch is then refused.
    public mutating func deleteSections(_ sections: IndexSet, options: AnimationOptions = .none) {
        guard admitsSectionEdit(sections) else { return }
        edits += Self.recordedSections(sections, existing: oldItemCounts.count)
            .map { AnimatedEdit(.deleteSection($0), options: options) }
    }

    /// Records section reloads at old indexes; each is a delete plus an insert.
    ///
    /// As with ``deleteSections(_:options:)``, only the first index past the old
    /// sections is recorded.
    public mutating func reloadSections(_ sections: IndexSet, options: AnimationOptions = .none) {
        guard admitsSectionEdit(sections) else { return }
        edits += Self.recordedSections(sections, existing: oldItemCounts.count)
            .map { AnimatedEdit(.reloadSection($0), options: options) }
    }

    /// The indexes of `sections` below `existing`, then the first at or past it,
    /// which validation refuses: every index the batch can use, and one that
    /// names the problem.
    ///
    /// - Complexity: O(min(*n*, `existing`) + *r*) for *n* indexes in *r* ranges.
    static func recordedSections(_ sections: IndexSet, existing: Int) -> [Int] {
        var recorded: [Int] = []
        for range in sections.rangeView {
            guard range.lowerBound < existing else {
                recorded.append(range.lowerBound)
                break
            }
            recorded.append(contentsOf: range.lowerBound ..< min(range.upperBound, existing))
            if range.upperBound > existing {
                recorded.append(existing)
                break
            }
        }
        return recorded
    }

    /// Records a native section move from an old index to a new one; its items move with it.
    public mutating func moveSection(_ section: Int, toSection newSection: Int, options: AnimationOptions = .none) {
        edits.append(AnimatedEdit(.moveSection(section, to: newSection), options: options))
    }

    /// Records a full reload, which must be the batch's only edit.
    public mutating func reloadData() {
        edits.append(AnimatedEdit(.reloadData))
    }

    /// Records one edit as made elsewhere, for replaying a recorded batch.
    public mutating func append(_ edit: Edit, options: AnimationOptions = .none) {
        edits.append(AnimatedEdit(edit, options: options))
    }
}

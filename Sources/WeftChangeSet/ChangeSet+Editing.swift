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
    public mutating func insertSections(_ sections: IndexSet, options: AnimationOptions = .none) {
        edits += sections.map { AnimatedEdit(.insertSection($0), options: options) }
    }

    /// Records section deletes at old indexes.
    public mutating func deleteSections(_ sections: IndexSet, options: AnimationOptions = .none) {
        edits += sections.map { AnimatedEdit(.deleteSection($0), options: options) }
    }

    /// Records section reloads at old indexes; each is a delete plus an insert.
    public mutating func reloadSections(_ sections: IndexSet, options: AnimationOptions = .none) {
        edits += sections.map { AnimatedEdit(.reloadSection($0), options: options) }
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

extension ReusePoolMap {
    /// Brings the view at `slot` from the configuration it has to `storage`.
    ///
    /// - Complexity: O(1) if the view already has exactly `storage`; else
    ///   O(*a* + *b*) for *a* old and *b* new attributes, plus the closures run.
    func configure(slot: Int, with storage: ViewConfiguration._Storage, view: any ReusableView) {
        let old = records[slot].applied
        let suspended = records[slot].appliedSuspended
        if old === storage && !suspended { return }
        records[slot].applied = storage
        records[slot].appliedSuspended = false
        Self.applyChanges(from: old?.attributes ?? [], suspended: suspended, to: storage.attributes, on: view)
    }

    /// Applies to `view` what differs between two attribute lists sorted by identifier.
    ///
    /// First every old attribute that can be shed and must go is unapplied (it is
    /// missing, or its value changes and the new attribute has no updater for it);
    /// then every new attribute whose value is new or changed is updated or applied.
    /// When `suspended`, the old attributes that unapply when pooled are already gone
    /// and count as absent.
    static func applyChanges(from old: [ViewAttribute], suspended: Bool, to new: [ViewAttribute],
                             on view: any ReusableView) {
        unapplyShed(from: old, suspended: suspended, to: new, on: view)
        applyChanged(from: old, suspended: suspended, to: new, on: view)
    }

    private static func unapplyShed(from old: [ViewAttribute], suspended: Bool, to new: [ViewAttribute],
                                    on view: any ReusableView) {
        var newIndex = 0
        for oldIndex in old.indices {
            let attribute = old[oldIndex].storage
            guard attribute.hasUnapplicator, !(suspended && attribute.unappliesWhenPooled) else { continue }
            let number = old[oldIndex].identifier.rawValue
            while newIndex < new.count && new[newIndex].identifier.rawValue < number { newIndex += 1 }
            if newIndex < new.count && new[newIndex].identifier.rawValue == number {
                let replacement = new[newIndex].storage
                if replacement.hasSameValue(as: attribute) || replacement.canUpdate(from: attribute) { continue }
            }
            attribute.unapply(from: view)
        }
    }

    private static func applyChanged(from old: [ViewAttribute], suspended: Bool, to new: [ViewAttribute],
                                     on view: any ReusableView) {
        var oldIndex = 0
        for newIndex in new.indices {
            let attribute = new[newIndex].storage
            let number = new[newIndex].identifier.rawValue
            while oldIndex < old.count && old[oldIndex].identifier.rawValue < number { oldIndex += 1 }
            if oldIndex < old.count && old[oldIndex].identifier.rawValue == number
                && !(suspended && old[oldIndex].storage.unappliesWhenPooled) {
                let previous = old[oldIndex].storage
                if attribute.hasSameValue(as: previous) || attribute.update(view, from: previous) { continue }
            }
            attribute.apply(to: view)
        }
    }

    /// Unapplies the unapply-when-pooled attributes of the view at `slot`, which just
    /// entered the pool; ``configure(slot:with:view:)`` applies them again on vend.
    func suspendPooledAttributes(slot: Int, view: any ReusableView) {
        guard let applied = records[slot].applied, applied.unappliesWhenPooled,
              !records[slot].appliedSuspended else { return }
        records[slot].appliedSuspended = true
        for attribute in applied.attributes where attribute.unappliesWhenPooled {
            attribute.storage.unapply(from: view)
        }
    }
}

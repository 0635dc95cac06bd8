extension ViewAttribute {
    /// An attribute's value and closures; immutable, so any thread may share it.
    final class _Storage<View: ReusableView, Value: Equatable & Sendable>: _AnyStorage {
        let value: Value
        let applicator: @MainActor @Sendable (View, Value) -> Void
        let unapplicator: (@MainActor @Sendable (View, Value) -> Void)?
        let updater: (@MainActor @Sendable (View, Value, Value) -> Void)?
        let unappliesWhenPooled: Bool

        init(value: Value,
             applicator: @escaping @MainActor @Sendable (View, Value) -> Void,
             unapplicator: (@MainActor @Sendable (View, Value) -> Void)?,
             updater: (@MainActor @Sendable (View, Value, Value) -> Void)?,
             unappliesWhenPooled: Bool) {
            self.value = value
            self.applicator = applicator
            self.unapplicator = unapplicator
            self.updater = updater
            self.unappliesWhenPooled = unappliesWhenPooled
        }

        var anyValue: any Sendable { value }
        var hasUnapplicator: Bool { unapplicator != nil }
        var hasUpdater: Bool { updater != nil }

        func accepts(_ viewType: any ReusableView.Type) -> Bool {
            viewType is View.Type
        }

        func hasSameValue(as other: any _AnyStorage) -> Bool {
            if other === self { return true }
            guard let other = other as? Self else { return false }
            return value == other.value
        }

        func canUpdate(from old: any _AnyStorage) -> Bool {
            updater != nil && old is Self
        }

        // `ViewConfiguration` refuses attributes whose `View` is not a supertype of
        // its view class's type, and pools hand a configuration only views made by a
        // view class of the same identity (hence the same type); so `view` is a `View`.
        @MainActor private func typed(_ view: any ReusableView) -> View {
            unsafeDowncast(view, to: View.self)
        }

        @MainActor func apply(to view: any ReusableView) {
            applicator(typed(view), value)
        }

        @MainActor func unapply(from view: any ReusableView) {
            unapplicator?(typed(view), value)
        }

        @MainActor func update(_ view: any ReusableView, from old: any _AnyStorage) -> Bool {
            guard let updater, let old = old as? Self else { return false }
            updater(typed(view), old.value, value)
            return true
        }
    }
}

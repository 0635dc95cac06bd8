/// One property a configuration sets on a view: an identifier, an equatable value, and
/// the code that applies it.
///
/// When a pool hands a view from one component to another, only the attributes whose
/// values differ are applied again. What happens to an attribute the new configuration
/// lacks or changes depends on what the attribute provides:
///
/// | unapplicator | updater | the value changes | the new configuration lacks it |
/// |---|---|---|---|
/// | no  | no  | `apply(new)` | impossible: the view's pool requires it (see ``AttributeShape``) |
/// | no  | yes | `update(old, new)` | impossible, as above |
/// | yes | no  | `unapply(old)`, then `apply(new)` | `unapply(old)` |
/// | yes | yes | `update(old, new)` | `unapply(old)` |
///
/// An attribute without an unapplicator is the usual choice: it is cheapest, and views
/// given it are only reused by configurations that set it again. An unapplicator lets
/// a view shed the attribute, so configurations with and without it share views.
///
/// ```swift
/// let red = ViewAttribute("backgroundColor", value: Color.red) { (view: LabelView, color) in
///     view.backgroundColor = color
/// }
/// ```
public struct ViewAttribute: Sendable, CustomStringConvertible {
    /// What the attribute sets; unique within a configuration.
    public let identifier: AttributeIdentifier
    let storage: any _AnyStorage

    /// Creates an attribute that a view keeps until another value replaces it.
    ///
    /// - Parameters:
    ///   - identifier: What the attribute sets.
    ///   - value: The value to set; compared with `==` to skip unchanged values.
    ///   - apply: Sets `value` on a view.
    ///   - update: Replaces an old value with a new one, when that is cheaper than
    ///     `apply` (for example, animating the change); `nil` to use `apply`.
    /// - Complexity: O(1).
    public init<View: ReusableView, Value: Equatable & Sendable>(
        _ identifier: AttributeIdentifier,
        value: Value,
        apply: @escaping @MainActor @Sendable (View, Value) -> Void,
        update: (@MainActor @Sendable (View, _ oldValue: Value, _ newValue: Value) -> Void)? = nil
    ) {
        self.identifier = identifier
        storage = _Storage(value: value, applicator: apply, unapplicator: nil, updater: update,
                           unappliesWhenPooled: false)
    }

    /// Creates an attribute that a view can shed.
    ///
    /// - Parameters:
    ///   - identifier: What the attribute sets.
    ///   - value: The value to set; compared with `==` to skip unchanged values.
    ///   - apply: Sets `value` on a view.
    ///   - unapply: Undoes `apply` for the given value (removes a gesture recognizer,
    ///     a target, an observer).
    ///   - update: Replaces an old value with a new one; `nil` to unapply the old
    ///     value and apply the new one.
    ///   - unappliesWhenPooled: Whether to unapply the attribute as soon as the view
    ///     enters the pool, for attributes that must not act on a view nobody sees
    ///     (a tap handler on a hidden cell). The pool applies it again when it vends
    ///     the view. ComponentKit never unapplies on entry (its issue 622).
    /// - Complexity: O(1).
    public init<View: ReusableView, Value: Equatable & Sendable>(
        _ identifier: AttributeIdentifier,
        value: Value,
        apply: @escaping @MainActor @Sendable (View, Value) -> Void,
        unapply: @escaping @MainActor @Sendable (View, Value) -> Void,
        update: (@MainActor @Sendable (View, _ oldValue: Value, _ newValue: Value) -> Void)? = nil,
        unappliesWhenPooled: Bool = false
    ) {
        self.identifier = identifier
        storage = _Storage(value: value, applicator: apply, unapplicator: unapply, updater: update,
                           unappliesWhenPooled: unappliesWhenPooled)
    }

    /// The attribute's value.
    public var value: any Sendable { storage.anyValue }

    /// Whether a view can shed the attribute; such attributes are not part of the shape.
    public var hasUnapplicator: Bool { storage.hasUnapplicator }

    /// Whether changes go through an updater instead of the applicator.
    public var hasUpdater: Bool { storage.hasUpdater }

    /// Whether the attribute is unapplied while its view is in the pool.
    public var unappliesWhenPooled: Bool { storage.unappliesWhenPooled }

    /// Returns whether `other` has the same identifier and an equal value of the same type.
    ///
    /// - Parameter other: Another attribute.
    /// - Returns: `true` if applying `other` to a view that has this attribute would
    ///   change nothing.
    /// - Complexity: O(1) plus the value type's `==`.
    public func isEquivalent(to other: ViewAttribute) -> Bool {
        identifier == other.identifier && storage.hasSameValue(as: other.storage)
    }

    public var description: String { "\(identifier.name)=\(storage.anyValue)" }
}

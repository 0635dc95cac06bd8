/// The key of one pool: component type, view class identity and attribute shape.
///
/// Two components share views only if all three match. The component type keeps
/// components that look alike but behave differently apart; the view class decides
/// what kind of view it is; the shape guarantees a reused view carries no attribute
/// that the new configuration would not set again (a red background never leaks to a
/// component that sets only `alpha`).
public struct ViewKey: Hashable, Sendable {
    /// The component type, as in ``ComponentID/type``.
    public let componentType: ObjectIdentifier
    /// The identity of the view class.
    public let viewClass: ViewClassIdentifier
    /// The identifiers of the configuration's attributes without an unapplicator.
    public let shape: AttributeShape

    /// Creates the key under which `component` gets a view for `configuration`.
    ///
    /// - Parameters:
    ///   - component: The component asking for a view.
    ///   - configuration: The configuration it will apply.
    public init(component: ComponentID, configuration: ViewConfiguration) {
        self.init(componentType: component.type, storage: configuration.storage)
    }

    init(componentType: ObjectIdentifier, storage: ViewConfiguration._Storage) {
        self.componentType = componentType
        viewClass = storage.viewClassIdentifier
        shape = storage.shape
    }
}

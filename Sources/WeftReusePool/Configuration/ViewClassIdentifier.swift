/// The identity of a ``ViewClass``: its view type plus, for factories, a factory name.
///
/// Interned, so it compares and hashes as an `Int32`.
public struct ViewClassIdentifier: Hashable, Sendable, CustomStringConvertible {
    let rawValue: Int32

    /// The view type's name, followed by the factory's name if there is one.
    public var description: String { _Interner.shared.viewClassName(rawValue) }
}

/// How a diff reads the identity and content of its elements.
///
/// A type parameter rather than closures: in the caller's specialization every
/// read below is a static call the optimizer inlines into the loops that hash
/// identities and compare contents, with elements borrowed in place. Closures
/// stayed opaque calls and copied each element (retaining its fields) twice.
@usableFromInline
protocol _DiffAccess {
    associatedtype Element
    associatedtype ID: Hashable

    /// Whether pairs can differ in content at all.
    static var comparesContents: Bool { get }

    static func identity(of element: Element) -> ID

    static func isContentEqual(_ old: Element, _ new: Element) -> Bool
}

/// ``Diffable`` elements: their identity and content test.
@usableFromInline
enum _DiffableAccess<Element: Diffable>: _DiffAccess {
    /// A value that is its own identity cannot change content (see
    /// ``Diffable/isContentEqual(to:)``).
    @inlinable
    static var comparesContents: Bool { Element.DiffIdentifier.self != Element.self }

    @inlinable @inline(__always)
    static func identity(of element: Element) -> Element.DiffIdentifier { element.diffIdentifier }

    @inlinable @inline(__always)
    static func isContentEqual(_ old: Element, _ new: Element) -> Bool { old.isContentEqual(to: new) }
}

/// `Hashable` elements: each is its own identity, so contents never differ.
@usableFromInline
enum _HashableAccess<Element: Hashable>: _DiffAccess {
    @inlinable
    static var comparesContents: Bool { false }

    @inlinable @inline(__always)
    static func identity(of element: Element) -> Element { element }

    @inlinable @inline(__always)
    static func isContentEqual(_ old: Element, _ new: Element) -> Bool { true }
}

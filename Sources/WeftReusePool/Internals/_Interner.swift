import WeftCore

/// Process-wide tables that give attribute identifiers, attribute shapes and view-class
/// identities small integer numbers.
///
/// Configurations are built on any thread, so the tables sit behind one lock; they are
/// consulted when a configuration is built, never in a mount pass, which then compares
/// and hashes plain `Int32`s (ComponentKit interns its persistent attribute shapes the
/// same way). Entries are never removed: an app has a few hundred of each.
final class _Interner: Sendable {
    static let shared = _Interner()

    struct ViewClassKey: Hashable, Sendable {
        var viewType: ObjectIdentifier
        var factoryIdentifier: String?
    }

    private struct State: Sendable {
        var attributes = _InternTable<String, String>()
        /// Shape 0 is the empty shape.
        var shapes = _InternTable<[Int32], [Int32]>(first: [], value: [])
        /// The value kept per view class is its name, for descriptions.
        var viewClasses = _InternTable<ViewClassKey, String>()
    }

    private let state = PosixMutex(State())

    /// Returns the number of the attribute identifier `name`, assigning the next one if new.
    ///
    /// - Complexity: O(*m*) expected, where *m* is the length of `name`.
    func attributeNumber(for name: String) -> Int32 {
        state.withLock { $0.attributes.number(for: name, value: name) }
    }

    func attributeName(_ number: Int32) -> String {
        state.withLock { $0.attributes[number] }
    }

    /// Returns the number of the shape made of `sortedNumbers` (ascending, no repeats).
    ///
    /// - Complexity: O(*s*) expected, where *s* is the number of identifiers.
    func shapeNumber(for sortedNumbers: [Int32]) -> Int32 {
        state.withLock { $0.shapes.number(for: sortedNumbers, value: sortedNumbers) }
    }

    func shapeMembers(_ number: Int32) -> [Int32] {
        state.withLock { $0.shapes[number] }
    }

    /// Returns the number of a view class identity; `name` is stored for descriptions.
    func viewClassNumber(for key: ViewClassKey, name: @autoclosure () -> String) -> Int32 {
        if let number = state.withLock({ $0.viewClasses.existingNumber(for: key) }) { return number }
        let name = name()
        return state.withLock { $0.viewClasses.number(for: key, value: name) }
    }

    func viewClassName(_ number: Int32) -> String {
        state.withLock { $0.viewClasses[number] }
    }
}

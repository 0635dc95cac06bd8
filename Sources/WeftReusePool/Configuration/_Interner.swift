import Synchronization

/// Process-wide tables that give attribute identifiers, attribute shapes and view-class
/// identities small integer numbers.
///
/// Configurations are built on any thread, so the tables sit behind one lock; they are
/// consulted when a configuration is built, never in a mount pass, which then compares
/// and hashes plain `Int32`s (ComponentKit interns its persistent attribute shapes the
/// same way). Entries are never removed: an app has a few hundred of each.
final class _Interner: Sendable {
    static let shared = _Interner()

    struct ViewClassKey: Hashable {
        var viewType: ObjectIdentifier
        var factoryIdentifier: String?
    }

    private struct State {
        var attributeNumbers: [String: Int32] = [:]
        var attributeNames: [String] = []
        /// Shape 0 is the empty shape.
        var shapeNumbers: [[Int32]: Int32] = [[]: 0]
        var shapes: [[Int32]] = [[]]
        var viewClassNumbers: [ViewClassKey: Int32] = [:]
        var viewClassNames: [String] = []
    }

    private let state = Mutex(State())

    /// Returns the number of the attribute identifier `name`, assigning the next one if new.
    ///
    /// - Complexity: O(*m*) expected, where *m* is the length of `name`.
    func attributeNumber(for name: String) -> Int32 {
        state.withLock { state in
            if let number = state.attributeNumbers[name] { return number }
            let number = Int32(state.attributeNames.count)
            state.attributeNumbers[name] = number
            state.attributeNames.append(name)
            return number
        }
    }

    func attributeName(_ number: Int32) -> String {
        state.withLock { $0.attributeNames[Int(number)] }
    }

    /// Returns the number of the shape made of `sortedNumbers` (ascending, no repeats).
    ///
    /// - Complexity: O(*s*) expected, where *s* is the number of identifiers.
    func shapeNumber(for sortedNumbers: [Int32]) -> Int32 {
        state.withLock { state in
            if let number = state.shapeNumbers[sortedNumbers] { return number }
            let number = Int32(state.shapes.count)
            state.shapeNumbers[sortedNumbers] = number
            state.shapes.append(sortedNumbers)
            return number
        }
    }

    func shapeMembers(_ number: Int32) -> [Int32] {
        state.withLock { $0.shapes[Int(number)] }
    }

    /// Returns the number of a view class identity; `name` is stored for descriptions.
    func viewClassNumber(for key: ViewClassKey, name: @autoclosure () -> String) -> Int32 {
        state.withLock { state in
            if let number = state.viewClassNumbers[key] { return number }
            let number = Int32(state.viewClassNames.count)
            state.viewClassNumbers[key] = number
            state.viewClassNames.append(name())
            return number
        }
    }

    func viewClassName(_ number: Int32) -> String {
        state.withLock { $0.viewClassNames[Int(number)] }
    }
}

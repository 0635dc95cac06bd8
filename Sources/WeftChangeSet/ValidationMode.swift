/// How strictly a change set is validated.
public enum ValidationMode: Hashable, Sendable {
    /// Refuses exactly what UIKit refuses, in UIKit's order and with UIKit's messages,
    /// for the given kind of view. Every backing view checks its commits this way
    /// (`CommitValidator`).
    case faithful(ViewKind)
    /// Refuses everything ``faithful(_:)`` refuses, plus batches that pass UIKit's
    /// validation but crash or corrupt it, and duplicate edits. The default.
    case strict(ViewKind)

    /// Strict validation with collection-view wording.
    public static let strict = ValidationMode.strict(.collection)
    /// Faithful validation with collection-view wording.
    public static let faithful = ValidationMode.faithful(.collection)

    /// Whose wording messages use.
    public var viewKind: ViewKind {
        switch self {
        case .faithful(let kind), .strict(let kind): kind
        }
    }

    var isStrict: Bool {
        if case .strict = self { return true }
        return false
    }
}

/// The kind of view whose wording error messages use: "item" and "collection view",
/// or "row" and "table view".
public enum ViewKind: Hashable, Sendable {
    case collection
    case table

    var item: String { self == .collection ? "item" : "row" }
    var items: String { self == .collection ? "items" : "rows" }
    var view: String { self == .collection ? "collection view" : "table view" }
}

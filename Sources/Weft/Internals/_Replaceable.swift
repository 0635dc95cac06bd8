import WeftDiff

/// An identifier as the diff sees it: a reloaded one differs from itself
/// unreloaded, so the diff replaces it.
struct _Replaceable<Value: Hashable>: Hashable, Diffable {
    let value: Value
    let isReplaced: Bool

    init(_ value: Value, isReplaced: Bool) {
        self.value = value
        self.isReplaced = isReplaced
    }
}

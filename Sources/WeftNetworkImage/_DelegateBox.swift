import WeftCore

/// A weak delegate behind a lock, for a node read on many threads.
// @unchecked Sendable: `reference` is inside a PosixMutex.
final class _DelegateBox: @unchecked Sendable {
    private struct Reference {
        weak var value: (any NetworkImageNodeDelegate)?
    }

    private let reference = PosixMutex(Reference())

    var value: (any NetworkImageNodeDelegate)? {
        get { reference.withLock { $0.value } }
        set { reference.withLock { $0.value = newValue } }
    }
}

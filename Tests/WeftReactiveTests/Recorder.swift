import WeftCore
import WeftReactive

/// Collects the values a handler receives; safe to append from any thread. A
/// `PosixMutex`, whose hand-over ThreadSanitizer sees, as handlers of different
/// graphs run on different threads at once.
final class Recorder<Value: Sendable>: Sendable {
    private let storage = PosixMutex<[Value]>([])

    var values: [Value] { storage.withLock { $0 } }

    func append(_ value: Value) {
        storage.withLock { $0.append(value) }
    }
}

/// An object to own listen edges, whose lifetime a test controls.
final class Owner: ListenerOwner {
    let listenerBag = ListenerBag()
}

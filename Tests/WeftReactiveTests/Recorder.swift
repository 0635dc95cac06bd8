import WeftReactive
import Synchronization

/// Collects the values a handler receives; safe to append from any thread.
final class Recorder<Value: Sendable>: Sendable {
    private let storage = Mutex<[Value]>([])

    var values: [Value] { storage.withLock { $0 } }

    func append(_ value: Value) {
        storage.withLock { $0.append(value) }
    }
}

/// An object to own listen edges, whose lifetime a test controls.
final class Owner: ListenerOwner {
    let listenerBag = ListenerBag()
}

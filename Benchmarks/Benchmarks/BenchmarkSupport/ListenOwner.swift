public import WeftReactive

/// Owns a benchmark's listen edges for as long as the benchmark runs.
public final class ListenOwner: ListenerOwner {
    public let listenerBag = ListenerBag()

    public init() {}
}

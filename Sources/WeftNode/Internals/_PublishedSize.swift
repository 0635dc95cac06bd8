import Foundation
import Synchronization

/// A node's cached layout size, readable on any thread without its lock: a
/// sequence lock over two atomic words.
///
/// Why: a collection layout reads the size of every item it places, a million
/// at a first load, on main; through the node's lock each read was a cache miss
/// on the lock's storage besides the node itself. Writers hold the node's lock
/// (one at a time); a reader retries while a write is in progress, which is four
/// stores long.
struct _PublishedSize: ~Copyable {
    /// Even when stable, odd while a write is in progress.
    private let sequence = Atomic<UInt64>(0)
    /// The width's bits; NaN's for no size.
    private let width = Atomic<UInt64>(Double.nan.bitPattern)
    private let height = Atomic<UInt64>(0)

    /// Publishes `size`, or that there is none. Callers hold the node's lock.
    func store(_ size: CGSize?) {
        let stable = sequence.load(ordering: .relaxed)
        sequence.store(stable &+ 1, ordering: .relaxed)
        atomicMemoryFence(ordering: .releasing)
        width.store((size.map { Double($0.width) } ?? .nan).bitPattern, ordering: .relaxed)
        height.store(Double(size?.height ?? 0).bitPattern, ordering: .relaxed)
        sequence.store(stable &+ 2, ordering: .releasing)
    }

    /// The size last published, or `nil`.
    func load() -> CGSize? {
        while true {
            let before = sequence.load(ordering: .acquiring)
            guard before & 1 == 0 else { continue }
            let w = width.load(ordering: .relaxed), h = height.load(ordering: .relaxed)
            atomicMemoryFence(ordering: .acquiring)
            guard sequence.load(ordering: .relaxed) == before else { continue }
            let widthValue = Double(bitPattern: w)
            return widthValue.isNaN ? nil : CGSize(width: widthValue, height: Double(bitPattern: h))
        }
    }
}

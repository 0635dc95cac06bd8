import WeftCore
import WeftMemory
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The arena benchmark's three ways to allocate `count` 64-byte objects, touch
/// each, and free them: one by one from a scratch arena, all at once with a
/// reset, or one by one with the process malloc (jemalloc, with its thread
/// cache). Frees run in a shuffled order, as a real structure's would.
public final class ArenaWorkload {
    public let count: Int
    private let freeOrder: [Int]
    private let pointers: UnsafeMutablePointer<UnsafeMutableRawPointer>
    private var scratch: ScratchArena

    /// A workload of `count` objects with a free order shuffled by `seed`.
    public init(count: Int, seed: UInt64 = 0xA4E7A) throws {
        self.count = count
        var random = SplitMix64(seed: seed)
        freeOrder = Array(0 ..< count).shuffled(using: &random)
        pointers = .allocate(capacity: count)
        scratch = try ScratchArena()
    }

    deinit {
        pointers.deallocate()
    }

    /// Allocates every object from the scratch arena, then frees each one.
    public func arenaFreeEach() throws {
        for i in 0 ..< count {
            let p = try scratch.allocate(byteCount: 64)
            p.storeBytes(of: i, as: Int.self)
            pointers[i] = p
        }
        for i in freeOrder { scratch.deallocate(pointers[i]) }
    }

    /// Allocates every object from the scratch arena, then resets it once.
    public func arenaReset() throws {
        for i in 0 ..< count {
            let p = try scratch.allocate(byteCount: 64)
            p.storeBytes(of: i, as: Int.self)
            pointers[i] = p
        }
        try scratch.reset()
    }

    /// Allocates every object with `malloc`, then frees each one.
    public func mallocFreeEach() {
        for i in 0 ..< count {
            let p = malloc(64)!
            p.storeBytes(of: i, as: Int.self)
            pointers[i] = p
        }
        for i in freeOrder { free(pointers[i]) }
    }
}

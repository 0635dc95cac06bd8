import BenchmarkSupport

/// Objects per round: 100,000 of 64 bytes.
private let objectCount = 100_000

extension Job {
    /// Freeing 100k arena objects with one reset, against freeing each one.
    static func arenaReset() -> Job {
        Job(
            id: "arena.reset",
            name: "arena: 100k x 64 B, freed by one reset",
            peer: "arena, freed one by one",
            target: "reset faster than freeing each",
            note: "Arena: allocate 100k objects of 64 bytes, touch each, free them (shuffled order when "
                + "one by one); the foundation of every C subsystem's scratch memory.",
            prepare: {
                let reset = try ArenaWorkload(count: objectCount)
                let each = try ArenaWorkload(count: objectCount)
                return Sides(
                    weft: { try timed { try reset.arenaReset() } },
                    peer: { try timed { try each.arenaFreeEach() } }
                )
            },
            check: { $0.weft < $0.peer }
        )
    }

    /// The same reset against the process malloc (jemalloc with its thread cache).
    /// Arena allocations skip the thread cache by design (a cached region would
    /// outlive a reset), so the target is to stay close, not to win.
    static func arenaAgainstMalloc() -> Job {
        Job(
            id: "arena.malloc",
            name: "arena: 100k x 64 B, reset against malloc",
            peer: "malloc + free each",
            target: "within 1.5x of malloc/free",
            prepare: {
                let reset = try ArenaWorkload(count: objectCount)
                let malloc = try ArenaWorkload(count: objectCount)
                return Sides(
                    weft: { try timed { try reset.arenaReset() } },
                    peer: { timed { malloc.mallocFreeEach() } }
                )
            },
            check: { $0.weft <= $0.peer * 1.5 }
        )
    }
}

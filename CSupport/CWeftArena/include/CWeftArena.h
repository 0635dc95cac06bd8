/*
** CWeftArena.h - jemalloc arenas for Weft's C core.
**
** Every C target allocates from an arena of its own so that the memory each
** subsystem holds can be read at any time (weft_arena_stats). Two kinds exist:
**
**   Subsystem arenas  one per subsystem (diff results, element map, dealloc
**                     queue), created on first use with "arenas.create" and
**                     kept for the life of the process. Never reset: other
**                     code holds pointers into them.
**   Scratch arenas    a pool of arenas leased for one operation (a diff, a
**                     validation pass). The operation allocates freely and
**                     the lease ends with one "arena.<i>.reset", which frees a
**                     million objects in under a millisecond where freeing
**                     them one by one takes ~170 ms. Arenas are reset and
**                     reused, never destroyed and recreated (~90 us each).
**
** Every mallocx/dallocx passes MALLOCX_TCACHE_NONE: a region parked in a
** thread cache would outlive a reset and corrupt the heap.
**
** Threading: every function is thread-safe. A scratch lease belongs to the
** thread that acquired it; only that thread may reset or release it (others
** get WEFT_EBUSY), and no thread may touch its memory after a reset.
*/
#ifndef CWEFT_ARENA_H
#define CWEFT_ARENA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Nullability qualifiers tell Swift which pointers may be nil. They are clang
** extensions (the warning check in scripts/test compiles with clang too); any
** other compiler reads them as nothing. */
#if !defined(__clang__)
#define _Nonnull
#define _Nullable
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Result of every fallible call in Weft's C core. On error nothing changed. */
typedef enum weft_rc {
    WEFT_OK = 0,        /* success */
    WEFT_ENOMEM = 1,    /* an arena could not supply the memory */
    WEFT_EINVAL = 2,    /* malformed argument: unknown id, stale lease, bad size */
    WEFT_ERANGE = 3,    /* an index or count is out of bounds */
    WEFT_EBUSY = 4,     /* leased by another thread, or every pool slot is leased */
    WEFT_EALLOCATOR = 5 /* jemalloc refused a mallctl (see errno-style detail) */
} weft_rc;

/* The subsystems that own an arena. WEFT_SUBSYSTEM_COUNT is not one. */
typedef enum weft_subsystem {
    WEFT_SUBSYSTEM_DIFF = 0,
    WEFT_SUBSYSTEM_ELEMENT_MAP = 1,
    WEFT_SUBSYSTEM_DEALLOC_QUEUE = 2,
    WEFT_SUBSYSTEM_COUNT = 3
} weft_subsystem;

typedef struct weft_arena_s weft_arena_t;
typedef struct weft_scratch_s weft_scratch_t;

/* What an arena (or, for the scratch pool, all of its arenas) holds now. */
typedef struct weft_arena_stats {
    uint64_t allocated_bytes;  /* bytes in live allocations, as jemalloc rounds them */
    uint64_t active_bytes;     /* bytes of pages in active use (pactive x page size) */
    uint64_t allocation_count; /* allocations ever made */
    uint64_t live_allocations; /* allocations neither freed nor reset away */
    uint64_t reset_count;      /* resets ever performed */
    uint32_t arena_count;      /* jemalloc arenas summed into this record */
} weft_arena_stats;

/* ---- subsystem arenas ------------------------------------------------- */

/* Store the arena of subsystem 's' in *out, creating it on first use.
** WEFT_EINVAL for an unknown subsystem, WEFT_EALLOCATOR if jemalloc refuses. */
weft_rc weft_arena_for(weft_subsystem s, weft_arena_t *_Nullable *_Nonnull out);

/* Human-readable name of a subsystem ("diff", "element-map", ...); NULL if unknown. */
const char *_Nullable weft_subsystem_name(weft_subsystem s);

/* ---- allocation (any arena, subsystem or scratch) ---------------------- */

/* Allocate 'size' bytes aligned for any scalar type. NULL if size is 0 or the
** arena is out of memory; a zero size is refused because mallocx(0) is undefined. */
void *_Nullable weft_arena_alloc(weft_arena_t *_Nonnull a, size_t size);

/* As weft_arena_alloc, zero-filled, for count * size bytes. NULL on overflow. */
void *_Nullable weft_arena_calloc(weft_arena_t *_Nonnull a, size_t count, size_t size);

/* As weft_arena_alloc with an explicit power-of-two alignment. NULL if
** 'alignment' is not a power of two. */
void *_Nullable weft_arena_alloc_aligned(weft_arena_t *_Nonnull a, size_t size, size_t alignment);

/* Grow or shrink an allocation of 'a', keeping its contents. NULL (and 'p'
** untouched) on failure or when new_size is 0. A NULL 'p' allocates. */
void *_Nullable weft_arena_realloc(weft_arena_t *_Nonnull a, void *_Nullable p, size_t new_size);

/* Free one allocation of 'a'. NULL is ignored. */
void weft_arena_free(weft_arena_t *_Nonnull a, void *_Nullable p);

/* ---- statistics ------------------------------------------------------- */

/* Refresh jemalloc's statistics epoch and fill *out for arena 'a'. */
weft_rc weft_arena_stats_get(const weft_arena_t *_Nonnull a, weft_arena_stats *_Nonnull out);

/* Statistics of subsystem 's' without creating its arena (zeros until first use). */
weft_rc weft_subsystem_stats(weft_subsystem s, weft_arena_stats *_Nonnull out);

/* Statistics summed over every arena the scratch pool has created. */
weft_rc weft_scratch_pool_stats(weft_arena_stats *_Nonnull out);

/* Bytes the calling thread has allocated through jemalloc since it started
** (jemalloc's "thread.allocated": usable sizes, every arena, malloc included
** while jemalloc serves it), stored in *out. Never decreases; frees do not
** lower it. WEFT_EALLOCATOR if jemalloc refuses the read (built without
** statistics); *out unchanged then. It cannot tell whether jemalloc serves
** this process's malloc: when another allocator does (AddressSanitizer's),
** the read succeeds but the counter stands still, so callers that depend on
** it allocate a probe block and check that the counter grew. One mallctl. */
weft_rc weft_arena_thread_allocated(uint64_t *_Nonnull out);

/* ---- the process's allocator -------------------------------------------- */

/* How long freed pages stay with jemalloc before they go back to the system
** (jemalloc's dirty_decay_ms: -1 never, 0 at once), for every arena: the
** default of arenas made later and the setting of each one made already.
** Linking Weft makes jemalloc the malloc of the whole process, GTK's and
** Swift's included, so this is the process's setting, chosen by the caller.
** WEFT_EINVAL below -1, WEFT_EALLOCATOR if jemalloc refuses a write (arenas
** set before the refusal keep the new value). O(arenas) mallctl calls. */
weft_rc weft_allocator_set_dirty_decay(int64_t milliseconds);

/* The setting above for arenas made from now on (jemalloc's default: 10 s). */
weft_rc weft_allocator_dirty_decay(int64_t *_Nonnull out);

/* ---- scratch arenas ----------------------------------------------------- */

/* Lease an idle scratch arena (creating one if none is idle) for the calling
** thread. WEFT_EBUSY when all WEFT_SCRATCH_POOL_CAPACITY slots are leased. */
weft_rc weft_scratch_acquire(weft_scratch_t *_Nullable *_Nonnull out);

/* The arena behind a lease, for the weft_arena_* allocation calls. */
weft_arena_t *_Nonnull weft_scratch_arena(weft_scratch_t *_Nonnull s);

/* Free everything allocated from the lease at once; the lease stays held.
** WEFT_EBUSY if another thread holds it, WEFT_EINVAL if it is not leased. */
weft_rc weft_scratch_reset(weft_scratch_t *_Nonnull s);

/* Reset the lease and return its arena to the pool. Same errors as reset;
** on error the lease is unchanged. */
weft_rc weft_scratch_release(weft_scratch_t *_Nonnull s);

/* How many scratch leases can be held at once. */
#define WEFT_SCRATCH_POOL_CAPACITY 256

/* Arenas the pool has created so far, and how many of them are idle. */
void weft_scratch_pool_counts(uint32_t *_Nonnull created, uint32_t *_Nonnull idle);

/* Walk the scratch pool and check every invariant: each slot is either idle
** (on the idle stack exactly once) or leased (owned by a thread), and counts
** agree. Returns true in builds without WEFT_DEBUG. For tests and assert(). */
bool weft_scratch_pool_check_invariants(void);

#ifdef __cplusplus
}
#endif

#endif /* CWEFT_ARENA_H */

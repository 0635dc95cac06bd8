/*
** CWeftDeallocQueue.h - off-thread, prompt, bounded release of objects.
**
** What: a queue that takes ownership of objects, as (pointer, release function)
** pairs, from any thread and calls each release function exactly once on one
** background thread, so that a container dying with a hundred thousand nodes
** costs its caller microseconds instead of a visible hitch.
**
** Workload: bursts. A container dies and hands over one entry that stands for
** its whole tree, or a loop hands over tens of thousands of single objects;
** then nothing for a long while. Pushes outnumber everything else; statistics
** and drains are rare (reports, tests, shutdown).
**
** Costs: a push is one uncontended mutex acquisition and a 16-byte store;
** one push in about 126 also takes a monotonic clock reading and, when no
** spare block is cached, one arena allocation (under the lock). A push that
** finds the queue idle also wakes the background thread. A push never waits
** for a release, except when the bound below is exceeded.
**
** Design:
**   Entries sit in blocks of WEFT_DEALLOC_BLOCK_CAPACITY (2 KiB each) on a
**   singly linked list in push order. The background thread sleeps until the
**   first entry arrives, then waits one coalescing window (about 1 ms) so a
**   burst becomes one batch, swaps the whole list out under the lock and calls
**   the release functions with the lock released. Released blocks return to a
**   small cache, so a steady stream allocates nothing.
**   The window is short on purpose: Texture's ASDeallocQueue waited 100 ms and
**   was removed because deferred release raised peak memory into OOM crashes.
**   Bounded: when the objects waiting (pushed, not yet taken by a releaser)
**   reach half the pending limit the window ends early; when they reach the
**   limit, the pushing thread takes the waiting list and releases it itself.
**   So at most limit + (largest single push) objects wait, plus one batch in
**   the background thread's hands and one per helping producer.
**   Latency (push to release) is stamped per block, when its first entry
**   arrives, so it is an upper bound for every entry of the block; it feeds a
**   fixed histogram of 4 buckets per power of two of nanoseconds.
**
** Threading: every function is thread-safe except weft_dealloc_destroy, which
** must be the last call on a queue (it may run on any thread, including the
** queue's own background thread from inside a release function). Release
** functions run outside the queue's lock, in push order, and may push onto
** any queue. The background thread runs under SCHED_BATCH (utility QoS on
** Apple platforms), so that waking it does not preempt the producer.
**
** Memory: queues and blocks come from the dealloc-queue arena
** (weft_arena_for(WEFT_SUBSYSTEM_DEALLOC_QUEUE)), so MemoryReport shows them.
*/
#ifndef CWEFT_DEALLOC_QUEUE_H
#define CWEFT_DEALLOC_QUEUE_H

#include "CWeftArena.h"

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

typedef struct weft_dealloc_queue_s weft_dealloc_queue_t;

/* Gives up the reference 'object' stands for. Called exactly once per push. */
typedef void (*weft_dealloc_release_fn)(void *_Nonnull object);

/* Entries per block: a block (header and entries) fills 2 KiB. */
#define WEFT_DEALLOC_BLOCK_CAPACITY 126

/* The longest coalescing window a queue accepts: one second. */
#define WEFT_DEALLOC_MAX_WINDOW_NS 1000000000ull

/* Buckets of the latency histogram: 4 per power of two of nanoseconds. */
#define WEFT_DEALLOC_LATENCY_BUCKETS 256

/* How a queue behaves; weft_dealloc_config_default() gives the recommended one. */
typedef struct weft_dealloc_config {
    uint64_t window_ns;     /* coalescing window, 0 ... WEFT_DEALLOC_MAX_WINDOW_NS */
    uint64_t pending_limit; /* objects waiting before producers help; >= 1 */
} weft_dealloc_config;

/* Counters of a queue since its creation. Objects, not entries: an entry
** pushed with weft_dealloc_push_owner counts as 'object_count' objects. */
typedef struct weft_dealloc_stats {
    uint64_t enqueued;         /* objects pushed */
    uint64_t released;         /* objects whose release function returned */
    uint64_t pending;          /* enqueued - released: waiting or being released */
    uint64_t peak_pending;     /* largest 'pending' seen after a push */
    uint64_t batches;          /* batches released by the background thread */
    uint64_t helped_batches;   /* batches released by producers over the limit */
    uint64_t max_latency_ns;   /* longest push-to-release time (block upper bound) */
    uint64_t p99_latency_ns;   /* 99th percentile of it, per object (bucket upper bound) */
} weft_dealloc_stats;

/* A 1 ms window and a limit of 65,536 waiting objects. */
weft_dealloc_config weft_dealloc_config_default(void);

/* Create a queue and start its background thread; store it in *out.
** WEFT_ERANGE if window_ns > WEFT_DEALLOC_MAX_WINDOW_NS, WEFT_EINVAL if
** pending_limit is 0, WEFT_EALLOCATOR if the arena is unavailable, WEFT_ENOMEM
** if memory or the thread cannot be had. On error *out is unchanged. */
weft_rc weft_dealloc_create(const weft_dealloc_config *_Nonnull config,
                            weft_dealloc_queue_t *_Nullable *_Nonnull out);

/* Release everything still queued, stop the background thread and free the
** queue. Called on the background thread itself (from a release function),
** it returns at once and the thread finishes the work and frees the queue. */
void weft_dealloc_destroy(weft_dealloc_queue_t *_Nonnull q);

/* Take ownership of 'object': release(object) will be called exactly once,
** on the background thread, or on this thread if the bound is exceeded.
** WEFT_ENOMEM if no block could be allocated; then the caller still owns it. */
weft_rc weft_dealloc_push(weft_dealloc_queue_t *_Nonnull q, void *_Nonnull object,
                          weft_dealloc_release_fn _Nonnull release);

/* As weft_dealloc_push, for one entry whose release frees 'object_count'
** objects (an array of nodes, a subtree): the bound and statistics count them
** all. WEFT_EINVAL for 'object_count' 0. */
weft_rc weft_dealloc_push_owner(weft_dealloc_queue_t *_Nonnull q, void *_Nonnull object,
                                weft_dealloc_release_fn _Nonnull release, uint64_t object_count);

/* Push 'count' objects that share one release function, under one lock
** acquisition. All or nothing: WEFT_ENOMEM leaves every object with the caller. */
weft_rc weft_dealloc_push_many(weft_dealloc_queue_t *_Nonnull q,
                               void *_Nonnull const *_Nonnull objects, size_t count,
                               weft_dealloc_release_fn _Nonnull release);

/* Block until every object pushed before this call has been released; cuts
** the coalescing window short. WEFT_EBUSY when called from a release function
** this queue is running (the wait could never end); nothing is waited for then. */
weft_rc weft_dealloc_drain(weft_dealloc_queue_t *_Nonnull q);

/* Copy the queue's counters into *out. */
void weft_dealloc_stats_get(weft_dealloc_queue_t *_Nonnull q, weft_dealloc_stats *_Nonnull out);

/* The configuration the queue was created with. */
weft_dealloc_config weft_dealloc_config_get(const weft_dealloc_queue_t *_Nonnull q);

/* Walk the queue and check every invariant: block list and tail agree, entry
** and object counts match the counters, the cache is within its cap, releases
** in flight cover ordered ranges, the histogram holds every released object.
** Returns true in builds without WEFT_DEBUG. For tests and assert(). */
bool weft_dealloc_check_invariants(weft_dealloc_queue_t *_Nonnull q);

#ifdef __cplusplus
}
#endif

#endif /* CWEFT_DEALLOC_QUEUE_H */

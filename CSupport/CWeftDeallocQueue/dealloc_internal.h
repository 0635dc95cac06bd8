/*
** dealloc_internal.h - layout of a dealloc queue, shared by its .c files.
*/
#ifndef CWEFT_DEALLOC_INTERNAL_H
#define CWEFT_DEALLOC_INTERNAL_H

#include "CWeftDeallocQueue.h"

#include <pthread.h>

/* Spare blocks kept for reuse (64 KiB): enough for a burst of ~4,000 single
** pushes without touching the arena, small enough not to matter. */
#define DEALLOC_CACHE_CAPACITY 32

struct entry {
    void *object;
    weft_dealloc_release_fn release;
};

/* A run of entries in push order, all waiting until the block is released as
** part of a batch. 'stamp_ns' is the monotonic time of the first push into the
** block while it waits; after a release it holds the block's latency instead.
** Every block on the waiting list holds at least one entry, and every block
** but the tail is full. */
struct block {
    struct block *next;
    uint64_t stamp_ns;
    uint32_t count;   /* entries used */
    uint64_t objects; /* objects the entries stand for; >= count */
    struct entry entries[WEFT_DEALLOC_BLOCK_CAPACITY];
};

/* A batch some thread took from the waiting list and is releasing. It lives
** on that thread's stack and is linked into the queue while in flight, so that
** a drain knows which objects are still on their way. Objects are numbered in
** push order; the batch holds the numbers [first, end). */
struct flight {
    struct flight *next;
    pthread_t owner;
    uint64_t first;
    uint64_t end;
};

struct weft_dealloc_queue_s {
    weft_arena_t *arena;
    weft_dealloc_config config;
    pthread_t thread;        /* the background thread */
    pthread_mutex_t lock;
    pthread_cond_t work;     /* the background thread waits here for entries */
    pthread_cond_t progress; /* drains wait here for batches to finish */

    /* Everything below is guarded by 'lock'. */
    struct block *head;      /* oldest waiting block, or NULL */
    struct block *tail;      /* newest waiting block, or NULL */
    uint64_t waiting;        /* objects in the waiting list */
    struct block *cache;     /* spare blocks, linked through 'next' */
    uint32_t cached;
    uint32_t drainers;       /* threads inside weft_dealloc_drain */
    struct flight *flights;  /* batches being released */
    bool urgent;             /* waiting reached half the limit: skip the window */
    bool stopping;           /* destroy was called: release everything, then exit */
    bool free_on_exit;       /* destroy ran on the background thread */

    uint64_t enqueued;
    uint64_t released;
    uint64_t peak_pending;
    uint64_t batches;
    uint64_t helped_batches;
    uint64_t max_latency_ns;
    uint64_t histogram[WEFT_DEALLOC_LATENCY_BUCKETS]; /* objects per latency bucket */
};

/* Histogram bucket of a latency, and the largest latency a bucket holds. */
uint32_t weft_dealloc_bucket(uint64_t latency_ns);
uint64_t weft_dealloc_bucket_limit(uint32_t bucket);

/* Count 'objects' released after 'latency_ns' in the counters and histogram.
** Caller holds q->lock. */
void weft_dealloc_record_latency(weft_dealloc_queue_t *q, uint64_t latency_ns, uint64_t objects);

#endif

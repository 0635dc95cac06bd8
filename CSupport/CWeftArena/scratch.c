/*
** scratch.c - the pool of reusable scratch arenas.
**
** Workload: one lease per operation (a diff, a validation pass), from any
** thread, a few thousand per second at most; each lease allocates many small
** and a few large blocks and ends with a reset. Creating an arena costs ~90 us
** and a fresh one re-faults its pages, so arenas are created on demand, up to
** the most leases ever held at once, and then reused forever.
**
** Design: a fixed table of WEFT_SCRATCH_POOL_CAPACITY slots (no allocation to
** manage the allocator) and a stack of idle slot numbers, both under one
** mutex that is held only to push or pop. The reset itself runs outside the
** lock: only the owning thread may reset, so nothing else can race it.
*/
#include "arena_internal.h"

#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <jemalloc/jemalloc.h>

struct weft_scratch_s {
    struct weft_arena_s arena; /* first member: a lease is also its arena */
    bool leased;               /* guarded by pool_lock */
    pthread_t owner;           /* valid while leased; guarded by pool_lock */
};

static struct weft_scratch_s pool[WEFT_SCRATCH_POOL_CAPACITY];
static uint32_t idle_stack[WEFT_SCRATCH_POOL_CAPACITY];
static uint32_t idle_count;    /* guarded by pool_lock */
static uint32_t created_count; /* guarded by pool_lock; slots [0, created) have arenas */
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;

/* Create the arena of a new scratch slot. jemalloc purges a freed extent larger
** than its oversize threshold (8 MiB by default) at once, so every lease of a
** scratch arena that held one would fault all of its pages in again (a 10 MB
** diff spent 5 ms in page faults). Scratch arenas exist to be reset and reused,
** so their large extents stay cached like small ones and decay normally. */
static weft_rc create_scratch_arena(struct weft_arena_s *a) {
    weft_rc rc = weft_arena_init_record(a);
    if (rc != WEFT_OK) return rc;
    char name[64];
    snprintf(name, sizeof(name), "arena.%u.oversize_threshold", a->index);
    size_t threshold = SIZE_MAX;
    /* Best effort: without the setting the arena still works, only slower. */
    (void)mallctl(name, NULL, NULL, &threshold, sizeof(threshold));
    return WEFT_OK;
}

weft_rc weft_scratch_acquire(weft_scratch_t **out) {
    weft_rc rc = WEFT_OK;
    struct weft_scratch_s *s = NULL;
    pthread_mutex_lock(&pool_lock);
    if (idle_count > 0) {
        s = &pool[idle_stack[--idle_count]];
    } else if (created_count < WEFT_SCRATCH_POOL_CAPACITY) {
        /* Creating under the lock is rare (only when concurrency reaches a new
        ** high) and keeps slot numbering dense. */
        rc = create_scratch_arena(&pool[created_count].arena);
        if (rc == WEFT_OK) s = &pool[created_count++];
    } else {
        rc = WEFT_EBUSY;
    }
    if (s != NULL) {
        assert(!s->leased);
        s->leased = true;
        s->owner = pthread_self();
        *out = s;
    }
    pthread_mutex_unlock(&pool_lock);
    return rc;
}

weft_arena_t *weft_scratch_arena(weft_scratch_t *s) {
    return &s->arena;
}

/* WEFT_OK when the calling thread holds lease 's'. */
static weft_rc check_owner(const struct weft_scratch_s *s) {
    if (s < pool || s >= pool + WEFT_SCRATCH_POOL_CAPACITY) return WEFT_EINVAL;
    pthread_mutex_lock(&pool_lock);
    weft_rc rc = !s->leased ? WEFT_EINVAL
               : !pthread_equal(s->owner, pthread_self()) ? WEFT_EBUSY
               : WEFT_OK;
    pthread_mutex_unlock(&pool_lock);
    return rc;
}

static weft_rc reset_arena(struct weft_scratch_s *s) {
    char name[64];
    snprintf(name, sizeof(name), "arena.%u.reset", s->arena.index);
    if (mallctl(name, NULL, NULL, NULL, 0) != 0) return WEFT_EALLOCATOR;
    weft_arena_note_reset(&s->arena);
    return WEFT_OK;
}

weft_rc weft_scratch_reset(weft_scratch_t *s) {
    weft_rc rc = check_owner(s);
    return rc == WEFT_OK ? reset_arena(s) : rc;
}

weft_rc weft_scratch_release(weft_scratch_t *s) {
    weft_rc rc = check_owner(s);
    if (rc == WEFT_OK) rc = reset_arena(s);
    if (rc != WEFT_OK) return rc;
    pthread_mutex_lock(&pool_lock);
    s->leased = false;
    idle_stack[idle_count++] = (uint32_t)(s - pool);
    assert(idle_count <= created_count);
    pthread_mutex_unlock(&pool_lock);
    return WEFT_OK;
}

void weft_scratch_pool_counts(uint32_t *created, uint32_t *idle) {
    pthread_mutex_lock(&pool_lock);
    *created = created_count;
    *idle = idle_count;
    pthread_mutex_unlock(&pool_lock);
}

weft_rc weft_scratch_pool_stats(weft_arena_stats *out) {
    weft_arena_stats acc;
    memset(&acc, 0, sizeof(acc));
    pthread_mutex_lock(&pool_lock);
    /* Refresh under the lock: jemalloc's stats snapshot knows only the arenas that
    ** existed at the refresh, and a lease may create one in between otherwise. */
    weft_rc rc = weft_arena_refresh_epoch();
    for (uint32_t i = 0; i < created_count && rc == WEFT_OK; i++) {
        rc = weft_arena_stats_accumulate(&pool[i].arena, &acc);
    }
    pthread_mutex_unlock(&pool_lock);
    if (rc == WEFT_OK) *out = acc;
    return rc;
}

bool weft_scratch_pool_check_invariants(void) {
#ifdef WEFT_DEBUG
    bool ok = true;
    bool on_stack[WEFT_SCRATCH_POOL_CAPACITY];
    memset(on_stack, 0, sizeof(on_stack));
    pthread_mutex_lock(&pool_lock);
    if (created_count > WEFT_SCRATCH_POOL_CAPACITY || idle_count > created_count) ok = false;
    for (uint32_t i = 0; ok && i < idle_count; i++) {
        uint32_t slot = idle_stack[i];
        /* Each idle slot is a created arena, appears once, and is not leased. */
        if (slot >= created_count || on_stack[slot] || pool[slot].leased) ok = false;
        else on_stack[slot] = true;
    }
    uint32_t leased = 0;
    for (uint32_t i = 0; ok && i < created_count; i++) {
        if (!atomic_load_explicit(&pool[i].arena.ready, memory_order_relaxed)) ok = false;
        if (pool[i].leased) leased++;
        else if (!on_stack[i]) ok = false; /* neither leased nor idle: lost */
    }
    for (uint32_t i = created_count; ok && i < WEFT_SCRATCH_POOL_CAPACITY; i++) {
        if (pool[i].leased) ok = false;
    }
    if (ok && leased + idle_count != created_count) ok = false;
    pthread_mutex_unlock(&pool_lock);
    return ok;
#else
    return true;
#endif
}

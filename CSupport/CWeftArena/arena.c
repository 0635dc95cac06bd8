/*
** arena.c - subsystem arenas, allocation through any arena, statistics, the
** per-thread allocation counter.
**
** Workload: the element map and dealloc queue allocate small fixed-size nodes
** at high rates from several threads; statistics are read rarely (a report,
** a test). So allocation is one mallocx plus two relaxed atomic adds, and all
** the cost of statistics (an epoch refresh, a handful of mallctl reads) sits
** on the read side.
**
** Design: a static table holds one record per subsystem. A record becomes
** ready at most once, under a mutex, and is read lock-free afterwards through
** its acquire-ordered ready flag.
*/
#include "arena_internal.h"

#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <jemalloc/jemalloc.h>

static struct weft_arena_s subsystem_arenas[WEFT_SUBSYSTEM_COUNT];
static pthread_mutex_t subsystem_lock = PTHREAD_MUTEX_INITIALIZER;

static const char *const subsystem_names[WEFT_SUBSYSTEM_COUNT] = {
    [WEFT_SUBSYSTEM_DIFF] = "diff",
    [WEFT_SUBSYSTEM_ELEMENT_MAP] = "element-map",
    [WEFT_SUBSYSTEM_DEALLOC_QUEUE] = "dealloc-queue",
};

/* Flags for every mallocx into 'a'. No thread cache: see the header. */
static int arena_flags(const struct weft_arena_s *a) {
    return MALLOCX_ARENA(a->index) | MALLOCX_TCACHE_NONE;
}

weft_rc weft_arena_init_record(struct weft_arena_s *a) {
    unsigned index = 0;
    size_t len = sizeof(index);
    if (mallctl("arenas.create", &index, &len, NULL, 0) != 0) return WEFT_EALLOCATOR;
    a->index = index;
    atomic_store_explicit(&a->allocations, 0, memory_order_relaxed);
    atomic_store_explicit(&a->live, 0, memory_order_relaxed);
    atomic_store_explicit(&a->resets, 0, memory_order_relaxed);
    atomic_store_explicit(&a->ready, true, memory_order_release);
    return WEFT_OK;
}

weft_rc weft_arena_for(weft_subsystem s, weft_arena_t **out) {
    if ((unsigned)s >= WEFT_SUBSYSTEM_COUNT) return WEFT_EINVAL;
    struct weft_arena_s *a = &subsystem_arenas[s];
    if (atomic_load_explicit(&a->ready, memory_order_acquire)) {
        *out = a;
        return WEFT_OK;
    }
    weft_rc rc = WEFT_OK;
    pthread_mutex_lock(&subsystem_lock);
    if (!atomic_load_explicit(&a->ready, memory_order_relaxed)) rc = weft_arena_init_record(a);
    pthread_mutex_unlock(&subsystem_lock);
    if (rc == WEFT_OK) *out = a;
    return rc;
}

const char *weft_subsystem_name(weft_subsystem s) {
    if ((unsigned)s >= WEFT_SUBSYSTEM_COUNT) return NULL;
    return subsystem_names[s];
}

static void note_allocation(struct weft_arena_s *a) {
    atomic_fetch_add_explicit(&a->allocations, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&a->live, 1, memory_order_relaxed);
}

void *weft_arena_alloc(weft_arena_t *a, size_t size) {
    assert(atomic_load_explicit(&a->ready, memory_order_relaxed));
    if (size == 0) return NULL;
    void *p = mallocx(size, arena_flags(a));
    if (p != NULL) note_allocation(a);
    return p;
}

void *weft_arena_calloc(weft_arena_t *a, size_t count, size_t size) {
    assert(atomic_load_explicit(&a->ready, memory_order_relaxed));
    if (count == 0 || size == 0 || count > SIZE_MAX / size) return NULL;
    void *p = mallocx(count * size, arena_flags(a) | MALLOCX_ZERO);
    if (p != NULL) note_allocation(a);
    return p;
}

void *weft_arena_alloc_aligned(weft_arena_t *a, size_t size, size_t alignment) {
    assert(atomic_load_explicit(&a->ready, memory_order_relaxed));
    if (size == 0 || alignment == 0 || (alignment & (alignment - 1)) != 0) return NULL;
    void *p = mallocx(size, arena_flags(a) | MALLOCX_ALIGN(alignment));
    if (p != NULL) note_allocation(a);
    return p;
}

void *weft_arena_realloc(weft_arena_t *a, void *p, size_t new_size) {
    if (p == NULL) return weft_arena_alloc(a, new_size);
    if (new_size == 0) return NULL;
    /* rallocx keeps the region in the arena named by the flags; the live count
    ** does not change because one allocation replaces another. */
    return rallocx(p, new_size, arena_flags(a));
}

void weft_arena_free(weft_arena_t *a, void *p) {
    if (p == NULL) return;
    dallocx(p, MALLOCX_TCACHE_NONE);
    atomic_fetch_sub_explicit(&a->live, 1, memory_order_relaxed);
}

void weft_arena_note_reset(struct weft_arena_s *a) {
    atomic_store_explicit(&a->live, 0, memory_order_relaxed);
    atomic_fetch_add_explicit(&a->resets, 1, memory_order_relaxed);
}

weft_rc weft_arena_refresh_epoch(void) {
    uint64_t epoch = 1;
    size_t len = sizeof(epoch);
    return mallctl("epoch", &epoch, &len, &epoch, len) == 0 ? WEFT_OK : WEFT_EALLOCATOR;
}

/* Read one statistic of arena 'index'; 'leaf' names it below stats.arenas.<i>. */
static int read_stat(unsigned index, const char *leaf, void *value, size_t len) {
    char name[96];
    snprintf(name, sizeof(name), "stats.arenas.%u.%s", index, leaf);
    return mallctl(name, value, &len, NULL, 0);
}

weft_rc weft_arena_stats_accumulate(const struct weft_arena_s *a, weft_arena_stats *acc) {
    size_t small = 0, large = 0, pactive = 0, page = 0;
    size_t len = sizeof(page);
    if (read_stat(a->index, "small.allocated", &small, sizeof(small)) != 0 ||
        read_stat(a->index, "large.allocated", &large, sizeof(large)) != 0 ||
        read_stat(a->index, "pactive", &pactive, sizeof(pactive)) != 0 ||
        mallctl("arenas.page", &page, &len, NULL, 0) != 0) {
        return WEFT_EALLOCATOR;
    }
    int64_t live = atomic_load_explicit(&a->live, memory_order_relaxed);
    acc->allocated_bytes += (uint64_t)small + (uint64_t)large;
    acc->active_bytes += (uint64_t)pactive * (uint64_t)page;
    acc->allocation_count += atomic_load_explicit(&a->allocations, memory_order_relaxed);
    /* A free racing a snapshot can briefly run ahead of its allocation's count. */
    acc->live_allocations += live > 0 ? (uint64_t)live : 0;
    acc->reset_count += atomic_load_explicit(&a->resets, memory_order_relaxed);
    acc->arena_count += 1;
    return WEFT_OK;
}

weft_rc weft_arena_stats_get(const weft_arena_t *a, weft_arena_stats *out) {
    weft_rc rc = weft_arena_refresh_epoch();
    if (rc != WEFT_OK) return rc;
    weft_arena_stats acc;
    memset(&acc, 0, sizeof(acc));
    rc = weft_arena_stats_accumulate(a, &acc);
    if (rc == WEFT_OK) *out = acc;
    return rc;
}

weft_rc weft_subsystem_stats(weft_subsystem s, weft_arena_stats *out) {
    if ((unsigned)s >= WEFT_SUBSYSTEM_COUNT) return WEFT_EINVAL;
    const struct weft_arena_s *a = &subsystem_arenas[s];
    if (!atomic_load_explicit(&a->ready, memory_order_acquire)) {
        memset(out, 0, sizeof(*out));
        return WEFT_OK;
    }
    return weft_arena_stats_get(a, out);
}

weft_rc weft_arena_thread_allocated(uint64_t *out) {
    /* Per-thread and kept by jemalloc on every allocation: no epoch refresh. */
    uint64_t allocated = 0;
    size_t len = sizeof(allocated);
    if (mallctl("thread.allocated", &allocated, &len, NULL, 0) != 0) return WEFT_EALLOCATOR;
    *out = allocated;
    return WEFT_OK;
}

weft_rc weft_allocator_set_dirty_decay(int64_t milliseconds) {
    if (milliseconds < -1) return WEFT_EINVAL;
    ssize_t value = (ssize_t)milliseconds;
    if (mallctl("arenas.dirty_decay_ms", NULL, NULL, &value, sizeof(value)) != 0) return WEFT_EALLOCATOR;
    unsigned count = 0;
    size_t len = sizeof(count);
    if (mallctl("arenas.narenas", &count, &len, NULL, 0) != 0) return WEFT_EALLOCATOR;
    for (unsigned i = 0; i < count; i++) {
        char name[64];
        snprintf(name, sizeof(name), "arena.%u.dirty_decay_ms", i);
        int rc = mallctl(name, NULL, NULL, &value, sizeof(value));
        /* An automatic arena no thread has used yet answers EFAULT; when it
        ** starts it takes the default written above. */
        if (rc != 0 && rc != EFAULT) return WEFT_EALLOCATOR;
    }
    return WEFT_OK;
}

weft_rc weft_allocator_dirty_decay(int64_t *out) {
    assert(out != NULL);
    ssize_t value = 0;
    size_t len = sizeof(value);
    if (mallctl("arenas.dirty_decay_ms", &value, &len, NULL, 0) != 0) return WEFT_EALLOCATOR;
    *out = (int64_t)value;
    return WEFT_OK;
}

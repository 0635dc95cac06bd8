/*
** dealloc_check.c - weft_dealloc_check_invariants (WEFT_DEBUG builds only).
**
** Walks every structure the lock guards. Costs O(blocks waiting + cached +
** batches in flight squared + histogram buckets); tests call it between
** steps, never on a hot path.
*/
#include "dealloc_internal.h"

#ifdef WEFT_DEBUG
/* The waiting list: tail is its last block, every block holds at least one
** entry (at least one object each), all but the tail are full, and the objects
** add up to 'waiting'. Bounded by 'waiting' steps, so a cycle fails. */
static bool waiting_list_holds(const weft_dealloc_queue_t *q) {
    if ((q->head == NULL) != (q->tail == NULL)) return false;
    uint64_t objects = 0, steps = 0;
    for (const struct block *b = q->head; b != NULL; b = b->next) {
        if (++steps > q->waiting) return false;
        if (b->count == 0 || b->count > WEFT_DEALLOC_BLOCK_CAPACITY) return false;
        if (b->objects < b->count) return false;
        if (b->next == NULL ? b != q->tail : b->count != WEFT_DEALLOC_BLOCK_CAPACITY) return false;
        for (uint32_t i = 0; i < b->count; i++) {
            if (b->entries[i].object == NULL || b->entries[i].release == NULL) return false;
        }
        objects += b->objects;
    }
    return objects == q->waiting;
}

static bool cache_holds(const weft_dealloc_queue_t *q) {
    uint32_t n = 0;
    for (const struct block *b = q->cache; b != NULL; b = b->next) {
        if (++n > DEALLOC_CACHE_CAPACITY) return false;
    }
    return n == q->cached;
}

/* Batches in flight hold disjoint ranges of objects already taken from the
** waiting list; with the list and the released count they cover every object. */
static bool flights_hold(const weft_dealloc_queue_t *q) {
    if (q->waiting > q->enqueued) return false;
    uint64_t taken = q->enqueued - q->waiting, in_flight = 0;
    for (const struct flight *f = q->flights; f != NULL; f = f->next) {
        if (f->first >= f->end || f->end > taken) return false;
        for (const struct flight *g = f->next; g != NULL; g = g->next) {
            if (f->first < g->end && g->first < f->end) return false;
        }
        in_flight += f->end - f->first;
    }
    return q->released + in_flight + q->waiting == q->enqueued;
}

static bool counters_hold(const weft_dealloc_queue_t *q) {
    uint64_t histogram = 0;
    for (uint32_t b = 0; b < WEFT_DEALLOC_LATENCY_BUCKETS; b++) histogram += q->histogram[b];
    return histogram == q->released && q->peak_pending >= q->enqueued - q->released &&
           (q->released == 0 || q->batches + q->helped_batches > 0);
}
#endif

bool weft_dealloc_check_invariants(weft_dealloc_queue_t *q) {
#ifdef WEFT_DEBUG
    pthread_mutex_lock(&q->lock);
    bool ok = waiting_list_holds(q) && cache_holds(q) && flights_hold(q) && counters_hold(q);
    pthread_mutex_unlock(&q->lock);
    return ok;
#else
    (void)q;
    return true;
#endif
}

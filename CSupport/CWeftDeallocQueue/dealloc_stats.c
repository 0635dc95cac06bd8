/*
** dealloc_stats.c - the latency histogram and the statistics snapshot.
**
** Latencies span nanoseconds (a drain of one entry) to seconds (a release
** stuck behind a slow deinitializer), so the histogram is logarithmic: four
** buckets per power of two, which bounds a percentile's error to 25% with a
** fixed 2 KiB per queue and O(1) recording.
*/
#include "dealloc_internal.h"

#include <string.h>

uint32_t weft_dealloc_bucket(uint64_t latency_ns) {
    if (latency_ns < 4) return (uint32_t)latency_ns;
    /* Power of two e >= 2, then the two bits below the leading one. */
    uint32_t e = 63 - (uint32_t)__builtin_clzll(latency_ns);
    return 4 * (e - 1) + (uint32_t)((latency_ns >> (e - 2)) & 3);
}

uint64_t weft_dealloc_bucket_limit(uint32_t bucket) {
    if (bucket < 4) return bucket;
    /* Bucket 4(e-1)+s holds [(4+s) << (e-2), (5+s) << (e-2)). */
    uint32_t shift = bucket / 4 - 1;
    uint64_t top = 5 + bucket % 4;
    if (shift >= 61 && top > (UINT64_MAX >> shift)) return UINT64_MAX;
    return (top << shift) - 1;
}

void weft_dealloc_record_latency(weft_dealloc_queue_t *q, uint64_t latency_ns, uint64_t objects) {
    q->histogram[weft_dealloc_bucket(latency_ns)] += objects;
    q->released += objects;
    if (latency_ns > q->max_latency_ns) q->max_latency_ns = latency_ns;
}

/* The upper limit of the bucket holding the object of rank ceil(0.99 n),
** capped by the true maximum. Caller holds q->lock. */
static uint64_t p99_latency(const weft_dealloc_queue_t *q) {
    if (q->released == 0) return 0;
    uint64_t rank = q->released - q->released / 100;
    uint64_t seen = 0;
    for (uint32_t b = 0; b < WEFT_DEALLOC_LATENCY_BUCKETS; b++) {
        seen += q->histogram[b];
        if (seen >= rank) {
            uint64_t limit = weft_dealloc_bucket_limit(b);
            return limit < q->max_latency_ns ? limit : q->max_latency_ns;
        }
    }
    return q->max_latency_ns;
}

void weft_dealloc_stats_get(weft_dealloc_queue_t *q, weft_dealloc_stats *out) {
    weft_dealloc_stats s;
    memset(&s, 0, sizeof(s));
    pthread_mutex_lock(&q->lock);
    s.enqueued = q->enqueued;
    s.released = q->released;
    s.pending = q->enqueued - q->released;
    s.peak_pending = q->peak_pending;
    s.batches = q->batches;
    s.helped_batches = q->helped_batches;
    s.max_latency_ns = q->max_latency_ns;
    s.p99_latency_ns = p99_latency(q);
    pthread_mutex_unlock(&q->lock);
    *out = s;
}

/*
** dealloc_queue.c - pushes, the background thread, producers that help, drain.
**
** Every path that touches the waiting list holds q->lock for a bounded, short
** time: a push appends (and at worst allocates one block per 126 entries), a
** releaser unlinks the whole list in O(1). Release functions always run with
** the lock released, because they run arbitrary deinitializers that may push
** again, take other locks, or free a great deal of memory.
*/
#define _GNU_SOURCE
#include "dealloc_internal.h"

#include <assert.h>
#include <sched.h>
#include <time.h>
#ifdef __APPLE__
#include <pthread/qos.h>
#endif

#define NS_PER_S 1000000000ull

weft_dealloc_config weft_dealloc_config_default(void) {
    weft_dealloc_config config = {
        .window_ns = 1000000,    /* 1 ms: coalesces a burst, never defers memory for long */
        .pending_limit = 65536,  /* about what a large collection holds in cell nodes */
    };
    return config;
}

weft_dealloc_config weft_dealloc_config_get(const weft_dealloc_queue_t *q) {
    return q->config; /* immutable after create: no lock */
}

static uint64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * NS_PER_S + (uint64_t)ts.tv_nsec;
}

/* The work condition measures time on the monotonic clock, so that a change
** of wall-clock time can neither stretch nor skip a coalescing window. */
static int init_work_condition(pthread_cond_t *cond) {
#ifdef __APPLE__
    return pthread_cond_init(cond, NULL); /* waits use the relative form below */
#else
    pthread_condattr_t attr;
    int rc = pthread_condattr_init(&attr);
    if (rc != 0) return rc;
    rc = pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    if (rc == 0) rc = pthread_cond_init(cond, &attr);
    pthread_condattr_destroy(&attr);
    return rc;
#endif
}

/* Wait on the work condition for at most 'delay_ns'; wakes early on a signal. */
static void wait_for_work(weft_dealloc_queue_t *q, uint64_t delay_ns) {
#ifdef __APPLE__
    struct timespec relative = {(time_t)(delay_ns / NS_PER_S), (long)(delay_ns % NS_PER_S)};
    pthread_cond_timedwait_relative_np(&q->work, &q->lock, &relative);
#else
    uint64_t deadline = now_ns() + delay_ns;
    struct timespec absolute = {(time_t)(deadline / NS_PER_S), (long)(deadline % NS_PER_S)};
    pthread_cond_timedwait(&q->work, &q->lock, &absolute);
#endif
}

/* ---- blocks ----------------------------------------------------------- */

static void free_chain(weft_arena_t *arena, struct block *chain) {
    while (chain != NULL) {
        struct block *next = chain->next;
        weft_arena_free(arena, chain);
        chain = next;
    }
}

/* Put blocks of 'chain' into the cache until it is full; return the rest, for
** the caller to free after dropping the lock. Caller holds q->lock. */
static struct block *keep_spares(weft_dealloc_queue_t *q, struct block *chain) {
    while (chain != NULL && q->cached < DEALLOC_CACHE_CAPACITY) {
        struct block *next = chain->next;
        chain->next = q->cache;
        q->cache = chain;
        q->cached++;
        chain = next;
    }
    return chain;
}

/* Blocks that appending 'count' entries needs beyond the tail's free room. */
static size_t blocks_needed(const weft_dealloc_queue_t *q, size_t count) {
    size_t room = q->tail != NULL ? WEFT_DEALLOC_BLOCK_CAPACITY - q->tail->count : 0;
    if (count <= room) return 0;
    return (count - room + WEFT_DEALLOC_BLOCK_CAPACITY - 1) / WEFT_DEALLOC_BLOCK_CAPACITY;
}

/* Gather 'n' blocks, cached ones first, into *out. All or nothing: on
** failure every block goes back and false is returned. Caller holds q->lock;
** allocating under it costs one arena call per 126 entries, and only while
** the cache is empty. */
static bool reserve_blocks(weft_dealloc_queue_t *q, size_t n, struct block **out) {
    struct block *chain = NULL;
    for (size_t have = 0; have < n; have++) {
        struct block *b = q->cache;
        if (b != NULL) {
            q->cache = b->next;
            q->cached--;
        } else {
            b = weft_arena_alloc(q->arena, sizeof(*b));
            if (b == NULL) {
                free_chain(q->arena, keep_spares(q, chain));
                return false;
            }
        }
        b->next = chain;
        chain = b;
    }
    *out = chain;
    return true;
}

/* Append one entry standing for 'objects' objects, starting a block from
** 'spares' when the tail is full. Caller holds q->lock. */
static void append(weft_dealloc_queue_t *q, struct block **spares, void *object,
                   weft_dealloc_release_fn release, uint64_t objects) {
    assert(object != NULL && release != NULL && objects > 0);
    struct block *tail = q->tail;
    if (tail == NULL || tail->count == WEFT_DEALLOC_BLOCK_CAPACITY) {
        struct block *b = *spares;
        assert(b != NULL);
        *spares = b->next;
        b->next = NULL;
        b->count = 0;
        b->objects = 0;
        b->stamp_ns = now_ns();
        if (tail != NULL) tail->next = b;
        else q->head = b;
        q->tail = tail = b;
    }
    tail->entries[tail->count].object = object;
    tail->entries[tail->count].release = release;
    tail->count++;
    tail->objects += objects;
}

/* ---- batches ---------------------------------------------------------- */

/* Register the next 'objects' waiting objects as in flight on this thread,
** before they leave the waiting list. Caller holds q->lock. */
static void begin_flight(weft_dealloc_queue_t *q, struct flight *flight, uint64_t objects) {
    flight->owner = pthread_self();
    flight->first = q->enqueued - q->waiting;
    flight->end = flight->first + objects;
    flight->next = q->flights;
    q->flights = flight;
}

/* Retire a flight whose objects are released and accounted for, and wake
** drains waiting for it. Caller holds q->lock. */
static void end_flight(weft_dealloc_queue_t *q, struct flight *flight) {
    struct flight **link = &q->flights;
    while (*link != flight) link = &(*link)->next;
    *link = flight->next;
    if (q->drainers > 0) pthread_cond_broadcast(&q->progress);
}

/* Unlink the whole waiting list as one batch and register it in flight for
** the calling thread. Caller holds q->lock; the list is non-empty. */
static struct block *take_waiting(weft_dealloc_queue_t *q, struct flight *flight) {
    assert(q->head != NULL);
    struct block *batch = q->head;
    begin_flight(q, flight, q->waiting);
    q->head = NULL;
    q->tail = NULL;
    q->waiting = 0;
    q->urgent = false;
    return batch;
}

/* Call every release function of 'batch' in push order, then turn each
** block's stamp into its latency. Runs without the lock: the batch belongs
** to this thread alone. */
static void release_batch(struct block *batch) {
    for (struct block *b = batch; b != NULL; b = b->next) {
        for (uint32_t i = 0; i < b->count; i++) {
            b->entries[i].release(b->entries[i].object);
        }
        uint64_t now = now_ns();
        b->stamp_ns = now > b->stamp_ns ? now - b->stamp_ns : 0;
    }
}

/* Take the whole waiting list, release it without the lock, and account for
** it as a batch of the background thread or, if 'helped', of a producer.
** Caller holds q->lock and the list is non-empty; returns with the lock held. */
static void release_waiting(weft_dealloc_queue_t *q, bool helped) {
    struct flight flight;
    struct block *batch = take_waiting(q, &flight);
    pthread_mutex_unlock(&q->lock);
    release_batch(batch);
    pthread_mutex_lock(&q->lock);
    for (const struct block *b = batch; b != NULL; b = b->next) {
        weft_dealloc_record_latency(q, b->stamp_ns, b->objects);
    }
    if (helped) q->helped_batches++;
    else q->batches++;
    end_flight(q, &flight);
    struct block *surplus = keep_spares(q, batch);
    if (surplus != NULL) {
        /* Blocks beyond the cache go back to the arena without the lock. */
        pthread_mutex_unlock(&q->lock);
        free_chain(q->arena, surplus);
        pthread_mutex_lock(&q->lock);
    }
}

/* Whether the calling thread is releasing a batch of 'q' right now (it is
** inside one of the queue's release functions). Caller holds q->lock. */
static bool releasing_on_this_thread(const weft_dealloc_queue_t *q) {
    pthread_t self = pthread_self();
    for (const struct flight *f = q->flights; f != NULL; f = f->next) {
        if (pthread_equal(f->owner, self)) return true;
    }
    return false;
}

/* ---- the background thread -------------------------------------------- */

static void teardown(weft_dealloc_queue_t *q) {
    assert(q->head == NULL && q->flights == NULL);
    free_chain(q->arena, q->cache);
    pthread_cond_destroy(&q->progress);
    pthread_cond_destroy(&q->work);
    pthread_mutex_destroy(&q->lock);
    weft_arena_free(q->arena, q);
}

/* Name the thread, and ask the scheduler not to let it preempt the threads
** that hand it work: releasing is never urgent for the caller, and on a
** two-core machine a woken releaser would otherwise often take the caller's
** core at once. SCHED_BATCH (Linux) keeps its fair share of CPU but gives up
** wakeup preemption; the utility QoS class is Apple's equivalent. Both are
** hints: if the system refuses, the thread runs at the default policy. */
static void configure_background_thread(void) {
#ifdef __APPLE__
    pthread_setname_np("weft.dealloc");
    pthread_set_qos_class_self_np(QOS_CLASS_UTILITY, 0);
#else
    pthread_setname_np(pthread_self(), "weft.dealloc");
    struct sched_param param = {.sched_priority = 0};
    pthread_setschedparam(pthread_self(), SCHED_BATCH, &param);
#endif
}

static void *background_main(void *argument) {
    weft_dealloc_queue_t *q = argument;
    configure_background_thread();
    pthread_mutex_lock(&q->lock);
    for (;;) {
        if (q->head == NULL) {
            if (q->stopping) break;
            pthread_cond_wait(&q->work, &q->lock);
            continue;
        }
        /* Coalesce: let a burst that started less than a window ago grow
        ** into one batch, unless memory pressure, a drain or destroy asks
        ** for the objects now. */
        if (!q->urgent && !q->stopping && q->drainers == 0) {
            uint64_t now = now_ns();
            uint64_t deadline = q->head->stamp_ns + q->config.window_ns;
            if (now < deadline) {
                wait_for_work(q, deadline - now);
                continue;
            }
        }
        release_waiting(q, false);
    }
    bool free_queue = q->free_on_exit;
    pthread_mutex_unlock(&q->lock);
    if (free_queue) {
        /* destroy ran on this thread: nobody will join it, so it frees itself. */
        pthread_detach(pthread_self());
        teardown(q);
    }
    return NULL;
}

/* ---- create and destroy ----------------------------------------------- */

weft_rc weft_dealloc_create(const weft_dealloc_config *config, weft_dealloc_queue_t **out) {
    if (config->window_ns > WEFT_DEALLOC_MAX_WINDOW_NS) return WEFT_ERANGE;
    if (config->pending_limit == 0) return WEFT_EINVAL;
    weft_arena_t *arena = NULL;
    weft_rc rc = weft_arena_for(WEFT_SUBSYSTEM_DEALLOC_QUEUE, &arena);
    if (rc != WEFT_OK) return rc;
    weft_dealloc_queue_t *q = weft_arena_calloc(arena, 1, sizeof(*q));
    if (q == NULL) return WEFT_ENOMEM;
    q->arena = arena;
    q->config = *config;
    /* Each failure undoes exactly what succeeded before it. A thread that
    ** cannot be created (EAGAIN) is reported as missing resources, ENOMEM. */
    if (pthread_mutex_init(&q->lock, NULL) != 0) goto fail_queue;
    if (init_work_condition(&q->work) != 0) goto fail_lock;
    if (pthread_cond_init(&q->progress, NULL) != 0) goto fail_work;
    if (pthread_create(&q->thread, NULL, background_main, q) != 0) goto fail_progress;
    *out = q;
    return WEFT_OK;

fail_progress:
    pthread_cond_destroy(&q->progress);
fail_work:
    pthread_cond_destroy(&q->work);
fail_lock:
    pthread_mutex_destroy(&q->lock);
fail_queue:
    weft_arena_free(arena, q);
    return WEFT_ENOMEM;
}

void weft_dealloc_destroy(weft_dealloc_queue_t *q) {
    /* q->thread was stored before any push, and a release function only runs
    ** after a push, so reading it here is ordered by the lock. */
    pthread_mutex_lock(&q->lock);
    bool on_background = pthread_equal(pthread_self(), q->thread);
    q->stopping = true;
    q->free_on_exit = on_background;
    pthread_cond_signal(&q->work);
    pthread_mutex_unlock(&q->lock);
    if (on_background) return;
    pthread_join(q->thread, NULL);
    teardown(q);
}

/* ---- pushes ----------------------------------------------------------- */

/* Append 'count' entries, each standing for 'objects_each' objects; then wake
** the background thread if it sleeps without reason to, and help release if
** the queue was already over its limit. */
static weft_rc push_entries(weft_dealloc_queue_t *q, void *const *objects, size_t count,
                            weft_dealloc_release_fn release, uint64_t objects_each) {
    if (count == 0) return WEFT_OK;
    struct block *spares = NULL;
    pthread_mutex_lock(&q->lock);
    if (!reserve_blocks(q, blocks_needed(q, count), &spares)) {
        pthread_mutex_unlock(&q->lock);
        return WEFT_ENOMEM;
    }
    bool was_empty = q->head == NULL;
    uint64_t waiting_before = q->waiting;
    for (size_t i = 0; i < count; i++) append(q, &spares, objects[i], release, objects_each);
    assert(spares == NULL);
    uint64_t added = (uint64_t)count * objects_each;
    q->waiting += added;
    q->enqueued += added;
    uint64_t pending = q->enqueued - q->released;
    if (pending > q->peak_pending) q->peak_pending = pending;

    /* Half the limit ends the window early, so that the producer rarely has
    ** to help; only an empty-to-non-empty push must wake an idle thread. */
    uint64_t limit = q->config.pending_limit;
    bool becomes_urgent = !q->urgent && q->waiting >= (limit + 1) / 2;
    if (becomes_urgent) q->urgent = true;
    bool wake = was_empty || becomes_urgent;

    /* The queue was full before this push: the background thread is behind,
    ** so this producer releases the waiting list itself rather than let
    ** memory pile up. Not from inside a release function of this queue: the
    ** releaser on this thread will get to the entries anyway. Nobody needs
    ** waking then: this thread takes everything that waits. */
    if (waiting_before >= limit && !releasing_on_this_thread(q)) {
        release_waiting(q, true);
        pthread_mutex_unlock(&q->lock);
        return WEFT_OK;
    }
    pthread_mutex_unlock(&q->lock);
    /* Signalled after unlocking, so that the woken thread does not at once
    ** block on the lock this one holds. The state it re-checks was changed
    ** under the lock, so the wakeup cannot be lost. */
    if (wake) pthread_cond_signal(&q->work);
    return WEFT_OK;
}

weft_rc weft_dealloc_push(weft_dealloc_queue_t *q, void *object, weft_dealloc_release_fn release) {
    void *objects[1] = {object};
    return push_entries(q, objects, 1, release, 1);
}

weft_rc weft_dealloc_push_owner(weft_dealloc_queue_t *q, void *object,
                                weft_dealloc_release_fn release, uint64_t object_count) {
    if (object_count == 0) return WEFT_EINVAL;
    void *objects[1] = {object};
    return push_entries(q, objects, 1, release, object_count);
}

weft_rc weft_dealloc_push_many(weft_dealloc_queue_t *q, void *const *objects, size_t count,
                               weft_dealloc_release_fn release) {
    return push_entries(q, objects, count, release, 1);
}

/* ---- drain ------------------------------------------------------------ */

/* Whether every object numbered below 'target' has been released: all of
** them have left the waiting list and none is in a batch still in flight. */
static bool released_through(const weft_dealloc_queue_t *q, uint64_t target) {
    if (q->enqueued - q->waiting < target) return false;
    for (const struct flight *f = q->flights; f != NULL; f = f->next) {
        if (f->first < target) return false;
    }
    return true;
}

weft_rc weft_dealloc_drain(weft_dealloc_queue_t *q) {
    pthread_mutex_lock(&q->lock);
    if (releasing_on_this_thread(q)) {
        pthread_mutex_unlock(&q->lock);
        return WEFT_EBUSY;
    }
    uint64_t target = q->enqueued;
    if (!released_through(q, target)) {
        q->drainers++;
        pthread_cond_signal(&q->work); /* end a coalescing window now */
        while (!released_through(q, target)) pthread_cond_wait(&q->progress, &q->lock);
        q->drainers--;
    }
    pthread_mutex_unlock(&q->lock);
    return WEFT_OK;
}

/*
** emap_slab.c - a per-family slab of small blocks on the element-map arena.
**
** Workload: a batch of k edits allocates and frees O(k log n) nodes of 64 to
** 1024 bytes, all under the family mutex. One mallocx with no thread cache
** takes a bin lock and costs tens of nanoseconds; a batch of 20 edits would
** spend most of its budget there. The slab hands out blocks with a pointer pop.
**
** Design: 16 size classes of 64-byte steps. A chunk holds blocks of one class;
** chunks start at 4 blocks and double with each chunk of their class, up to
** 32 KiB, so a small map stays small. Each chunk keeps its own free list and a
** live count; a block's header records its chunk's slot in the family's chunk
** table, so a free finds its chunk in O(1), and a chunk whose blocks are all
** free goes back to the arena unless it is its class's last partial chunk.
** Nodes larger than 1024 bytes (records with many supplementary elements) go
** straight to the arena.
**
** Threading: every call runs under the family mutex (or at family death, when
** no other version exists).
*/
#include "emap_internal.h"

#include <assert.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define EMAP_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define EMAP_ASAN 1
#endif

#ifdef EMAP_ASAN
void __asan_poison_memory_region(void const volatile *addr, size_t size);
void __asan_unpoison_memory_region(void const volatile *addr, size_t size);
#endif

/* Poisoning a freed block lets ASan report a read of a node some version
** still believed it held; jemalloc's memory is invisible to ASan otherwise. */
static void poison(void *p, size_t n) {
#ifdef EMAP_ASAN
    __asan_poison_memory_region(p, n);
#else
    (void)p;
    (void)n;
#endif
}

static void unpoison(void *p, size_t n) {
#ifdef EMAP_ASAN
    __asan_unpoison_memory_region(p, n);
#else
    (void)p;
    (void)n;
#endif
}

#define CHUNK_MAX_BYTES 32768u

static size_t class_bytes(uint32_t cls) {
    assert(cls < SLAB_CLASSES);
    return (size_t)(cls + 1) * SLAB_UNIT;
}

size_t weft_emap_slab_block_bytes(uint32_t where) {
    uint32_t cls = where & 0xFFu;
    assert(cls < SLAB_CLASSES || cls == CLS_BIG);
    return cls == CLS_BIG ? (size_t)(where >> 8) * SLAB_UNIT : class_bytes(cls);
}

static void partial_unlink(slab *s, uint32_t i) {
    assert(s != NULL && i < s->nchunks);
    slab_chunk *c = &s->chunks[i];
    assert(c->cls < SLAB_CLASSES);
    /* Linked: the head of its class's list, or reachable from its 'prev'. */
    assert(c->prev != SLAB_NIL ? c->prev < s->nchunks : s->partial[c->cls] == i);
    if (c->prev != SLAB_NIL) s->chunks[c->prev].next = c->next;
    else s->partial[c->cls] = c->next;
    if (c->next != SLAB_NIL) s->chunks[c->next].prev = c->prev;
    c->prev = c->next = SLAB_NIL;
}

static void partial_push(slab *s, uint32_t i) {
    assert(s != NULL && i < s->nchunks);
    slab_chunk *c = &s->chunks[i];
    assert(c->cls < SLAB_CLASSES && c->base != NULL && s->partial[c->cls] != i);
    c->prev = SLAB_NIL;
    c->next = s->partial[c->cls];
    if (c->next != SLAB_NIL) s->chunks[c->next].prev = i;
    s->partial[c->cls] = i;
}

static bool chunk_is_full(const slab_chunk *c) {
    assert(c != NULL && c->bump <= c->nblocks && c->live <= c->bump);
    return c->free == NULL && c->bump == c->nblocks;
}

/* A table slot for a new chunk, growing the table if none is unused. */
static bool table_slot(family *f, uint32_t *out) {
    assert(f != NULL && out != NULL);
    slab *s = &f->slab;
    assert(s->nchunks <= s->cap && (s->unused == SLAB_NIL || s->unused < s->nchunks));
    if (s->unused != SLAB_NIL) {
        *out = s->unused;
        s->unused = s->chunks[*out].next;
        return true;
    }
    if (s->nchunks == s->cap) {
        uint32_t cap = s->cap ? s->cap * 2 : 16;
        /* The chunk index lives in 24 bits of a node header. */
        if (cap > (1u << 24)) return false;
        slab_chunk *t = weft_arena_realloc(f->arena, s->chunks, (size_t)cap * sizeof(slab_chunk));
        if (t == NULL) return false;
        s->chunks = t;
        s->cap = cap;
    }
    *out = s->nchunks++;
    return true;
}

static bool new_chunk(family *f, uint32_t cls, uint32_t *out) {
    assert(f != NULL && out != NULL && cls < SLAB_CLASSES);
    slab *s = &f->slab;
    size_t bsize = class_bytes(cls);
    uint32_t shift = s->per_class[cls] < 5 ? s->per_class[cls] : 5;
    uint32_t nblocks = 4u << shift;
    uint32_t most = (uint32_t)(CHUNK_MAX_BYTES / bsize);
    if (nblocks > most) nblocks = most;
    /* Even the largest class fits 32 blocks in a chunk. */
    assert(nblocks >= 1 && (size_t)nblocks * bsize <= CHUNK_MAX_BYTES);
    uint32_t i;
    if (!table_slot(f, &i)) return false;
    char *base = weft_arena_alloc(f->arena, (size_t)nblocks * bsize);
    if (base == NULL) {
        s->chunks[i].base = NULL;
        s->chunks[i].next = s->unused;
        s->unused = i;
        return false;
    }
    poison(base, (size_t)nblocks * bsize);
    slab_chunk *c = &s->chunks[i];
    c->base = base;
    c->free = NULL;
    c->cls = cls;
    c->nblocks = nblocks;
    c->live = 0;
    c->bump = 0;
    partial_push(s, i);
    s->per_class[cls]++;
    s->bytes += (uint64_t)nblocks * bsize;
    *out = i;
    return true;
}

void weft_emap_slab_init(slab *s) {
    assert(s != NULL);
    memset(s, 0, sizeof(*s));
    s->unused = SLAB_NIL;
    for (uint32_t c = 0; c < SLAB_CLASSES; c++) s->partial[c] = SLAB_NIL;
}

void *weft_emap_slab_alloc(family *f, size_t bytes, uint32_t *where) {
    assert(bytes > 0);
    assert(f != NULL && where != NULL);
    slab *s = &f->slab;
    if (bytes > class_bytes(SLAB_CLASSES - 1)) {
        size_t units = (bytes + SLAB_UNIT - 1) / SLAB_UNIT;
        if (units >= (1u << 24)) return NULL;
        void *p = weft_arena_alloc(f->arena, units * SLAB_UNIT);
        if (p == NULL) return NULL;
        s->big_live++;
        s->bytes += units * SLAB_UNIT;
        *where = ((uint32_t)units << 8) | CLS_BIG;
        return p;
    }
    uint32_t cls = (uint32_t)((bytes - 1) / SLAB_UNIT);
    assert(cls < SLAB_CLASSES);
    uint32_t i = s->partial[cls];
    if (i == SLAB_NIL && !new_chunk(f, cls, &i)) return NULL;
    /* The chunk index goes in the 24 bits above the class (table_slot caps it). */
    assert(i < s->nchunks && i < (1u << 24));
    slab_chunk *c = &s->chunks[i];
    /* A partial chunk has a free block or an unused tail. */
    assert(c->cls == cls && c->base != NULL && !chunk_is_full(c));
    size_t bsize = class_bytes(cls);
    void *p;
    if (c->free != NULL) {
        p = c->free;
        unpoison(p, bsize);
        c->free = *(void **)p;
    } else {
        p = c->base + (size_t)c->bump * bsize;
        unpoison(p, bsize);
        c->bump++;
    }
    c->live++;
    if (chunk_is_full(c)) partial_unlink(s, i);
    s->live_blocks++;
    *where = (i << 8) | cls;
    return p;
}

void weft_emap_slab_free(family *f, void *p, uint32_t where) {
    assert(f != NULL && p != NULL);
    slab *s = &f->slab;
    uint32_t cls = where & 0xFFu;
    if (cls == CLS_BIG) {
        assert(s->big_live > 0);
        s->big_live--;
        s->bytes -= weft_emap_slab_block_bytes(where);
        weft_arena_free(f->arena, p);
        return;
    }
    uint32_t i = where >> 8;
    assert(i < s->nchunks);
    slab_chunk *c = &s->chunks[i];
    size_t bsize = class_bytes(cls);
    assert(c->base != NULL && c->cls == cls);
    assert((char *)p >= c->base && (char *)p < c->base + (size_t)c->nblocks * bsize);
    assert(c->live > 0 && s->live_blocks > 0);
    bool was_full = chunk_is_full(c);
    *(void **)p = c->free;
    c->free = p;
    /* Poisoned whole, link included: only weft_emap_slab_alloc reads the link,
    ** after unpoisoning the block it hands out. */
    poison(p, bsize);
    c->live--;
    s->live_blocks--;
    if (was_full) partial_push(s, i);
    /* Give an empty chunk back unless it is the class's only chunk with room,
    ** so a map that shrinks returns memory without thrashing at one boundary. */
    if (c->live == 0 && !(s->partial[cls] == i && c->next == SLAB_NIL)) {
        partial_unlink(s, i);
        unpoison(c->base, (size_t)c->nblocks * bsize);
        weft_arena_free(f->arena, c->base);
        s->bytes -= (uint64_t)c->nblocks * bsize;
        s->per_class[cls]--;
        c->base = NULL;
        c->next = s->unused;
        s->unused = i;
    }
}

void weft_emap_slab_destroy(family *f) {
    assert(f != NULL);
    slab *s = &f->slab;
    assert(s->nchunks <= s->cap);
    for (uint32_t i = 0; i < s->nchunks; i++) {
        slab_chunk *c = &s->chunks[i];
        if (c->base == NULL) continue;
        unpoison(c->base, (size_t)c->nblocks * class_bytes(c->cls));
        weft_arena_free(f->arena, c->base);
    }
    weft_arena_free(f->arena, s->chunks);
    memset(s, 0, sizeof(*s));
}

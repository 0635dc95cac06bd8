/*
** emap_positions.c - a version's position tables: its items' handles in order,
** and an open-addressing table from handle to (section, item).
**
** Why: the trees answer "item at a path" and "path of a handle" in O(log n),
** a few dependent cache lines per level; at a million items that is 0.1-1 us,
** where Texture's section arrays and map table answer in about 50-100 ns. The
** version on screen is asked again and again (every visible cell, every frame,
** every query of the app), so it may pay O(n) once, off main, to answer in one
** or two cache lines; every other version keeps the trees alone and its
** O(k log n) derivation. Built at most once per version, published with a
** compare-and-swap, read without locks, freed when the version's last
** reference goes (no reader can hold it then).
**
** Only present items are in the table; supplementary elements and handles the
** version does not hold fall back to the trees in weft_emap_locate.
*/
#define _DEFAULT_SOURCE /* madvise */
#include "emap_internal.h"

#include <assert.h>
#include <sys/mman.h>

static void positions_free(emap_positions *p) {
    weft_arena_t *a = p->arena;
    weft_arena_free(a, p->starts);
    weft_arena_free(a, p->items);
    weft_arena_free(a, p->table);
    weft_arena_free(a, p);
}

void weft_emap_positions_drop(weft_emap_t *v) {
    emap_positions *p = atomic_exchange_explicit(&v->positions, NULL, memory_order_acq_rel);
    if (p != NULL) positions_free(p);
}

/* Asks for huge pages under a large table before it is first written. At a
** million items the tables span 40 MB, ten thousand small pages, so a random
** lookup misses the TLB as well as the cache, and the page walk costs about
** as much as the miss. The request is advice: where the system declines it
** (transparent huge pages off) the tables work the same, on small pages. */
static void prefer_huge_pages(void *start, size_t bytes) {
#ifdef MADV_HUGEPAGE
    const uintptr_t huge = (uintptr_t)2 << 20;
    uintptr_t from = ((uintptr_t)start + huge - 1) & ~(huge - 1);
    uintptr_t to = ((uintptr_t)start + bytes) & ~(huge - 1);
    if (to > from) (void)madvise((void *)from, to - from, MADV_HUGEPAGE);
#else
    (void)start;
    (void)bytes;
#endif
}

bool weft_emap_build_positions(weft_emap_t *v) {
    assert(v != NULL);
    if (atomic_load_explicit(&v->positions, memory_order_acquire) != NULL) return true;
    weft_arena_t *a = v->fam->arena;
    uint64_t n = v->nitems, s = v->nsections;
    /* Absent items count too: a lazy map of billions of them would ask for
    ** tens of gigabytes. Past the cap the trees answer, as for any version. */
    if (n > WEFT_EMAP_POSITIONS_MAX_ITEMS) return false;
    emap_positions *p = weft_arena_calloc(a, 1, sizeof *p);
    if (p == NULL) return false;
    p->arena = a;
    p->nsections = s;
    /* Narrowed to size_t below, and multiplied by a slot's size: a section
    ** index fits its 23 bits (one id per live section), and n the cap above. */
    assert(s <= (uint64_t)SID_MAX + 1 && s < SIZE_MAX / sizeof *p->starts);
    assert(n <= WEFT_EMAP_POSITIONS_MAX_ITEMS && n <= SIZE_MAX / sizeof *p->items);
    p->starts = weft_arena_calloc(a, (size_t)s + 1, sizeof *p->starts);
    p->items = weft_arena_alloc(a, (n > 0 ? (size_t)n : 1) * sizeof *p->items);
    if (p->starts == NULL || p->items == NULL) goto fail;
    prefer_huge_pages(p->items, (size_t)n * sizeof *p->items);
    uint64_t at = 0;
    for (uint64_t k = 0; k < s; k++) {
        uint64_t off;
        const rec *r = (const rec *)weft_emap_pt_locate(v->sections, k, &off);
        p->starts[k] = at;
        /* Within the n items counted above, so the size_t narrowing is exact. */
        assert(r->h.kind == K_REC && r->count <= n - at);
        if (r->count > 0) weft_emap_pt_copy(r->items, 0, p->items + at, (size_t)r->count);
        at += r->count;
    }
    p->starts[s] = at;
    assert(at == n);
    for (uint64_t o = 0; o < n; o++) p->present += p->items[o] != NULL;
    /* At most half full, so that a miss probes about two slots. */
    uint64_t cap = 16;
    while (cap < 2 * p->present) cap <<= 1;
    p->mask = cap - 1;
    /* cap <= 2^27 slots (present <= n <= 2^26): narrowed to size_t below. */
    assert(p->present <= n && cap <= 2 * WEFT_EMAP_POSITIONS_MAX_ITEMS);
    assert(cap <= SIZE_MAX / sizeof *p->table);
    /* Allocated, then cleared by writing: calloc may hand back fresh pages
    ** that read as the shared zero page, and the first probe's write to each
    ** would then replace a mapping and flush the TLB of every core running the
    ** process, main's included. Writing first faults each page in once. */
    p->table = weft_arena_alloc(a, (size_t)cap * sizeof *p->table);
    if (p->table == NULL) goto fail;
    prefer_huge_pages(p->table, (size_t)cap * sizeof *p->table);
    memset(p->table, 0, (size_t)cap * sizeof *p->table);
    for (uint64_t k = 0; k < s; k++) {
        for (uint64_t o = p->starts[k]; o < p->starts[k + 1]; o++) {
            void *h = p->items[o];
            if (h == NULL) continue;
            uint64_t j = weft_emap_positions_slot(p, h);
            while (p->table[j].handle != NULL) j = (j + 1) & p->mask;
            /* Both narrowed to 32 bits: the section to its 23-bit id range,
            ** the item to a section's UINT32_MAX items at most. */
            assert(k <= SID_MAX);
            assert(o - p->starts[k] <= UINT32_MAX);
            p->table[j] = (pslot){.handle = h, .section = (uint32_t)k, .item = (uint32_t)(o - p->starts[k])};
        }
    }
    emap_positions *none = NULL;
    if (!atomic_compare_exchange_strong_explicit(&v->positions, &none, p, memory_order_acq_rel,
                                                 memory_order_acquire)) {
        positions_free(p);  /* another thread published first: its tables are the same */
    }
    return true;
fail:
    positions_free(p);
    return false;
}

bool weft_emap_has_positions(const weft_emap_t *v) {
    assert(v != NULL);
    return atomic_load_explicit(&((weft_emap_t *)v)->positions, memory_order_acquire) != NULL;
}

#ifdef WEFT_DEBUG
/* The tables say exactly what the trees say: every section's start, every
** item, and every present item found at its path; nothing else in the table. */
bool weft_emap_positions_check(const weft_emap_t *v, const emap_positions *p) {
    assert(v != NULL && p != NULL);
    if (p->nsections != v->nsections || p->starts[v->nsections] != v->nitems) return false;
    uint64_t present = 0, filled = 0;
    for (uint64_t k = 0; k < v->nsections; k++) {
        uint64_t off;
        const rec *r = (const rec *)weft_emap_pt_locate(v->sections, k, &off);
        if (p->starts[k + 1] - p->starts[k] != r->count) return false;
        for (uint64_t i = 0; i < r->count; i++) {
            const node *l = weft_emap_pt_locate(r->items, i, &off);
            void *h = ileaf_item(l, (unsigned)off);
            if (p->items[p->starts[k] + i] != h) return false;
            if (h == NULL) continue;
            present++;
            /* Compared as int64_t paths: both below 2^26 here. */
            assert(k <= (uint64_t)INT64_MAX && i <= (uint64_t)INT64_MAX);
            weft_emap_location at;
            if (!weft_emap_positions_locate(p, h, &at) || at.section != (int64_t)k || at.item != (int64_t)i) return false;
        }
    }
    for (uint64_t j = 0; j <= p->mask; j++) filled += p->table[j].handle != NULL;
    return present == p->present && filled == present && 2 * present <= p->mask + 1;
}
#endif

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
#include "emap_internal.h"

#include <assert.h>

typedef struct pslot {
    void *handle;      /* NULL: empty slot */
    uint32_t section;  /* < 2^23 */
    uint32_t item;     /* < 2^32: a section holds at most UINT32_MAX items */
} pslot;

struct emap_positions {
    weft_arena_t *arena;
    uint64_t nsections;
    uint64_t *starts;  /* nsections + 1 entries: the ordinal of each section's first item, then nitems */
    void **items;      /* the items in order, NULL where absent */
    pslot *table;      /* mask + 1 slots, at most half full */
    uint64_t mask;
    uint64_t present;
};

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

static uint64_t slot_of(const emap_positions *p, const void *handle) {
    return mix64((uint64_t)(uintptr_t)handle) & p->mask;
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
    p->starts = weft_arena_calloc(a, (size_t)s + 1, sizeof *p->starts);
    p->items = weft_arena_alloc(a, (n > 0 ? (size_t)n : 1) * sizeof *p->items);
    if (p->starts == NULL || p->items == NULL) goto fail;
    uint64_t at = 0;
    for (uint64_t k = 0; k < s; k++) {
        uint64_t off;
        const rec *r = (const rec *)weft_emap_pt_locate(v->sections, k, &off);
        p->starts[k] = at;
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
    /* Allocated, then cleared by writing: calloc may hand back fresh pages
    ** that read as the shared zero page, and the first probe's write to each
    ** would then replace a mapping and flush the TLB of every core running the
    ** process, main's included. Writing first faults each page in once. */
    p->table = weft_arena_alloc(a, (size_t)cap * sizeof *p->table);
    if (p->table == NULL) goto fail;
    memset(p->table, 0, (size_t)cap * sizeof *p->table);
    for (uint64_t k = 0; k < s; k++) {
        for (uint64_t o = p->starts[k]; o < p->starts[k + 1]; o++) {
            void *h = p->items[o];
            if (h == NULL) continue;
            uint64_t j = slot_of(p, h);
            while (p->table[j].handle != NULL) j = (j + 1) & p->mask;
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

const emap_positions *weft_emap_positions_get(const weft_emap_t *v) {
    return atomic_load_explicit(&((weft_emap_t *)v)->positions, memory_order_acquire);
}

void *weft_emap_positions_item(const emap_positions *p, int64_t section, int64_t item) {
    if (section < 0 || (uint64_t)section >= p->nsections || item < 0) return NULL;
    uint64_t start = p->starts[section];
    return (uint64_t)item < p->starts[section + 1] - start ? p->items[start + (uint64_t)item] : NULL;
}

bool weft_emap_positions_locate(const emap_positions *p, const void *handle, weft_emap_location *out) {
    assert(handle != NULL);
    for (uint64_t j = slot_of(p, handle);; j = (j + 1) & p->mask) {
        const pslot *e = &p->table[j];
        if (e->handle == NULL) return false;
        if (e->handle == handle) {
            *out = (weft_emap_location){.section = e->section, .item = e->item, .kind = 0, .is_supplementary = false};
            return true;
        }
    }
}

#ifdef WEFT_DEBUG
/* The tables say exactly what the trees say: every section's start, every
** item, and every present item found at its path; nothing else in the table. */
bool weft_emap_positions_check(const weft_emap_t *v, const emap_positions *p) {
    if (p->nsections != v->nsections || p->starts[v->nsections] != v->nitems) return false;
    uint64_t present = 0, filled = 0;
    for (uint64_t k = 0; k < v->nsections; k++) {
        uint64_t off;
        const rec *r = (const rec *)weft_emap_pt_locate(v->sections, k, &off);
        if (p->starts[k + 1] - p->starts[k] != r->count) return false;
        for (uint64_t i = 0; i < r->count; i++) {
            const ileaf *l = (const ileaf *)weft_emap_pt_locate(r->items, i, &off);
            void *h = l->items[off];
            if (p->items[p->starts[k] + i] != h) return false;
            if (h == NULL) continue;
            present++;
            weft_emap_location at;
            if (!weft_emap_positions_locate(p, h, &at) || at.section != (int64_t)k || at.item != (int64_t)i) return false;
        }
    }
    for (uint64_t j = 0; j <= p->mask; j++) filled += p->table[j].handle != NULL;
    return present == p->present && filled == present && 2 * present <= p->mask + 1;
}
#endif

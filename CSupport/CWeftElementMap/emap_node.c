/*
** emap_node.c - node allocation, object lists, and path copying.
**
** Path copying without reference counts: a batch copies a node the first time
** it changes it ("owns" it) and then edits the copy in place, so a batch of k
** edits copies each touched node once, however many edits pass through it. The
** replaced original is not freed: older versions may still read it. It goes on
** the batch's list of dropped objects, which the version tree uses to free it
** once no live version can reach it (emap.c). A node the batch made itself is
** invisible to every other version, so replacing it frees it at once.
*/
#include "emap_internal.h"

#include <assert.h>
#include <stddef.h>

size_t weft_emap_ileaf_bytes(size_t n) {
    return sizeof(ileaf) + n * sizeof(void *);
}

size_t weft_emap_hleaf_bytes(size_t n) {
    return sizeof(hleaf) + n * sizeof(hent);
}

size_t weft_emap_rec_bytes(size_t nsupp) {
    return sizeof(rec) + nsupp * sizeof(supp);
}

/* Internal nodes are sized to their children too: a small section's tree
** does not pay for 42 slots, and path copying moves only what is used. */
size_t weft_emap_pin_bytes(size_t n) {
    return offsetof(pin, e) + n * sizeof(pent);
}

size_t weft_emap_hin_bytes(size_t n) {
    return offsetof(hin, e) + n * sizeof(hkid);
}

static node *node_alloc(family *f, unsigned kind, size_t bytes) {
    assert(f != NULL && kind >= K_ILEAF && kind <= K_HIN);
    assert(bytes >= sizeof(node));
    uint32_t where = 0;
    node *x = weft_emap_slab_alloc(f, bytes, &where);
    if (x == NULL) return NULL;
    x->kind = (uint8_t)kind;
    x->flags = F_MUTABLE;
    x->height = 0;
    x->n = 0;
    x->where = where;
    x->label = 0;
    return x;
}

void weft_emap_node_free(family *f, node *x) {
    assert(f != NULL && x != NULL);
    weft_emap_slab_free(f, x, x->where);
}

size_t weft_emap_node_capacity(const node *x) {
    assert(x != NULL);
    /* The default case below reads a HIN. */
    assert(x->kind >= K_ILEAF && x->kind <= K_HIN);
    size_t bytes = weft_emap_slab_block_bytes(x->where);
    /* Every block holds at least its node's header, so no subtraction wraps. */
    assert(bytes >= weft_emap_rec_bytes(0) && bytes >= weft_emap_pin_bytes(0));
    switch (x->kind) {
    /* A hollow leaf stores no item, whatever its block's size. */
    case K_ILEAF: return ileaf_hollow(x) ? 0 : (bytes - sizeof(ileaf)) / sizeof(void *);
    case K_HLEAF: return (bytes - sizeof(hleaf)) / sizeof(hent);
    case K_REC: return (bytes - sizeof(rec)) / sizeof(supp);
    case K_PIN: {
        size_t c = (bytes - offsetof(pin, e)) / sizeof(pent);
        return c < PIN_CAP ? c : PIN_CAP;
    }
    default: {
        size_t c = (bytes - offsetof(hin, e)) / sizeof(hkid);
        return c < HIN_CAP ? c : HIN_CAP;
    }
    }
}

/* Bytes that hold a node's contents, header included. */
static size_t node_used_bytes(const node *x) {
    assert(x != NULL && x->kind >= K_ILEAF && x->kind <= K_HIN);
    switch (x->kind) {
    case K_ILEAF: return weft_emap_ileaf_bytes(ileaf_hollow(x) ? 0 : x->n);
    case K_HLEAF: return weft_emap_hleaf_bytes(x->n);
    case K_REC: return weft_emap_rec_bytes(((const rec *)x)->nsupp);
    case K_PIN: return weft_emap_pin_bytes(x->n);
    default: return weft_emap_hin_bytes(x->n);
    }
}

/* Bytes a node with room for 'need' entries takes. */
static size_t node_bytes_for(const node *x, size_t need) {
    assert(x != NULL && x->kind >= K_ILEAF && x->kind <= K_HIN);
    /* Internal nodes never hold more children than their cap. */
    assert(x->kind != K_PIN || need <= PIN_CAP);
    assert(x->kind != K_HIN || need <= HIN_CAP);
    switch (x->kind) {
    case K_ILEAF: return weft_emap_ileaf_bytes(need);
    case K_HLEAF: return weft_emap_hleaf_bytes(need);
    case K_REC: return weft_emap_rec_bytes(need);
    case K_PIN: return weft_emap_pin_bytes(need);
    default: return weft_emap_hin_bytes(need);
    }
}

/* ---- object lists ------------------------------------------------------- */

bool weft_emap_ol_reserve(family *f, objlist *l, size_t extra) {
    assert(f != NULL && l != NULL);
    assert(l->n <= l->cap && (l->cap == 0 || l->v != NULL));
    if (l->cap - l->n >= extra) return true;
    size_t cap = l->cap ? l->cap * 2 : 16;
    while (cap - l->n < extra) cap *= 2;
    uint64_t *v = weft_arena_realloc(f->arena, l->v, cap * sizeof(uint64_t));
    if (v == NULL) return false;
    l->v = v;
    l->cap = cap;
    assert(l->cap - l->n >= extra);
    return true;
}

bool weft_emap_ol_push(family *f, objlist *l, uint64_t o) {
    assert(l != NULL);
    if (!weft_emap_ol_reserve(f, l, 1)) return false;
    l->v[l->n++] = o;
    return true;
}

void weft_emap_ol_push_reserved(objlist *l, uint64_t o) {
    assert(l->n < l->cap);
    l->v[l->n++] = o;
}

void weft_emap_ol_free(family *f, objlist *l) {
    assert(f != NULL && l != NULL);
    weft_arena_free(f->arena, l->v);
    l->v = NULL;
    l->n = l->cap = 0;
}

/* ---- path copying ------------------------------------------------------- */

bool weft_emap_txn_reserve(txn *t, size_t extra) {
    assert(t != NULL && t->f != NULL);
    return weft_emap_ol_reserve(t->f, &t->del, extra);
}

node *weft_emap_txn_node_alloc(txn *t, unsigned kind, size_t bytes) {
    assert(t != NULL && t->f != NULL);
    node *x = node_alloc(t->f, kind, bytes);
    if (x != NULL && !weft_emap_ol_push(t->f, &t->created, (uint64_t)(uintptr_t)x)) {
        weft_emap_node_free(t->f, x);
        return NULL;
    }
    return x;
}

void weft_emap_txn_drop(txn *t, node *x) {
    assert(t != NULL && x != NULL);
    if (x->flags & F_MUTABLE) {
        assert(!(x->flags & F_DROPPED));
        x->flags |= F_DROPPED;
        t->ndropped++;
    } else {
        weft_emap_ol_push_reserved(&t->del, obj_make(OBJ_NODE, (uint64_t)(uintptr_t)x));
    }
}

node *weft_emap_txn_own(txn *t, node *x, size_t need) {
    assert(t != NULL && x != NULL);
    /* A node the batch dropped is never edited again. */
    assert(!(x->flags & F_DROPPED));
    /* A hollow leaf is written through its array, so it gets one: NULLs. */
    bool hollow = x->kind == K_ILEAF && ileaf_hollow(x);
    if ((x->flags & F_MUTABLE) && !hollow && weft_emap_node_capacity(x) >= need) return x;
    if (hollow && need < x->n) need = x->n;
    size_t used = node_used_bytes(x);
    size_t bytes = node_bytes_for(x, need);
    if (bytes < used) bytes = used;
    if (!weft_emap_txn_reserve(t, 1)) return NULL;
    node *y = weft_emap_txn_node_alloc(t, x->kind, bytes);
    if (y == NULL) return NULL;
    uint32_t where = y->where;
    memcpy(y, x, used);
    if (hollow) memset(((ileaf *)y)->items, 0, x->n * sizeof(void *));
    y->where = where;
    y->flags = F_MUTABLE;
    weft_emap_txn_drop(t, x);
    assert(weft_emap_node_capacity(y) >= need);
    return y;
}

node *weft_emap_txn_own_label(txn *t, node *x) {
    assert(t != NULL && x != NULL && !(x->flags & F_DROPPED));
    assert(x->kind == K_ILEAF || x->kind == K_REC);
    if (!ileaf_hollow(x)) return weft_emap_txn_own(t, x, x->kind == K_ILEAF ? x->n : ((const rec *)x)->nsupp);
    if (x->flags & F_MUTABLE) return x;
    if (!weft_emap_txn_reserve(t, 1)) return NULL;
    node *y = weft_emap_txn_node_alloc(t, K_ILEAF, weft_emap_ileaf_bytes(0));
    if (y == NULL) return NULL;
    uint32_t where = y->where;
    memcpy(y, x, sizeof(ileaf));
    y->where = where;
    y->flags = F_MUTABLE | F_HOLLOW;
    weft_emap_txn_drop(t, x);
    return y;
}

static bool txn_pending_reserve(txn *t, size_t extra) {
    assert(t != NULL && t->npending <= t->cap_pending);
    if (t->cap_pending - t->npending >= extra) return true;
    size_t cap = t->cap_pending ? t->cap_pending * 2 : 8;
    while (cap - t->npending < extra) cap *= 2;
    relabel *p = weft_arena_realloc(t->f->arena, t->pending, cap * sizeof(relabel));
    if (p == NULL) return false;
    t->pending = p;
    t->cap_pending = cap;
    return true;
}

bool weft_emap_txn_pending(txn *t, node *leaf, uint32_t sid, uint32_t start, uint32_t count) {
    assert(t != NULL && leaf != NULL && sid <= SID_MAX);
    /* flush_relabels reads items [start, start + count) of an item leaf; a
    ** section record is one entry. */
    assert(leaf->kind == K_REC ? start == 0 && count == 1
                               : leaf->kind == K_ILEAF && (uint64_t)start + count <= leaf->n);
    if (!txn_pending_reserve(t, 1)) return false;
    t->pending[t->npending++] = (relabel){.leaf = leaf, .sid = sid, .start = start, .count = count};
    return true;
}

/* ---- dropping whole subtrees ------------------------------------------- */

size_t weft_emap_txn_subtree_size(const node *x) {
    if (x == NULL) return 0;
    size_t c = 1;
    if (x->kind == K_PIN) {
        const pin *p = (const pin *)x;
        for (unsigned j = 0; j < x->n; j++) c += weft_emap_txn_subtree_size(p->e[j].kid);
    } else if (x->kind == K_REC) {
        c += weft_emap_txn_subtree_size(((const rec *)x)->items);
    }
    return c;
}

void weft_emap_txn_drop_subtree(txn *t, node *x) {
    assert(t != NULL);
    if (x == NULL) return;
    assert(x->kind == K_PIN || x->kind == K_REC || x->kind == K_ILEAF);
    if (x->kind == K_PIN) {
        pin *p = (pin *)x;
        for (unsigned j = 0; j < x->n; j++) weft_emap_txn_drop_subtree(t, p->e[j].kid);
    } else if (x->kind == K_REC) {
        weft_emap_txn_drop_subtree(t, ((rec *)x)->items);
    }
    weft_emap_txn_drop(t, x);
}

/* ---- object counts ------------------------------------------------------ */

bool weft_emap_omap_init(family *f, omap *m, size_t expected) {
    assert(f != NULL && m != NULL);
    /* The doubling below must end. */
    assert(expected <= SIZE_MAX / 4);
    size_t cap = 16;
    while (cap < expected * 2) cap *= 2;
    m->keys = weft_arena_calloc(f->arena, cap, sizeof(uint64_t));
    m->vals = m->keys ? weft_arena_calloc(f->arena, cap, sizeof(uint32_t)) : NULL;
    if (m->vals == NULL) {
        weft_arena_free(f->arena, m->keys);
        m->keys = NULL;
        return false;
    }
    m->cap = cap;
    return true;
}

uint32_t *weft_emap_omap_find(omap *m, uint64_t key, bool insert) {
    assert(key != 0);
    /* A power of two, so that 'mask' wraps the probe. */
    assert(m != NULL && m->keys != NULL && m->cap >= 16 && (m->cap & (m->cap - 1)) == 0);
    size_t mask = m->cap - 1, i = (size_t)mix64(key) & mask;
    while (m->keys[i] != 0) {
        if (m->keys[i] == key) return &m->vals[i];
        i = (i + 1) & mask;
    }
    if (!insert) return NULL;
    m->keys[i] = key;
    return &m->vals[i];
}

void weft_emap_omap_free(family *f, omap *m) {
    assert(f != NULL && m != NULL);
    weft_arena_free(f->arena, m->keys);
    weft_arena_free(f->arena, m->vals);
    m->keys = NULL;
    m->vals = NULL;
}

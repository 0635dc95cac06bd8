/*
** emap.c - versions, who owns what, and lookups.
**
** Ownership without reference counts. Versions form a tree: each derived
** version points at the version it came from and records its delta, the
** objects (nodes, handles, section ids) it created ('ins') and the ones of its
** parent it no longer holds ('del'). The root version owns everything it
** reaches. An object is freed the moment no live version holds it, by these
** rules when a version dies:
**
**   no children, has a parent   free its 'ins' (nothing else can hold them)
**   no children, the root       the family ends: release every handle it holds
**   one child                   splice it out: the child's delta becomes the
**                               composition of both, and what the dead version
**                               created and the child dropped is freed; the root
**                               instead frees the child's 'del' and hands over
**   two or more children        stay as a branch point; free whatever every
**                               child subtree dropped (the intersection of the
**                               children's 'del'), or pass it up to the parent
**
** Every rule costs O(size of the deltas involved), so releasing a version costs
** about what deriving it did; only the end of a family walks everything.
** Paths copied by a batch therefore never touch the reference counts of the
** siblings they share, which is what made refcounted path copying slow.
**
** Threading: versions are read without locks (their trees are immutable);
** the version tree, deltas and slab are guarded by the family mutex.
*/
#include "emap_internal.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

/* Releasing cannot fail. It allocates only bookkeeping proportional to the
** deltas it merges; if even that fails the process is out of memory, and,
** like the Swift runtime on a failed allocation, the map stops it. */
static void must(bool ok) {
    if (!ok) {
        fputs("CWeftElementMap: out of memory while releasing a version\n", stderr);
        abort();
    }
}

/* ---- families ----------------------------------------------------------- */

weft_rc weft_emap_create(const weft_emap_callbacks *callbacks, weft_emap_t **out) {
    assert(callbacks != NULL && out != NULL);
    /* Every death of a version may call it; there is no default to fall back to. */
    assert(callbacks->release != NULL);
    weft_arena_t *arena;
    weft_rc rc = weft_arena_for(WEFT_SUBSYSTEM_ELEMENT_MAP, &arena);
    if (rc != WEFT_OK) return rc;
    family *f = weft_arena_calloc(arena, 1, sizeof(family));
    weft_emap_t *v = f ? weft_arena_calloc(arena, 1, sizeof(weft_emap_t)) : NULL;
    if (v == NULL || pthread_mutex_init(&f->lock, NULL) != 0) {
        weft_arena_free(arena, v);
        weft_arena_free(arena, f);
        return WEFT_ENOMEM;
    }
    atomic_init(&v->positions, NULL);
    f->cb = *callbacks;
    f->arena = arena;
    weft_emap_slab_init(&f->slab);
    f->root = v;
    f->live_versions = 1;
    atomic_init(&v->refs, 1);
    v->fam = f;
    v->alive = true;
    *out = v;
    return WEFT_OK;
}

void weft_emap_family_release_handles(family *f, objlist *handles) {
    assert(f != NULL && handles != NULL);
    assert(handles->n <= handles->cap && (handles->n == 0 || handles->v != NULL));
    void *batch[256];
    size_t n = 0;
    for (size_t k = 0; k < handles->n; k++) {
        /* Only handles are ever given back: a node or a section id here would
        ** reach the caller's release callback as a pointer it never gave us. */
        assert(obj_tag(handles->v[k]) == OBJ_HANDLE);
        batch[n++] = (void *)(uintptr_t)obj_payload(handles->v[k]);
        if (n == 256) {
            f->cb.release(f->cb.context, batch, n);
            n = 0;
        }
    }
    if (n > 0) f->cb.release(f->cb.context, batch, n);
    weft_emap_ol_free(f, handles);
}

typedef struct release_walk {
    family *f;
    void *batch[256];
    size_t n;
} release_walk;

static void walk_release(release_walk *w, void *h) {
    assert(w != NULL && w->n < 256);
    if (h == NULL) return; /* an absent item */
    w->batch[w->n++] = h;
    if (w->n == 256) {
        w->f->cb.release(w->f->cb.context, w->batch, w->n);
        w->n = 0;
    }
}

static void walk_items(release_walk *w, const node *x) {
    if (x == NULL) return;
    assert(x->kind == K_PIN ? x->n <= PIN_CAP : x->kind == K_ILEAF && x->n <= ILEAF_CAP);
    if (x->kind == K_PIN) {
        const pin *p = (const pin *)x;
        for (unsigned j = 0; j < x->n; j++) walk_items(w, p->e[j].kid);
        return;
    }
    if (ileaf_hollow(x)) return;
    for (unsigned k = 0; k < x->n; k++) walk_release(w, ileaf_item(x, k));
}

/* Release the handles of every section below x, and free records too large for
** the slab (the slab's chunks go all at once afterwards). */
static void walk_sections(release_walk *w, node *x) {
    if (x == NULL) return;
    assert(x->kind == K_PIN || x->kind == K_REC);
    if (x->kind == K_PIN) {
        pin *p = (pin *)x;
        assert(x->n <= PIN_CAP);
        for (unsigned j = 0; j < x->n; j++) walk_sections(w, p->e[j].kid);
        return;
    }
    rec *r = (rec *)x;
    /* The supplementary elements read below lie inside the record's block. */
    assert(r->nsupp <= weft_emap_node_capacity(&r->h));
    walk_items(w, r->items);
    for (uint32_t k = 0; k < r->nsupp; k++) walk_release(w, r->supps[k].handle);
    if ((r->h.where & 0xFFu) == CLS_BIG) weft_emap_node_free(w->f, &r->h);
}

/* The last version of a family died: nothing else can reach the family, so
** this runs without the mutex. */
static void family_destroy(family *f, weft_emap_t *v) {
    assert(f != NULL && v != NULL && v->fam == f);
    /* The last version: the root, with nothing below it, alive or dead. */
    assert(f->root == v && v->parent == NULL && v->nchildren == 0 && !v->alive);
    assert(f->live_versions == 0 && f->dead_versions == 0);
    release_walk w = {.f = f, .n = 0};
    walk_sections(&w, v->sections);
    if (w.n > 0) f->cb.release(f->cb.context, w.batch, w.n);
    weft_arena_t *arena = f->arena;
    weft_emap_slab_destroy(f);
    weft_emap_ol_free(f, &f->free_sids);
    weft_emap_ol_free(f, &v->ins);
    weft_emap_ol_free(f, &v->del);
    pthread_mutex_destroy(&f->lock);
    weft_arena_free(arena, v);
    weft_arena_free(arena, f);
}

/* ---- freeing objects ---------------------------------------------------- */

/* Free an object no live version holds. Handles are collected in 'rel' and
** given back after the mutex is released; room was reserved by the caller. */
static void free_obj(family *f, uint64_t o, objlist *rel) {
    assert(f != NULL && rel != NULL);
    /* The default case below takes anything else for a section id. */
    assert(obj_tag(o) == OBJ_NODE || obj_tag(o) == OBJ_HANDLE || obj_tag(o) == OBJ_SID);
    switch (obj_tag(o)) {
    case OBJ_NODE: weft_emap_node_free(f, (node *)(uintptr_t)obj_payload(o)); break;
    case OBJ_HANDLE: weft_emap_ol_push_reserved(rel, o); break;
    default: weft_emap_ol_push_reserved(&f->free_sids, obj_payload(o)); break;
    }
}

static void reserve_frees(family *f, objlist *rel, size_t n) {
    assert(f != NULL && rel != NULL && rel != &f->free_sids);
    must(weft_emap_ol_reserve(f, rel, n) && weft_emap_ol_reserve(f, &f->free_sids, n));
}

static void free_all(family *f, objlist *l, objlist *rel) {
    assert(l != NULL && l != rel && l->n <= l->cap);
    reserve_frees(f, rel, l->n);
    for (size_t k = 0; k < l->n; k++) free_obj(f, l->v[k], rel);
    l->n = 0;
}

static void append(family *f, objlist *dst, const objlist *src) {
    /* memcpy below: the two lists must not share storage. */
    assert(dst != NULL && src != NULL && dst != src);
    assert(src->n <= src->cap && dst->n <= dst->cap);
    if (src->n == 0) return;
    must(weft_emap_ol_reserve(f, dst, src->n));
    memcpy(dst->v + dst->n, src->v, src->n * sizeof(uint64_t));
    dst->n += src->n;
    assert(dst->n <= dst->cap);
}

/* ---- the version tree --------------------------------------------------- */

static void unlink_child(weft_emap_t *p, weft_emap_t *c) {
    assert(p != NULL && c != NULL && c->parent == p);
    assert(p->nchildren > 0 && (c->prev != NULL || p->child == c));
    if (c->prev) c->prev->next = c->next;
    else p->child = c->next;
    if (c->next) c->next->prev = c->prev;
    c->prev = c->next = NULL;
    p->nchildren--;
}

/* 'c' takes the place of 'v' among the children of v's parent. */
static void take_place(weft_emap_t *v, weft_emap_t *c) {
    weft_emap_t *p = v->parent;
    /* Only a dead version with one child and a parent is spliced out. */
    assert(p != NULL && v->nchildren == 1 && v->child == c);
    assert(v->prev != NULL || p->child == v);
    c->parent = p;
    c->prev = v->prev;
    c->next = v->next;
    if (v->prev) v->prev->next = c;
    else p->child = c;
    if (v->next) v->next->prev = c;
}

static void destroy_dead(family *f, weft_emap_t *v) {
    assert(f != NULL && v != NULL && !v->alive);
    assert(atomic_load_explicit(&v->refs, memory_order_relaxed) == 0);
    assert(f->dead_versions > 0 && f->root != v);
    weft_emap_ol_free(f, &v->ins);
    weft_emap_ol_free(f, &v->del);
    weft_arena_free(f->arena, v);
    f->dead_versions--;
}

/* Splice dead 'v' (one child 'c', has a parent) out of the tree:
** free  ins(v) & del(c);  ins(c) += ins(v) - del(c);  del(c) = del(v) + del(c) - ins(v). */
static void compose(family *f, weft_emap_t *v, weft_emap_t *c, objlist *rel) {
    assert(f != NULL && v != NULL && c != NULL && rel != NULL);
    assert(!v->alive && v->parent != NULL);
    assert(v->nchildren == 1 && v->child == c && c->parent == v);
    objlist *iv = &v->ins, *dc = &c->del;
    if (iv->n > 0 && dc->n > 0) {
        omap m;
        must(weft_emap_omap_init(f, &m, dc->n));
        for (size_t k = 0; k < dc->n; k++) *weft_emap_omap_find(&m, dc->v[k], true) = 0;
        reserve_frees(f, rel, iv->n);
        size_t w = 0;
        for (size_t k = 0; k < iv->n; k++) {
            uint32_t *seen = weft_emap_omap_find(&m, iv->v[k], false);
            if (seen != NULL) {
                *seen = 1;
                free_obj(f, iv->v[k], rel);
            } else {
                iv->v[w++] = iv->v[k];
            }
        }
        iv->n = w;
        w = 0;
        for (size_t k = 0; k < dc->n; k++) {
            if (*weft_emap_omap_find(&m, dc->v[k], false) == 0) dc->v[w++] = dc->v[k];
        }
        dc->n = w;
        weft_emap_omap_free(f, &m);
    }
    append(f, &c->ins, iv);
    append(f, &v->del, dc);
    objlist swap = c->del;
    c->del = v->del;
    v->del = swap;
}

/* A dead version with two or more children: objects every child dropped are
** held by no live version below it. Free the ones it created; pass the ones it
** inherited up as its own drops (and let its parent look again); at the root,
** free them all. Keeps: no dead version has an object all children dropped. */
static void collect_branch(family *f, weft_emap_t *v, objlist *rel) {
    assert(f != NULL && rel != NULL);
    while (v != NULL && !v->alive && v->nchildren >= 2) {
        /* v->child->del is read below as the candidates. */
        assert(v->child != NULL && v->child->next != NULL);
        size_t total = 0;
        for (weft_emap_t *c = v->child; c; c = c->next) total += c->del.n;
        if (total == 0) return;
        omap m;
        must(weft_emap_omap_init(f, &m, total));
        for (weft_emap_t *c = v->child; c; c = c->next) {
            for (size_t k = 0; k < c->del.n; k++) (*weft_emap_omap_find(&m, c->del.v[k], true))++;
        }
        objlist gone = {0};
        for (size_t k = 0; k < v->child->del.n; k++) {
            uint64_t o = v->child->del.v[k];
            if (*weft_emap_omap_find(&m, o, false) == v->nchildren) must(weft_emap_ol_push(f, &gone, o));
        }
        if (gone.n == 0) {
            weft_emap_omap_free(f, &m);
            return;
        }
        for (weft_emap_t *c = v->child; c; c = c->next) {
            size_t w = 0;
            for (size_t k = 0; k < c->del.n; k++) {
                if (*weft_emap_omap_find(&m, c->del.v[k], false) != v->nchildren) c->del.v[w++] = c->del.v[k];
            }
            c->del.n = w;
        }
        weft_emap_omap_free(f, &m);
        bool passed_up = false;
        if (v->parent == NULL) {
            free_all(f, &gone, rel);
        } else {
            omap mine;
            must(weft_emap_omap_init(f, &mine, v->ins.n));
            for (size_t k = 0; k < v->ins.n; k++) *weft_emap_omap_find(&mine, v->ins.v[k], true) = 0;
            reserve_frees(f, rel, gone.n);
            must(weft_emap_ol_reserve(f, &v->del, gone.n));
            for (size_t k = 0; k < gone.n; k++) {
                uint32_t *own = weft_emap_omap_find(&mine, gone.v[k], false);
                if (own != NULL) {
                    *own = 1;
                    free_obj(f, gone.v[k], rel);
                } else {
                    weft_emap_ol_push_reserved(&v->del, gone.v[k]);
                    passed_up = true;
                }
            }
            size_t w = 0;
            for (size_t k = 0; k < v->ins.n; k++) {
                if (*weft_emap_omap_find(&mine, v->ins.v[k], false) == 0) v->ins.v[w++] = v->ins.v[k];
            }
            v->ins.n = w;
            weft_emap_omap_free(f, &mine);
        }
        weft_emap_ol_free(f, &gone);
        if (!passed_up) return;
        v = v->parent;
    }
}

/* Apply the rules above to dead 'v' (not the last version of the family). */
static void settle(family *f, weft_emap_t *v, objlist *rel) {
    assert(f != NULL && rel != NULL);
    assert(v == NULL || v->fam == f);
    while (v != NULL && !v->alive) {
        weft_emap_t *p = v->parent;
        if (v->nchildren >= 2) {
            collect_branch(f, v, rel);
            return;
        }
        if (v->nchildren == 1) {
            weft_emap_t *c = v->child;
            assert(c != NULL && c->parent == v && c->next == NULL);
            if (p == NULL) {
                free_all(f, &c->del, rel);
                weft_emap_ol_free(f, &c->del);
                weft_emap_ol_free(f, &c->ins);
                c->parent = NULL;
                c->prev = c->next = NULL;
                f->root = c;
                destroy_dead(f, v);
                return;
            }
            compose(f, v, c, rel);
            take_place(v, c);
            destroy_dead(f, v);
            /* c's drops grew by v's: a dead parent may now find common drops. */
            collect_branch(f, p, rel);
            return;
        }
        assert(p != NULL && v->child == NULL);
        free_all(f, &v->ins, rel);
        unlink_child(p, v);
        destroy_dead(f, v);
        v = p;
        if (v->alive) return;
        if (v->nchildren >= 2) {
            collect_branch(f, v, rel);
            return;
        }
    }
}

void weft_emap_retain(weft_emap_t *v) {
    assert(v != NULL);
    uint_fast32_t before = atomic_fetch_add_explicit(&v->refs, 1, memory_order_relaxed);
    /* Only a holder may copy a reference: a version at zero is being freed. */
    assert(before > 0);
    (void)before;
}

void weft_emap_release(weft_emap_t *v) {
    assert(v != NULL);
    uint_fast32_t before = atomic_fetch_sub_explicit(&v->refs, 1, memory_order_acq_rel);
    assert(before > 0);  /* a release without a reference */
    if (before != 1) return;
    weft_emap_positions_drop(v);  /* no reader is left; the trees may outlive it in the family */
    family *f = v->fam;
    pthread_mutex_lock(&f->lock);
    assert(v->alive && f->live_versions > 0);
    v->alive = false;
    f->live_versions--;
    if (v->parent == NULL && v->nchildren == 0) {
        pthread_mutex_unlock(&f->lock);
        family_destroy(f, v);
        return;
    }
    f->dead_versions++;
    objlist rel = {0};
    settle(f, v, &rel);
    f->handles -= rel.n;
    pthread_mutex_unlock(&f->lock);
    weft_emap_family_release_handles(f, &rel);
}

void weft_emap_family_counts_get(const weft_emap_t *v, weft_emap_family_counts *out) {
    assert(v != NULL && v->fam != NULL && out != NULL);
    family *f = v->fam;
    pthread_mutex_lock(&f->lock);
    out->live_versions = f->live_versions;
    out->dead_versions = f->dead_versions;
    out->nodes = f->slab.live_blocks + f->slab.big_live;
    out->handles = f->handles;
    out->slab_bytes = f->slab.bytes;
    pthread_mutex_unlock(&f->lock);
}

/* ---- lookups ------------------------------------------------------------ */

size_t weft_emap_section_count(const weft_emap_t *v) {
    return (size_t)v->nsections;
}

size_t weft_emap_item_total(const weft_emap_t *v) {
    return (size_t)v->nitems;
}

static const rec *section_at(const weft_emap_t *v, int64_t section) {
    assert(v != NULL);
    if (section < 0 || (uint64_t)section >= v->nsections) return NULL;
    /* A version with sections has a section tree to descend. */
    assert(v->sections != NULL);
    uint64_t off;
    const node *x = weft_emap_pt_locate(v->sections, (uint64_t)section, &off);
    /* The section tree's leaves are records, one entry each. */
    assert(x->kind == K_REC && off == 0);
    return (const rec *)x;
}

weft_rc weft_emap_item_count(const weft_emap_t *v, int64_t section, size_t *out) {
    assert(out != NULL);
    const rec *r = section_at(v, section);
    if (r == NULL) return WEFT_ERANGE;
    *out = (size_t)r->count;
    return WEFT_OK;
}

void *weft_emap_item(const weft_emap_t *v, int64_t section, int64_t item) {
    assert(v != NULL);
    const emap_positions *p = weft_emap_positions_get(v);
    if (p != NULL) return weft_emap_positions_item(p, section, item);
    const rec *r = section_at(v, section);
    if (r == NULL || item < 0 || (uint64_t)item >= r->count) return NULL;
    /* A section with items has an item tree (an empty one has none). */
    assert(r->items != NULL);
    uint64_t off;
    const node *l = weft_emap_pt_locate(r->items, (uint64_t)item, &off);
    assert(l->kind == K_ILEAF && off < l->n);
    return ileaf_item(l, (unsigned)off);
}

void *weft_emap_supplementary(const weft_emap_t *v, uint32_t kind, int64_t section, int64_t item) {
    const rec *r = section_at(v, section);
    if (r == NULL || item < 0 || item > (int64_t)UINT32_MAX) return NULL;
    assert(r->nsupp <= weft_emap_node_capacity(&r->h));
    bool found;
    uint32_t pos = weft_emap_supp_find(r, kind, (uint32_t)item, &found);
    return found ? r->supps[pos].handle : NULL;
}

bool weft_emap_locate(const weft_emap_t *v, const void *handle, weft_emap_location *out) {
    assert(v != NULL && out != NULL);
    uint64_t val, slabel, sbase, ibase;
    const emap_positions *p = weft_emap_positions_get(v);
    if (p != NULL && handle != NULL && weft_emap_positions_locate(p, handle, out)) return true;
    if (handle == NULL || !weft_emap_hm_get(v->rev, mix64((uint64_t)(uintptr_t)handle), &val)) return false;
    if (!weft_emap_hm_get(v->secrev, mix64(val_sid(val)), &slabel)) return false;
    const rec *r = (const rec *)weft_emap_pt_find_label(v->sections, slabel, &sbase);
    if (r == NULL) return false;
    assert(r->h.kind == K_REC && r->sid == val_sid(val));
    if (val & VAL_SUPP) {
        uint32_t k = weft_emap_supp_locate(r, (uint32_t)val_label(val), handle);
        if (k == r->nsupp) return false;
        *out = (weft_emap_location){.section = (int64_t)sbase, .item = r->supps[k].item,
                                    .kind = r->supps[k].kind, .is_supplementary = true};
        return true;
    }
    /* An indexed item: its section holds at least that one. */
    assert(r->items != NULL && r->count > 0);
    const node *leaf = weft_emap_pt_find_label(r->items, val_label(val), &ibase);
    if (leaf == NULL) return false;
    assert(leaf->kind == K_ILEAF && ibase + leaf->n <= r->count);
    unsigned hint = val_hint(val);
    if (hint < leaf->n && ileaf_item(leaf, hint) == handle) {
        *out = (weft_emap_location){.section = (int64_t)sbase, .item = (int64_t)(ibase + hint), .kind = 0,
                                    .is_supplementary = false};
        return true;
    }
    for (unsigned k = 0; k < leaf->n; k++) {
        if (ileaf_item(leaf, k) == handle) {
            *out = (weft_emap_location){.section = (int64_t)sbase, .item = (int64_t)(ibase + k), .kind = 0,
                                        .is_supplementary = false};
            return true;
        }
    }
    return false;
}

size_t weft_emap_copy_items(const weft_emap_t *v, int64_t section, size_t start, void **out, size_t max) {
    assert(out != NULL || max == 0);
    const rec *r = section_at(v, section);
    if (r == NULL || start >= r->count) return 0;
    assert(r->items != NULL);
    size_t n = weft_emap_pt_copy(r->items, start, out, max);
    /* Never past the buffer, nor past the section's end. */
    assert(n <= max && n <= r->count - start);
    return n;
}

size_t weft_emap_supplementary_count(const weft_emap_t *v, int64_t section) {
    const rec *r = section_at(v, section);
    return r == NULL ? 0 : r->nsupp;
}

size_t weft_emap_copy_supplementaries(const weft_emap_t *v, int64_t section, size_t start,
                                      weft_emap_supplementary_entry *out, size_t max) {
    assert(out != NULL || max == 0);
    const rec *r = section_at(v, section);
    if (r == NULL || start >= r->nsupp) return 0;
    assert(r->nsupp <= weft_emap_node_capacity(&r->h));
    size_t n = r->nsupp - start < max ? r->nsupp - start : max;
    assert(n <= max && start + n <= r->nsupp);
    for (size_t k = 0; k < n; k++) {
        const supp *s = &r->supps[start + k];
        out[k] = (weft_emap_supplementary_entry){.kind = s->kind, .item = s->item, .handle = s->handle};
    }
    return n;
}

/* ---- checks ------------------------------------------------------------- */

bool weft_emap_check_invariants(const weft_emap_t *v) {
    assert(v != NULL);
#ifdef WEFT_DEBUG
    return weft_emap_check_version(v);
#else
    (void)v;
    return true;
#endif
}

bool weft_emap_check_family(const weft_emap_t *v) {
    assert(v != NULL && v->fam != NULL);
#ifdef WEFT_DEBUG
    family *f = v->fam;
    pthread_mutex_lock(&f->lock);
    bool ok = weft_emap_check_family_locked(f);
    pthread_mutex_unlock(&f->lock);
    return ok;
#else
    (void)v;
    return true;
#endif
}

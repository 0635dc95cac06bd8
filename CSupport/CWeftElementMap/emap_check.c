/*
** emap_check.c - invariant walkers (WEFT_DEBUG builds only).
**
** weft_emap_check_version walks one version: tree shape, counts, label order,
** node fill, and that the handle and section indexes agree with the trees in
** both directions. weft_emap_check_family_locked walks the version tree and
** proves the ownership rules: the nodes and handles the family holds are
** exactly those some live version reaches. Both are O(size) and meant for tests.
*/
#include "emap_internal.h"

#ifdef WEFT_DEBUG

#include <stdio.h>

#define CHECK(cond)                                                                   \
    do {                                                                              \
        if (!(cond)) {                                                                \
            fprintf(stderr, "CWeftElementMap: check failed: %s (%s:%d)\n", #cond,    \
                    __FILE__, __LINE__);                                              \
            return false;                                                             \
        }                                                                             \
    } while (0)

typedef struct walk {
    const struct weft_emap_s *v;
    bool has_label;
    uint64_t last_label;
    uint64_t supps;
    uint64_t absent; /* items without a handle */
} walk;

/* Positional tree below x: fills *weight and *first, checks label order of the
** leaf-level nodes through w (reset per tree by the caller). */
static bool check_pt(walk *w, const node *x, unsigned height, bool items, uint64_t *weight, uint64_t *first);

/* The leaves of one section's item tree, in order, with *at the index of the
** leaf's first item (counted here, not read off the tree's sums). The checker
** retraces the lookups' steps itself instead of calling weft_emap_item and
** weft_emap_locate, the code it checks: every item is where the positional
** descent finds its index, and every handle's index entry names its section
** and a label that the descent by label takes to this very leaf, with the
** items before it counted right. Runs after check_pt, so the shape is sound. */
static bool check_item_leaves(walk *outer, const rec *r, const node *x, uint64_t *at) {
    const struct weft_emap_s *v = outer->v;
    if (x->kind == K_PIN) {
        const pin *p = (const pin *)x;
        for (unsigned j = 0; j < x->n; j++) CHECK(check_item_leaves(outer, r, p->e[j].kid, at));
        return true;
    }
    CHECK(x->kind == K_ILEAF);
    uint64_t base = 0, off = 0;
    CHECK(weft_emap_pt_find_label(r->items, x->label, &base) == x && base == *at);
    for (unsigned k = 0; k < x->n; k++) {
        CHECK(weft_emap_pt_locate(r->items, *at + k, &off) == x && off == k);
        void *h = ileaf_item(x, k);
        if (h == NULL) {
            outer->absent++;
            continue;
        }
        uint64_t val;
        CHECK(weft_emap_hm_get(v->rev, mix64((uint64_t)(uintptr_t)h), &val));
        CHECK(!(val & VAL_SUPP) && val_sid(val) == r->sid && val_label(val) == x->label);
        /* A lookup stops at the first slot of the leaf holding h (or at the
        ** hinted one): h must be in no other. With the entry's flag, section
        ** and label above, no handle is in the version twice. */
        for (unsigned q = 0; q < k; q++) CHECK(ileaf_item(x, q) != h);
    }
    *at += x->n;
    return true;
}

/* Record r, the section at index 'section' by the walk of the section tree. */
static bool check_record(walk *outer, const rec *r, uint64_t section) {
    const struct weft_emap_s *v = outer->v;
    CHECK(r->h.kind == K_REC && r->h.n == 1);
    CHECK(r->sid <= SID_MAX);
    CHECK(r->nsupp <= weft_emap_node_capacity(&r->h));
    uint64_t slabel, sbase = 0, off = 0;
    CHECK(weft_emap_hm_get(v->secrev, mix64(r->sid), &slabel) && slabel == r->h.label);
    /* Both descents of the section tree arrive here: by index, and by the
    ** label the section index gives for r->sid (a lookup of any handle of
    ** this section, item or supplementary, takes that one). */
    CHECK(weft_emap_pt_locate(v->sections, section, &off) == &r->h && off == 0);
    CHECK(weft_emap_pt_find_label(v->sections, slabel, &sbase) == &r->h && sbase == section);
    uint64_t weight = 0, first = 0;
    if (r->items != NULL) {
        walk w = {.v = v, .has_label = false};
        CHECK(check_pt(&w, r->items, r->items->height, true, &weight, &first));
    }
    CHECK(weight == r->count);
    uint64_t at = 0;
    if (r->items != NULL) CHECK(check_item_leaves(outer, r, r->items, &at));
    CHECK(at == r->count);
    for (uint32_t k = 0; k < r->nsupp; k++) {
        const supp *s = &r->supps[k];
        if (k > 0) {
            const supp *p = &r->supps[k - 1];
            CHECK(p->kind < s->kind || (p->kind == s->kind && p->item < s->item));
        }
        CHECK(s->handle != NULL);
        uint64_t val;
        CHECK(weft_emap_hm_get(v->rev, mix64((uint64_t)(uintptr_t)s->handle), &val));
        /* The entry names this section and the item, and a lookup by handle
        ** stops at supps[k]. */
        CHECK((val & VAL_SUPP) && val_sid(val) == r->sid && val_label(val) == s->item);
        CHECK(weft_emap_supp_locate(r, s->item, s->handle) == k);
    }
    outer->supps += r->nsupp;
    return true;
}

/* The records of the section tree, in order, *at counting them. */
static bool check_sections(walk *w, const node *x, uint64_t *at, uint64_t *items) {
    if (x->kind == K_PIN) {
        const pin *p = (const pin *)x;
        for (unsigned j = 0; j < x->n; j++) CHECK(check_sections(w, p->e[j].kid, at, items));
        return true;
    }
    const rec *r = (const rec *)x;
    CHECK(check_record(w, r, *at));
    *items += r->count;
    (*at)++;
    return true;
}

static bool check_pt(walk *w, const node *x, unsigned height, bool items, uint64_t *weight, uint64_t *first) {
    /* Published: nothing but the hollow mark, and that on item leaves only. */
    CHECK(x->flags == 0 || (x->flags == F_HOLLOW && x->kind == K_ILEAF));
    CHECK(x->height == height);
    if (x->kind != K_PIN) {
        CHECK(height == 0);
        CHECK(x->kind == (items ? K_ILEAF : K_REC));
        CHECK(x->label < LABEL_SPACE);
        CHECK(!w->has_label || x->label > w->last_label);
        w->has_label = true;
        w->last_label = x->label;
        *first = x->label;
        if (items) {
            CHECK(x->n >= 1 && x->n <= ILEAF_CAP);
            /* A hollow leaf has its header's block and no array. */
            CHECK(ileaf_hollow(x) ? weft_emap_slab_block_bytes(x->where) == SLAB_UNIT
                                  : weft_emap_node_capacity(x) >= x->n);
            *weight = x->n;
        } else {
            *weight = 1;
        }
        return true;
    }
    const pin *p = (const pin *)x;
    CHECK(height >= 1);
    CHECK(x->n >= 1 && x->n <= PIN_CAP && weft_emap_node_capacity(x) >= x->n);
    uint64_t sum = 0;
    for (unsigned j = 0; j < x->n; j++) {
        uint64_t cw = 0, cf = 0;
        CHECK(check_pt(w, p->e[j].kid, height - 1, items, &cw, &cf));
        CHECK(p->e[j].cum == sum + cw);
        CHECK(p->e[j].label == cf);
        if (j == 0) *first = cf;
        sum += cw;
    }
    *weight = sum;
    return true;
}

static bool check_hm(const node *x, unsigned height, bool *has_key, uint64_t *last_key, uint64_t *first) {
    CHECK(x->flags == 0);
    CHECK(x->height == height);
    if (x->kind == K_HLEAF) {
        const hleaf *l = (const hleaf *)x;
        CHECK(height == 0);
        CHECK(x->n >= 1 && x->n <= HLEAF_CAP && weft_emap_node_capacity(x) >= x->n);
        for (unsigned k = 0; k < x->n; k++) {
            CHECK(!*has_key || l->e[k].key > *last_key);
            *has_key = true;
            *last_key = l->e[k].key;
        }
        *first = l->e[0].key;
        return true;
    }
    CHECK(x->kind == K_HIN);
    const hin *p = (const hin *)x;
    CHECK(height >= 1 && x->n >= 1 && x->n <= HIN_CAP && weft_emap_node_capacity(x) >= x->n);
    for (unsigned j = 0; j < x->n; j++) {
        uint64_t cf = 0;
        CHECK(check_hm(p->e[j].kid, height - 1, has_key, last_key, &cf));
        CHECK(p->e[j].sep == cf);
        if (j == 0) *first = cf;
    }
    return true;
}

static bool check_index(const node *root) {
    if (root == NULL) return true;
    bool has_key = false;
    uint64_t last = 0, first = 0;
    return check_hm(root, root->height, &has_key, &last, &first);
}

bool weft_emap_check_version(const struct weft_emap_s *v) {
    CHECK(check_index(v->rev));
    CHECK(check_index(v->secrev));
    CHECK(weft_emap_hm_count(v->secrev) == v->nsections);
    walk w = {.v = v, .has_label = false, .supps = 0, .absent = 0};
    uint64_t weight = 0, first = 0;
    if (v->sections != NULL) CHECK(check_pt(&w, v->sections, v->sections->height, false, &weight, &first));
    CHECK(weight == v->nsections);
    uint64_t items = 0, sections = 0;
    if (v->sections != NULL) CHECK(check_sections(&w, v->sections, &sections, &items));
    CHECK(sections == v->nsections);
    CHECK(items == v->nitems);
    CHECK(weft_emap_hm_count(v->rev) == v->nitems - w.absent + w.supps);
    const emap_positions *p = weft_emap_positions_get(v);
    if (p != NULL) CHECK(weft_emap_positions_check(v, p));
    return true;
}

/* ---- the family --------------------------------------------------------- */

static size_t tree_nodes(const node *x) {
    if (x == NULL) return 0;
    size_t c = 1;
    if (x->kind == K_PIN) {
        for (unsigned j = 0; j < x->n; j++) c += tree_nodes(((const pin *)x)->e[j].kid);
    } else if (x->kind == K_HIN) {
        for (unsigned j = 0; j < x->n; j++) c += tree_nodes(((const hin *)x)->e[j].kid);
    } else if (x->kind == K_REC) {
        c += tree_nodes(((const rec *)x)->items) + ((const rec *)x)->nsupp;
    } else if (x->kind == K_ILEAF) {
        c += x->n;
    }
    return c;
}

static void gather(omap *nodes, omap *handles, const node *x) {
    if (x == NULL) return;
    (*weft_emap_omap_find(nodes, (uint64_t)(uintptr_t)x, true))++;
    if (x->kind == K_PIN) {
        for (unsigned j = 0; j < x->n; j++) gather(nodes, handles, ((const pin *)x)->e[j].kid);
    } else if (x->kind == K_HIN) {
        for (unsigned j = 0; j < x->n; j++) gather(nodes, handles, ((const hin *)x)->e[j].kid);
    } else if (x->kind == K_REC) {
        const rec *r = (const rec *)x;
        gather(nodes, handles, r->items);
        for (uint32_t k = 0; k < r->nsupp; k++) {
            (*weft_emap_omap_find(handles, (uint64_t)(uintptr_t)r->supps[k].handle, true))++;
        }
    } else if (x->kind == K_ILEAF) {
        for (unsigned k = 0; k < x->n; k++) {
            void *h = ileaf_item(x, k);
            if (h != NULL) (*weft_emap_omap_find(handles, (uint64_t)(uintptr_t)h, true))++;
        }
    }
}

static size_t omap_size(const omap *m) {
    size_t n = 0;
    for (size_t i = 0; i < m->cap; i++) n += m->keys[i] != 0;
    return n;
}

typedef struct family_walk {
    family *f;
    uint64_t live, dead;
    size_t bound;
    omap nodes, handles;
} family_walk;

static bool walk_versions(family_walk *fw, const struct weft_emap_s *v, bool gathering) {
    uint32_t children = 0;
    for (const struct weft_emap_s *c = v->child; c; c = c->next) {
        CHECK(c->parent == v);
        CHECK(c->prev == NULL ? v->child == c : c->prev->next == c);
        children++;
    }
    CHECK(children == v->nchildren);
    if (v->alive) {
        if (gathering) {
            gather(&fw->nodes, &fw->handles, v->sections);
            gather(&fw->nodes, &fw->handles, v->rev);
            gather(&fw->nodes, &fw->handles, v->secrev);
        } else {
            fw->live++;
            fw->bound += tree_nodes(v->sections) + tree_nodes(v->rev) + tree_nodes(v->secrev);
        }
    } else if (!gathering) {
        fw->dead++;
        CHECK(v->nchildren >= 2);
        /* No object is dropped by every child: it would be garbage kept alive. */
        size_t total = 0;
        for (const struct weft_emap_s *c = v->child; c; c = c->next) total += c->del.n;
        omap m;
        CHECK(weft_emap_omap_init(fw->f, &m, total + 1));
        for (const struct weft_emap_s *c = v->child; c; c = c->next) {
            for (size_t k = 0; k < c->del.n; k++) (*weft_emap_omap_find(&m, c->del.v[k], true))++;
        }
        bool common = false;
        for (size_t i = 0; i < m.cap; i++) common |= m.keys[i] != 0 && m.vals[i] == v->nchildren;
        weft_emap_omap_free(fw->f, &m);
        CHECK(!common);
    }
    for (const struct weft_emap_s *c = v->child; c; c = c->next) CHECK(walk_versions(fw, c, gathering));
    return true;
}

bool weft_emap_check_family_locked(family *f) {
    family_walk fw = {.f = f};
    CHECK(f->root != NULL && f->root->parent == NULL);
    CHECK(f->root->ins.n == 0 && f->root->del.n == 0);
    CHECK(walk_versions(&fw, f->root, false));
    CHECK(fw.live == f->live_versions && fw.dead == f->dead_versions);
    CHECK(weft_emap_omap_init(f, &fw.nodes, fw.bound + 1));
    if (!weft_emap_omap_init(f, &fw.handles, fw.bound + 1)) {
        weft_emap_omap_free(f, &fw.nodes);
        CHECK(false);
    }
    bool ok = walk_versions(&fw, f->root, true);
    size_t nodes = omap_size(&fw.nodes), handles = omap_size(&fw.handles);
    weft_emap_omap_free(f, &fw.nodes);
    weft_emap_omap_free(f, &fw.handles);
    CHECK(ok);
    /* Everything held is reachable from a live version, and vice versa. */
    CHECK(nodes == f->slab.live_blocks + f->slab.big_live);
    CHECK(handles == f->handles);
    return true;
}

#endif /* WEFT_DEBUG */

/*
** emap_tree.c - persistent positional B+trees with order labels.
**
** Two trees use this code. A section's item tree has ILEAF leaves of up to 62
** handles; the section tree has one REC per section at the bottom. Internal
** nodes (PIN) keep, per child, the cumulative number of entries up to it (so
** position i is found by searching the counts, O(log n)) and the label of the
** first leaf below it (so a leaf is found by its label, O(log n), and the
** entries before it are read off the counts on the way).
**
** Why labels: a handle's index path must be computable in any version without
** parent pointers, which path copying cannot keep. Each leaf carries a label,
** and labels increase from left to right; the handle index stores the label of
** the handle's leaf, and the descent by label sums the counts to the left.
** Labels change only when a leaf splits (one half takes a new label between
** its neighbours'), when two leaves merge (the smaller half adopts the other's
** label), or when no label is left between two neighbours: then a block of
** leaves around the spot is spread evenly (Bender et al., "Two simplified
** algorithms for maintaining order in a list", with T = 1.3), which costs O(log n)
** leaf relabels per split amortized. Every handle of a relabeled leaf gets a
** new index entry, queued as a 'relabel' and applied by flush_relabels before
** the tree operation returns (a later split could move the queued items).
**
** Splits at either end of a tree step by LABEL_STRIDE instead of halving, so
** appending or prepending exhausts no labels for a long while.
*/
#include "emap_internal.h"

#include <assert.h>

/* Re-index the handles of every leaf (and the label of every section record)
** relabeled since the last flush. The tree owns this step, so that it runs
** before the operation that queued them returns: the hash maps sit below the
** tree, and the apply layer above never has to know a relabel happened. */
static weft_rc flush_relabels(txn *t) {
    assert(t != NULL);
    assert(t->npending <= t->cap_pending);
    for (size_t k = 0; k < t->npending; k++) {
        const relabel *r = &t->pending[k];
        const node *x = r->leaf;
        weft_rc rc = WEFT_OK;
        if (x->kind == K_REC) {
            rc = weft_emap_hm_set(t, &t->secrev, mix64(((const rec *)x)->sid), x->label);
        } else {
            assert(r->start + r->count <= x->n);
            for (uint32_t i = r->start; rc == WEFT_OK && i < r->start + r->count; i++) {
                void *h = ileaf_item(x, i);
                /* An absent item has no handle to find. */
                if (h == NULL) continue;
                rc = weft_emap_hm_set(t, &t->rev, mix64((uint64_t)(uintptr_t)h), val_pack(false, r->sid, x->label, i));
            }
        }
        if (rc != WEFT_OK) return rc;
    }
    t->npending = 0;
    return WEFT_OK;
}

static uint64_t pt_weight(const node *x) {
    assert(x != NULL);
    /* The default case reads a PIN's last cumulative count. */
    assert(x->kind == K_ILEAF || x->kind == K_REC || (x->kind == K_PIN && x->n >= 1));
    switch (x->kind) {
    case K_ILEAF: return x->n;
    case K_REC: return 1;
    default: return pin_total((const pin *)x);
    }
}

static uint64_t pt_first_label(const node *x) {
    assert(x != NULL && (x->kind != K_PIN || x->n >= 1));
    return x->kind == K_PIN ? ((const pin *)x)->e[0].label : x->label;
}

/* The child of 'p' holding position *idx, which is made relative to it. A
** position at a boundary belongs to the later child; the end belongs to the last. */
static unsigned child_at(const pin *p, uint64_t *idx) {
    assert(p != NULL && idx != NULL);
    assert(p->h.kind == K_PIN && p->h.n >= 1 && p->h.n <= PIN_CAP);
    /* A position of the node, or its end. */
    assert(*idx <= pin_total(p));
    int k = search_last_le(p, pent_cum, p->h.n, *idx);
    unsigned j = (unsigned)(k + 1);
    if (j >= p->h.n) j = p->h.n - 1u;
    *idx -= pin_before(p, j);
    assert(j < p->h.n && *idx <= p->e[j].cum - pin_before(p, j));
    return j;
}

const node *weft_emap_pt_locate(const node *x, uint64_t idx, uint64_t *off) {
    assert(x != NULL && off != NULL);
    while (x->kind == K_PIN) {
        const pin *p = (const pin *)x;
        x = p->e[child_at(p, &idx)].kid;
    }
    /* An item leaf's slot (or its end, for an insert there); a record's 0. */
    assert(x->kind == K_ILEAF ? idx <= x->n : x->kind == K_REC && idx <= 1);
    *off = idx;
    return x;
}

const node *weft_emap_pt_find_label(const node *x, uint64_t label, uint64_t *base) {
    assert(x != NULL && base != NULL);
    uint64_t b = 0;
    while (x->kind == K_PIN) {
        const pin *p = (const pin *)x;
        int j = search_last_le(p, pent_label, p->h.n, label);
        if (j < 0) return NULL;
        b += pin_before(p, (unsigned)j);
        x = p->e[j].kid;
    }
    if (x->label != label) return NULL;
    assert(x->kind == K_ILEAF || x->kind == K_REC);
    *base = b;
    return x;
}

static size_t copy_rec(const node *x, uint64_t start, void **out, size_t max) {
    assert(x != NULL && out != NULL && max > 0);
    assert(x->kind == K_ILEAF || x->kind == K_PIN);
    if (x->kind == K_ILEAF) {
        if (start >= x->n) return 0;
        size_t c = x->n - start;
        if (c > max) c = max;
        assert(c >= 1 && start + c <= x->n);
        ileaf_copy(x, (unsigned)start, c, out);
        return c;
    }
    const pin *p = (const pin *)x;
    uint64_t rel = start;
    size_t done = 0;
    for (unsigned j = child_at(p, &rel); j < x->n && done < max; j++) {
        done += copy_rec(p->e[j].kid, rel, out + done, max - done);
        rel = 0;
    }
    return done;
}

size_t weft_emap_pt_copy(const node *root, uint64_t start, void **out, size_t max) {
    assert(out != NULL || max == 0);
    if (root == NULL || max == 0) return 0;
    return copy_rec(root, start, out, max);
}

/* ---- internal-node edits ------------------------------------------------ */

/* Entries at and after j gained d entries below them. */
static void pin_add(pin *p, unsigned j, int64_t d) {
    assert(p != NULL && (p->h.flags & F_MUTABLE) && j <= p->h.n);
    /* Counts ascend, so if the first one adjusted stays >= 0 all do. */
    assert(j == p->h.n || d >= 0 || p->e[j].cum >= (uint64_t)-d);
    for (unsigned k = j; k < p->h.n; k++) p->e[k].cum = (uint64_t)((int64_t)p->e[k].cum + d);
}

static void pin_put(pin *p, unsigned pos, node *child) {
    unsigned n = p->h.n;
    assert(n < PIN_CAP && pos <= n);
    assert(child != NULL && weft_emap_node_capacity(&p->h) > n);
    uint64_t w = pt_weight(child);
    memmove(&p->e[pos + 1], &p->e[pos], (n - pos) * sizeof(pent));
    p->e[pos] = (pent){.label = pt_first_label(child), .kid = child, .cum = pin_before(p, pos) + w};
    p->h.n++;
    pin_add(p, pos + 1, (int64_t)w);
}

static void pin_cut(pin *p, unsigned pos) {
    unsigned n = p->h.n;
    assert(pos < n);
    assert(p->h.flags & F_MUTABLE);
    uint64_t w = p->e[pos].cum - pin_before(p, pos);
    memmove(&p->e[pos], &p->e[pos + 1], (n - pos - 1) * sizeof(pent));
    p->h.n--;
    pin_add(p, pos, -(int64_t)w);
}

/* Insert 'child' at 'pos' of the batch's node 'p'; if p is full it splits and
** *right receives its new right half. */
static weft_rc pin_insert_child(txn *t, pin *p, unsigned pos, node *child, node **right) {
    assert(t != NULL && p != NULL && child != NULL && right != NULL);
    assert(pos <= p->h.n && p->h.n <= PIN_CAP);
    *right = NULL;
    if (p->h.n < PIN_CAP) {
        /* The descent owned p with room for one more child. */
        assert(weft_emap_node_capacity(&p->h) > p->h.n);
        pin_put(p, pos, child);
        return WEFT_OK;
    }
    unsigned half = PIN_CAP / 2, moved = PIN_CAP - half;
    pin *q = (pin *)weft_emap_txn_node_alloc(t, K_PIN, weft_emap_pin_bytes(moved + 1u));
    if (q == NULL) return WEFT_ENOMEM;
    q->h.height = p->h.height;
    uint64_t before = p->e[half - 1].cum;
    for (unsigned k = 0; k < moved; k++) {
        q->e[k] = p->e[half + k];
        q->e[k].cum -= before;
    }
    q->h.n = (uint8_t)moved;
    p->h.n = (uint8_t)half;
    if (pos <= half) pin_put(p, pos, child);
    else pin_put(q, pos - half, child);
    *right = &q->h;
    return WEFT_OK;
}

/* A new root above the current root and 'right'. */
static weft_rc grow_root(txn *t, node **root, node *right) {
    assert(t != NULL && root != NULL && *root != NULL && right != NULL);
    /* The halves of a split sit at one height: the new root is one above. */
    assert((*root)->height == right->height && (*root)->height < UINT8_MAX);
    pin *r = (pin *)weft_emap_txn_node_alloc(t, K_PIN, weft_emap_pin_bytes(2));
    if (r == NULL) return WEFT_ENOMEM;
    r->h.height = (uint8_t)((*root)->height + 1);
    pin_put(r, 0, *root);
    pin_put(r, 1, right);
    *root = &r->h;
    return WEFT_OK;
}

/* Child j of the batch's node p gained one entry. If it split, 'split' is its
** new right half: j keeps the left part and the right part follows it. */
static weft_rc adopt_insert(txn *t, pin *p, unsigned j, node *split, node **right) {
    assert(t != NULL && p != NULL && right != NULL);
    assert((p->h.flags & F_MUTABLE) && j < p->h.n);
    node *kid = p->e[j].kid;
    p->e[j].label = pt_first_label(kid);
    *right = NULL;
    if (split == NULL) {
        pin_add(p, j, 1);
        return WEFT_OK;
    }
    pin_add(p, j, (int64_t)pt_weight(kid) - (int64_t)(p->e[j].cum - pin_before(p, j)));
    return pin_insert_child(t, p, j + 1, split, right);
}

/* Walk down to the leaf-level node holding position idx, making every node
** on the way the batch's, and return the slot that points at it. */
static weft_rc own_path(txn *t, node **slot, uint64_t idx, node ***leaf_slot, uint64_t *off) {
    assert(t != NULL && slot != NULL && *slot != NULL && leaf_slot != NULL && off != NULL);
    while ((*slot)->kind == K_PIN) {
        pin *p = (pin *)weft_emap_txn_own(t, *slot, (*slot)->n);
        if (p == NULL) return WEFT_ENOMEM;
        *slot = &p->h;
        slot = &p->e[child_at(p, &idx)].kid;
    }
    assert((*slot)->kind == K_ILEAF || (*slot)->kind == K_REC);
    *leaf_slot = slot;
    *off = idx;
    return WEFT_OK;
}

/* ---- labels ------------------------------------------------------------- */

/* A label strictly between lo and hi (either bound may be absent), or false
** if none is left. At an open end, step by LABEL_STRIDE rather than halve. */
static bool label_between(bool has_lo, uint64_t lo, bool has_hi, uint64_t hi, uint64_t *out) {
    assert(out != NULL);
    /* Neighbours' labels: in the label space, and in order. */
    assert((!has_lo || lo < LABEL_SPACE) && (!has_hi || hi < LABEL_SPACE));
    assert(!has_lo || !has_hi || lo < hi);
    if (!has_lo && !has_hi) {
        *out = LABEL_MID;
        return true;
    }
    if (!has_hi) {
        uint64_t room = LABEL_SPACE - 1 - lo;
        if (room < 1) return false;
        uint64_t step = (room + 1) / 2 < LABEL_STRIDE ? (room + 1) / 2 : LABEL_STRIDE;
        *out = lo + step;
        return true;
    }
    if (!has_lo) {
        if (hi < 1) return false;
        uint64_t step = (hi + 1) / 2 < LABEL_STRIDE ? (hi + 1) / 2 : LABEL_STRIDE;
        *out = hi - step;
        return true;
    }
    if (hi - lo < 2) return false;
    *out = lo + (hi - lo) / 2;
    return true;
}

/* Leaf-level nodes (ILEAF or REC) whose label lies in [lo, hi), counted up to
** 'limit' + 1. A child's labels lie in [its first label, the next child's). */
static uint64_t count_in(const node *x, uint64_t lo, uint64_t hi, uint64_t limit) {
    assert(x != NULL && lo < hi);
    if (x->kind != K_PIN) return x->label >= lo && x->label < hi;
    const pin *p = (const pin *)x;
    uint64_t c = 0;
    for (unsigned j = 0; j < x->n && c <= limit; j++) {
        uint64_t chi = j + 1 < x->n ? p->e[j + 1].label : UINT64_MAX;
        if (chi <= lo || p->e[j].label >= hi) continue;
        c += count_in(p->e[j].kid, lo, hi, limit - c);
    }
    return c;
}

static weft_rc relabel_in(txn *t, node **slot, uint32_t sid, uint64_t lo, uint64_t hi, uint64_t *next,
                          uint64_t spacing) {
    assert(t != NULL && slot != NULL && *slot != NULL && next != NULL);
    assert(lo < hi && spacing > 0);
    node *x = *slot;
    if (x->kind != K_PIN) {
        if (x->label < lo || x->label >= hi) return WEFT_OK;
        node *y = weft_emap_txn_own_label(t, x);
        if (y == NULL) return WEFT_ENOMEM;
        *slot = y;
        y->label = *next;
        /* The block holds fewer leaves than it has spacings: labels stay in it. */
        assert(y->label >= lo && y->label < hi);
        *next += spacing;
        uint32_t count = y->kind == K_ILEAF ? y->n : 1;
        return weft_emap_txn_pending(t, y, sid, 0, count) ? WEFT_OK : WEFT_ENOMEM;
    }
    const pin *old = (const pin *)x;
    bool touches = false;
    for (unsigned j = 0; j < x->n && !touches; j++) {
        uint64_t chi = j + 1 < x->n ? old->e[j + 1].label : UINT64_MAX;
        touches = !(chi <= lo || old->e[j].label >= hi);
    }
    if (!touches) return WEFT_OK;
    pin *p = (pin *)weft_emap_txn_own(t, x, x->n);
    if (p == NULL) return WEFT_ENOMEM;
    *slot = &p->h;
    for (unsigned j = 0; j < p->h.n; j++) {
        /* Read the next child's old first label before this child changes. */
        uint64_t chi = j + 1 < p->h.n ? p->e[j + 1].label : UINT64_MAX;
        if (chi <= lo || p->e[j].label >= hi) continue;
        weft_rc rc = relabel_in(t, &p->e[j].kid, sid, lo, hi, next, spacing);
        if (rc != WEFT_OK) return rc;
        p->e[j].label = pt_first_label(p->e[j].kid);
    }
    return WEFT_OK;
}

/* Make room around label 'a' by spreading the leaves of the smallest aligned
** label block around it whose density is under the threshold 1.3^-j. */
static weft_rc relabel_around(txn *t, node **root, uint32_t sid, uint64_t a) {
    assert(t != NULL && root != NULL && *root != NULL && a < LABEL_SPACE);
    double threshold = 1.0;
    for (unsigned j = 1; j <= LABEL_BITS; j++) {
        threshold *= 2.0 / 1.3;
        uint64_t size = (uint64_t)1 << j;
        uint64_t lo = a & ~(size - 1), hi = lo + size;
        uint64_t limit = (uint64_t)threshold;
        uint64_t c = count_in(*root, lo, hi, limit);
        if (c + 1 <= limit && (c + 2) * 2 <= size) {
            uint64_t spacing = size / (c + 2), next = lo + spacing;
            weft_rc rc = relabel_in(t, root, sid, lo, hi, &next, spacing);
            return rc == WEFT_OK ? flush_relabels(t) : rc;
        }
    }
    /* Denser than any block allows (tens of millions of leaves): spread all. */
    uint64_t c = count_in(*root, 0, LABEL_SPACE, UINT64_MAX - 1);
    uint64_t spacing = LABEL_SPACE / (c + 2), next = spacing;
    weft_rc rc = relabel_in(t, root, sid, 0, LABEL_SPACE, &next, spacing);
    return rc == WEFT_OK ? flush_relabels(t) : rc;
}

/* ---- item trees --------------------------------------------------------- */

typedef struct split_plan {
    bool left_new;   /* the left half takes 'label' (else the right half does) */
    uint64_t label;
} split_plan;

/* Decide the label for the new half of a full leaf that starts at 'start'.
** Returns false if no label is left on either side. */
static bool plan_split(const node *root, const node *leaf, uint64_t start, split_plan *plan) {
    assert(root != NULL && leaf != NULL && plan != NULL);
    assert(leaf->kind == K_ILEAF && leaf->n == ILEAF_CAP);
    uint64_t total = pt_weight(root), off;
    assert(start + leaf->n <= total);
    uint64_t a = leaf->label;
    bool has_prev = start > 0, has_next = start + leaf->n < total;
    uint64_t prev = has_prev ? weft_emap_pt_locate(root, start - 1, &off)->label : 0;
    uint64_t next = has_next ? weft_emap_pt_locate(root, start + leaf->n, &off)->label : 0;
    uint64_t left_room = has_prev ? a - prev : a + 1;
    uint64_t right_room = has_next ? next - a : LABEL_SPACE - a;
    uint64_t l, r;
    bool left_ok = label_between(has_prev, prev, true, a, &l);
    bool right_ok = label_between(true, a, has_next, next, &r);
    if (left_ok && (!right_ok || left_room > right_room)) {
        *plan = (split_plan){.left_new = true, .label = l};
        return true;
    }
    if (right_ok) {
        *plan = (split_plan){.left_new = false, .label = r};
        return true;
    }
    return false;
}

/* On failure the nodes the batch made so far are freed with the batch; the
** tree may be left half edited, which nothing reads. */
static weft_rc ins_rec(txn *t, node **slot, uint64_t idx, void *h, uint32_t sid, const split_plan *plan,
                       node **right, uint64_t *label_out, unsigned *slot_out) {
    assert(t != NULL && slot != NULL && *slot != NULL && plan != NULL && right != NULL);
    node *x = *slot;
    *right = NULL;
    /* In a leaf, a slot or its end (memmove below). */
    assert(x->kind == K_PIN || (x->kind == K_ILEAF && idx <= x->n));
    if (x->kind == K_ILEAF) {
        if (x->n < ILEAF_CAP) {
            node *y = weft_emap_txn_own(t, x, x->n + 1u);
            if (y == NULL) return WEFT_ENOMEM;
            ileaf *l = (ileaf *)y;
            memmove(&l->items[idx + 1], &l->items[idx], (y->n - idx) * sizeof(void *));
            l->items[idx] = h;
            y->n++;
            *slot = y;
            *label_out = y->label;
            *slot_out = (unsigned)idx;
            return WEFT_OK;
        }
        unsigned total = x->n + 1u, nl = total / 2, nr = total - nl;
        void *all[ILEAF_CAP + 1];
        ileaf_copy(x, 0, idx, all);
        all[idx] = h;
        ileaf_copy(x, (unsigned)idx, x->n - idx, &all[idx + 1]);
        if (!weft_emap_txn_reserve(t, 1)) return WEFT_ENOMEM;
        node *L = weft_emap_txn_node_alloc(t, K_ILEAF, weft_emap_ileaf_bytes(nl));
        node *R = L ? weft_emap_txn_node_alloc(t, K_ILEAF, weft_emap_ileaf_bytes(nr)) : NULL;
        if (R == NULL) return WEFT_ENOMEM;
        memcpy(((ileaf *)L)->items, all, nl * sizeof(void *));
        memcpy(((ileaf *)R)->items, &all[nl], nr * sizeof(void *));
        L->n = (uint8_t)nl;
        R->n = (uint8_t)nr;
        L->label = plan->left_new ? plan->label : x->label;
        R->label = plan->left_new ? x->label : plan->label;
        bool queued = plan->left_new ? weft_emap_txn_pending(t, L, sid, 0, nl)
                                     : weft_emap_txn_pending(t, R, sid, 0, nr);
        if (!queued) return WEFT_ENOMEM;
        weft_emap_txn_drop(t, x);
        *slot = L;
        *right = R;
        *label_out = idx < nl ? L->label : R->label;
        *slot_out = idx < nl ? (unsigned)idx : (unsigned)(idx - nl);
        return WEFT_OK;
    }
    pin *p = (pin *)weft_emap_txn_own(t, x, room_for_one_more(x->n, PIN_CAP));
    if (p == NULL) return WEFT_ENOMEM;
    *slot = &p->h;
    unsigned j = child_at(p, &idx);
    node *kr = NULL;
    weft_rc rc = ins_rec(t, &p->e[j].kid, idx, h, sid, plan, &kr, label_out, slot_out);
    return rc == WEFT_OK ? adopt_insert(t, p, j, kr, right) : rc;
}

weft_rc weft_emap_it_insert(txn *t, node **root, uint64_t idx, uint32_t sid, void *h, uint64_t *label_out,
                            unsigned *slot_out) {
    assert(t != NULL && root != NULL && label_out != NULL && slot_out != NULL);
    assert(*root == NULL ? idx == 0 : idx <= pt_weight(*root));
    if (*root == NULL) {
        node *l = weft_emap_txn_node_alloc(t, K_ILEAF, weft_emap_ileaf_bytes(1));
        if (l == NULL) return WEFT_ENOMEM;
        l->label = LABEL_MID;
        ((ileaf *)l)->items[0] = h;
        l->n = 1;
        *root = l;
        *label_out = l->label;
        *slot_out = 0;
        return WEFT_OK;
    }
    split_plan plan = {0};
    for (;;) {
        uint64_t off;
        const node *leaf = weft_emap_pt_locate(*root, idx, &off);
        if (leaf->n < ILEAF_CAP || plan_split(*root, leaf, idx - off, &plan)) break;
        weft_rc rc = relabel_around(t, root, sid, leaf->label);
        if (rc != WEFT_OK) return rc;
    }
    node *right = NULL;
    weft_rc rc = ins_rec(t, root, idx, h, sid, &plan, &right, label_out, slot_out);
    if (rc == WEFT_OK && right != NULL) rc = grow_root(t, root, right);
    return rc == WEFT_OK ? flush_relabels(t) : rc;
}

/* ---- removal ------------------------------------------------------------ */

/* Merge the children at j and j+1 of the batch's node p into one. Leaves: the
** smaller adopts the larger's label (its handles are queued for new index
** entries). Internal nodes: labels are unchanged. */
static weft_rc merge_pair(txn *t, pin *p, unsigned j, uint32_t sid) {
    assert(t != NULL && p != NULL && (p->h.flags & F_MUTABLE) && j + 1 < p->h.n);
    node *a = p->e[j].kid, *b = p->e[j + 1].kid;
    /* Siblings, and fix_underflow checked that they fit one node. */
    assert(a->kind == b->kind && (a->kind == K_ILEAF || a->kind == K_PIN));
    assert(a->n + b->n <= (a->kind == K_ILEAF ? ILEAF_CAP : PIN_CAP));
    if (!weft_emap_txn_reserve(t, 2)) return WEFT_ENOMEM;
    node *m;
    if (a->kind == K_ILEAF) {
        unsigned total = a->n + b->n;
        /* Two runs of absent items make one, still without an array. */
        bool hollow = ileaf_hollow(a) && ileaf_hollow(b);
        m = weft_emap_txn_node_alloc(t, K_ILEAF, weft_emap_ileaf_bytes(hollow ? 0 : total));
        if (m == NULL) return WEFT_ENOMEM;
        if (hollow) {
            m->flags |= F_HOLLOW;
        } else {
            ileaf_copy(a, 0, a->n, ((ileaf *)m)->items);
            ileaf_copy(b, 0, b->n, &((ileaf *)m)->items[a->n]);
        }
        m->n = (uint8_t)total;
        bool keep_a = a->n >= b->n;
        m->label = keep_a ? a->label : b->label;
        bool queued = keep_a ? weft_emap_txn_pending(t, m, sid, a->n, b->n) : weft_emap_txn_pending(t, m, sid, 0, a->n);
        if (!queued) return WEFT_ENOMEM;
        weft_emap_txn_drop(t, a);
    } else {
        pin *pa = (pin *)weft_emap_txn_own(t, a, (size_t)a->n + b->n);
        if (pa == NULL) return WEFT_ENOMEM;
        const pin *pb = (const pin *)b;
        uint64_t before = pin_total(pa);
        for (unsigned k = 0; k < pb->h.n; k++) {
            pa->e[pa->h.n + k] = pb->e[k];
            pa->e[pa->h.n + k].cum += before;
        }
        pa->h.n = (uint8_t)(pa->h.n + pb->h.n);
        m = &pa->h;
    }
    weft_emap_txn_drop(t, b);
    /* The pair's total is unchanged: the merged child ends where b ended. */
    p->e[j].kid = m;
    p->e[j].label = pt_first_label(m);
    p->e[j].cum = p->e[j + 1].cum;
    memmove(&p->e[j + 1], &p->e[j + 2], (p->h.n - j - 2) * sizeof(pent));
    p->h.n--;
    return WEFT_OK;
}

/* After child j of p shrank: merge it with a sibling if it is under its minimum
** and the two fit in one node. */
static weft_rc fix_underflow(txn *t, pin *p, unsigned j, uint32_t sid) {
    assert(t != NULL && p != NULL && j < p->h.n);
    const node *c = p->e[j].kid;
    unsigned min = c->kind == K_ILEAF ? ILEAF_MIN : c->kind == K_PIN ? PIN_MIN : 0;
    unsigned cap = c->kind == K_ILEAF ? ILEAF_CAP : PIN_CAP;
    if (c->n >= min || p->h.n < 2) return WEFT_OK;
    if (j > 0 && p->e[j - 1].kid->n + c->n <= cap) return merge_pair(t, p, j - 1, sid);
    if (j + 1 < p->h.n && p->e[j + 1].kid->n + c->n <= cap) return merge_pair(t, p, j, sid);
    return WEFT_OK;
}

static weft_rc rm_rec(txn *t, node **slot, uint64_t idx, uint32_t sid, void **item, rec **record, bool *emptied) {
    assert(t != NULL && slot != NULL && *slot != NULL && item != NULL && record != NULL && emptied != NULL);
    node *x = *slot;
    *emptied = false;
    /* An existing position: removal never names the end. */
    assert(idx < pt_weight(x));
    if (x->kind == K_ILEAF) {
        *item = ileaf_item(x, (unsigned)idx);
        if (x->n == 1) {
            if (!weft_emap_txn_reserve(t, 1)) return WEFT_ENOMEM;
            weft_emap_txn_drop(t, x);
            *slot = NULL;
            *emptied = true;
            return WEFT_OK;
        }
        node *y = weft_emap_txn_own(t, x, x->n);
        if (y == NULL) return WEFT_ENOMEM;
        ileaf *l = (ileaf *)y;
        memmove(&l->items[idx], &l->items[idx + 1], (y->n - idx - 1) * sizeof(void *));
        y->n--;
        *slot = y;
        return WEFT_OK;
    }
    if (x->kind == K_REC) {
        /* A section: removed whole; the caller keeps or drops it. */
        *record = (rec *)x;
        *slot = NULL;
        *emptied = true;
        return WEFT_OK;
    }
    pin *p = (pin *)weft_emap_txn_own(t, x, x->n);
    if (p == NULL) return WEFT_ENOMEM;
    *slot = &p->h;
    unsigned j = child_at(p, &idx);
    bool child_emptied = false;
    weft_rc rc = rm_rec(t, &p->e[j].kid, idx, sid, item, record, &child_emptied);
    if (rc != WEFT_OK) return rc;
    if (child_emptied) {
        pin_cut(p, j);
        if (p->h.n == 0) {
            if (!weft_emap_txn_reserve(t, 1)) return WEFT_ENOMEM;
            weft_emap_txn_drop(t, &p->h);
            *slot = NULL;
            *emptied = true;
            return WEFT_OK;
        }
        return fix_underflow(t, p, j < p->h.n ? j : j - 1, sid);
    }
    pin_add(p, j, -1);
    p->e[j].label = pt_first_label(p->e[j].kid);
    return fix_underflow(t, p, j, sid);
}

/* A root with one child gives way to the child. */
static weft_rc shrink_root(txn *t, node **root) {
    assert(t != NULL && root != NULL);
    while (*root != NULL && (*root)->kind == K_PIN && (*root)->n == 1) {
        if (!weft_emap_txn_reserve(t, 1)) return WEFT_ENOMEM;
        node *only = ((pin *)*root)->e[0].kid;
        weft_emap_txn_drop(t, *root);
        *root = only;
    }
    return WEFT_OK;
}

weft_rc weft_emap_it_remove(txn *t, node **root, uint64_t idx, uint32_t sid, void **removed) {
    assert(t != NULL && root != NULL && *root != NULL && removed != NULL);
    bool emptied = false;
    rec *unused = NULL;
    weft_rc rc = rm_rec(t, root, idx, sid, removed, &unused, &emptied);
    if (rc == WEFT_OK) rc = shrink_root(t, root);
    return rc == WEFT_OK ? flush_relabels(t) : rc;
}

weft_rc weft_emap_it_replace(txn *t, node **root, uint64_t idx, void *h, void **old, uint64_t *label_out,
                             unsigned *slot_out) {
    assert(t != NULL && root != NULL && *root != NULL && old != NULL && label_out != NULL && slot_out != NULL);
    node **slot;
    uint64_t off;
    weft_rc rc = own_path(t, root, idx, &slot, &off);
    if (rc != WEFT_OK) return rc;
    /* Replacing names an existing item: a slot, not the leaf's end. */
    assert((*slot)->kind == K_ILEAF && off < (*slot)->n);
    node *y = weft_emap_txn_own(t, *slot, (*slot)->n);
    if (y == NULL) return WEFT_ENOMEM;
    *slot = y;
    *old = ((ileaf *)y)->items[off];
    ((ileaf *)y)->items[off] = h;
    *label_out = y->label;
    *slot_out = (unsigned)off;
    return WEFT_OK;
}

weft_rc weft_emap_it_build(txn *t, void *const *handles, size_t n, node **root) {
    assert(t != NULL && t->f != NULL && root != NULL);
    *root = NULL;
    if (n == 0) return WEFT_OK;
    size_t leaves = (n + ILEAF_FILL - 1) / ILEAF_FILL;
    node **level = weft_arena_alloc(t->f->arena, leaves * sizeof(node *));
    if (level == NULL) return WEFT_ENOMEM;
    /* Labels spaced evenly around the middle, at most LABEL_STRIDE apart. */
    uint64_t spacing = LABEL_SPACE / (leaves + 1);
    if (spacing > LABEL_STRIDE) spacing = LABEL_STRIDE;
    assert(spacing > 0 && spacing * (leaves - 1) < LABEL_SPACE);
    uint64_t label = (LABEL_SPACE - spacing * (leaves - 1)) / 2;
    size_t at = 0;
    weft_rc rc = WEFT_OK;
    for (size_t made = 0; made < leaves; made++) {
        size_t take = (n - at) / (leaves - made);
        /* Even shares of at most ILEAF_FILL, none empty: take fits a leaf's uint8_t count. */
        assert(take >= 1 && take <= ILEAF_FILL && at + take <= n);
        node *l = weft_emap_txn_node_alloc(t, K_ILEAF, weft_emap_ileaf_bytes(handles != NULL ? take : 0));
        if (l == NULL) {
            rc = WEFT_ENOMEM;
            break;
        }
        if (handles != NULL) memcpy(((ileaf *)l)->items, &handles[at], take * sizeof(void *));
        else l->flags |= F_HOLLOW;
        l->n = (uint8_t)take;
        l->label = label;
        label += spacing;
        at += take;
        level[made] = l;
    }
    /* Internal levels, built in place over 'level'. On failure the nodes made
    ** so far are freed with the batch. */
    size_t count = leaves;
    uint8_t height = 1;
    while (rc == WEFT_OK && count > 1) {
        size_t parents = (count + PIN_FILL - 1) / PIN_FILL, done = 0;
        for (size_t out = 0; out < parents && rc == WEFT_OK; out++) {
            size_t take = (count - done) / (parents - out);
            pin *p = (pin *)weft_emap_txn_node_alloc(t, K_PIN, weft_emap_pin_bytes(take));
            if (p == NULL) {
                rc = WEFT_ENOMEM;
                break;
            }
            p->h.height = height;
            for (size_t k = 0; k < take; k++) pin_put(p, (unsigned)k, level[done + k]);
            done += take;
            level[out] = &p->h;
        }
        count = parents;
        height++;
    }
    assert(rc != WEFT_OK || (at == n && count == 1));
    if (rc == WEFT_OK) *root = level[0];
    weft_arena_free(t->f->arena, level);
    return rc;
}

/* ---- section tree ------------------------------------------------------- */

static weft_rc st_ins_rec(txn *t, node **slot, uint64_t idx, rec *r, node **right) {
    assert(t != NULL && slot != NULL && *slot != NULL && r != NULL && right != NULL);
    assert((*slot)->kind == K_PIN && idx <= pt_weight(*slot));
    pin *p = (pin *)weft_emap_txn_own(t, *slot, room_for_one_more((*slot)->n, PIN_CAP));
    *right = NULL;
    if (p == NULL) return WEFT_ENOMEM;
    *slot = &p->h;
    if (p->h.height == 1) return pin_insert_child(t, p, (unsigned)idx, &r->h, right);
    unsigned j = child_at(p, &idx);
    node *kr = NULL;
    weft_rc rc = st_ins_rec(t, &p->e[j].kid, idx, r, &kr);
    return rc == WEFT_OK ? adopt_insert(t, p, j, kr, right) : rc;
}

weft_rc weft_emap_st_insert(txn *t, node **root, uint64_t nsections, uint64_t idx, rec *r) {
    assert(r->h.flags & F_MUTABLE);
    assert(t != NULL && root != NULL && r->h.kind == K_REC && idx <= nsections);
    assert((*root == NULL) == (nsections == 0));
    for (;;) {
        uint64_t off, prev = 0, next = 0;
        bool has_prev = idx > 0, has_next = idx < nsections;
        if (has_prev) prev = weft_emap_pt_locate(*root, idx - 1, &off)->label;
        if (has_next) next = weft_emap_pt_locate(*root, idx, &off)->label;
        if (label_between(has_prev, prev, has_next, next, &r->h.label)) break;
        weft_rc rc = relabel_around(t, root, 0, has_prev ? prev : next);
        if (rc != WEFT_OK) return rc;
    }
    weft_rc rc = WEFT_OK;
    if (*root == NULL) {
        *root = &r->h;
    } else if ((*root)->kind == K_REC) {
        pin *p = (pin *)weft_emap_txn_node_alloc(t, K_PIN, weft_emap_pin_bytes(2));
        if (p == NULL) return WEFT_ENOMEM;
        p->h.height = 1;
        pin_put(p, 0, *root);
        pin_put(p, idx == 0 ? 0 : 1, &r->h);
        *root = &p->h;
    } else {
        node *right = NULL;
        rc = st_ins_rec(t, root, idx, r, &right);
        if (rc == WEFT_OK && right != NULL) rc = grow_root(t, root, right);
    }
    if (rc != WEFT_OK) return rc;
    /* Index the section's new label. */
    if (!weft_emap_txn_pending(t, &r->h, r->sid, 0, 1)) return WEFT_ENOMEM;
    return flush_relabels(t);
}

weft_rc weft_emap_st_remove(txn *t, node **root, uint64_t idx, rec **removed) {
    assert(t != NULL && root != NULL && *root != NULL && removed != NULL);
    bool emptied = false;
    void *unused = NULL;
    *removed = NULL;
    weft_rc rc = rm_rec(t, root, idx, 0, &unused, removed, &emptied);
    if (rc == WEFT_OK) rc = shrink_root(t, root);
    return rc;
}

weft_rc weft_emap_st_own_slot(txn *t, node **root, uint64_t idx, node ***slot) {
    assert(t != NULL && root != NULL && *root != NULL && slot != NULL);
    uint64_t off;
    return own_path(t, root, idx, slot, &off);
}

/*
** emap_hmap.c - persistent B+trees ordered by a 64-bit key: the handle index
** (mix64(handle) -> section id and leaf label) and the section index
** (mix64(section id) -> section label).
**
** Why a B+tree and not a hash trie: leaves are allocated at their exact size
** (path copying rewrites a leaf anyway), so a key costs its 16 bytes plus a
** share of one header; a trie's small nodes would cost a header every few keys.
** Keys are mix64 of the handle, a bijection, so a key identifies its handle
** without storing it, and keys spread evenly, so a leaf is searched by
** interpolation in about one probe.
*/
#include "emap_internal.h"

#include <assert.h>

static uint64_t first_key(const node *x) {
    assert(x != NULL && (x->kind == K_HIN || x->kind == K_HLEAF) && x->n >= 1);
    return x->kind == K_HIN ? ((const hin *)x)->e[0].sep : ((const hleaf *)x)->e[0].key;
}

/* The last child whose smallest key is <= key (the first if none is). */
static unsigned child_for(const hin *p, uint64_t key) {
    assert(p != NULL && p->h.kind == K_HIN && p->h.n >= 1 && p->h.n <= HIN_CAP);
    int j = search_last_le(p, hkid_sep, p->h.n, key);
    assert(j < (int)p->h.n);
    return j < 0 ? 0 : (unsigned)j;
}

/* Index of the first entry >= key. Keys are uniform, so start where the key
** would sit if spread evenly between the leaf's first and last, then step. */
static unsigned lower_bound(const hleaf *l, uint64_t key) {
    assert(l != NULL && l->h.kind == K_HLEAF);
    unsigned n = l->h.n;
    if (n == 0 || key <= l->e[0].key) return 0;
    if (key > l->e[n - 1].key) return n;
    uint64_t lo = l->e[0].key, span = l->e[n - 1].key - lo;
    unsigned i = span == 0 ? 0 : (unsigned)((double)(key - lo) / (double)span * (n - 1));
    while (i > 0 && l->e[i - 1].key >= key) i--;
    while (i < n && l->e[i].key < key) i++;
    assert(i <= n);
    return i;
}

bool weft_emap_hm_get(const node *x, uint64_t key, uint64_t *val) {
    assert(val != NULL);
    if (x == NULL) return false;
    while (x->kind == K_HIN) {
        const hin *p = (const hin *)x;
        x = p->e[child_for(p, key)].kid;
    }
    const hleaf *l = (const hleaf *)x;
    unsigned i = lower_bound(l, key);
    if (i == l->h.n || l->e[i].key != key) return false;
    *val = l->e[i].val;
    return true;
}

size_t weft_emap_hm_count(const node *x) {
    if (x == NULL) return 0;
    if (x->kind == K_HLEAF) return x->n;
    assert(x->kind == K_HIN);
    const hin *p = (const hin *)x;
    size_t c = 0;
    for (unsigned j = 0; j < x->n; j++) c += weft_emap_hm_count(p->e[j].kid);
    return c;
}

static void hin_put(hin *p, unsigned pos, node *child) {
    unsigned n = p->h.n;
    assert(n < HIN_CAP && pos <= n);
    assert(child != NULL && (p->h.flags & F_MUTABLE) && weft_emap_node_capacity(&p->h) > n);
    memmove(&p->e[pos + 1], &p->e[pos], (n - pos) * sizeof(hkid));
    p->e[pos] = (hkid){.sep = first_key(child), .kid = child};
    p->h.n++;
}

static void hin_cut(hin *p, unsigned pos) {
    unsigned n = p->h.n;
    assert(p != NULL && (p->h.flags & F_MUTABLE) && pos < n);
    memmove(&p->e[pos], &p->e[pos + 1], (n - pos - 1) * sizeof(hkid));
    p->h.n--;
}

static weft_rc hin_insert_child(txn *t, hin *p, unsigned pos, node *child, node **right) {
    assert(t != NULL && p != NULL && child != NULL && right != NULL);
    assert(pos <= p->h.n && p->h.n <= HIN_CAP);
    *right = NULL;
    if (p->h.n < HIN_CAP) {
        /* The descent owned p with room for one more child. */
        assert(weft_emap_node_capacity(&p->h) > p->h.n);
        hin_put(p, pos, child);
        return WEFT_OK;
    }
    unsigned half = (HIN_CAP + 1) / 2, moved = HIN_CAP - half;
    hin *q = (hin *)weft_emap_txn_node_alloc(t, K_HIN, weft_emap_hin_bytes(moved + 1u));
    if (q == NULL) return WEFT_ENOMEM;
    q->h.height = p->h.height;
    memcpy(q->e, &p->e[half], moved * sizeof(hkid));
    q->h.n = (uint8_t)moved;
    p->h.n = (uint8_t)half;
    if (pos <= half) hin_put(p, pos, child);
    else hin_put(q, pos - half, child);
    *right = &q->h;
    return WEFT_OK;
}

static weft_rc set_rec(txn *t, node **slot, uint64_t key, uint64_t val, node **right) {
    assert(t != NULL && slot != NULL && *slot != NULL && right != NULL);
    node *x = *slot;
    *right = NULL;
    assert(x->kind == K_HLEAF || x->kind == K_HIN);
    if (x->kind == K_HLEAF) {
        unsigned pos = lower_bound((const hleaf *)x, key), n = x->n;
        assert(pos <= n && n <= HLEAF_CAP);
        if (pos < n && ((const hleaf *)x)->e[pos].key == key) {
            node *y = weft_emap_txn_own(t, x, n);
            if (y == NULL) return WEFT_ENOMEM;
            ((hleaf *)y)->e[pos].val = val;
            *slot = y;
            return WEFT_OK;
        }
        if (n < HLEAF_CAP) {
            node *y = weft_emap_txn_own(t, x, n + 1u);
            if (y == NULL) return WEFT_ENOMEM;
            hleaf *l = (hleaf *)y;
            memmove(&l->e[pos + 1], &l->e[pos], (n - pos) * sizeof(hent));
            l->e[pos] = (hent){.key = key, .val = val};
            y->n++;
            *slot = y;
            return WEFT_OK;
        }
        unsigned total = n + 1u, nl = total / 2, nr = total - nl;
        hent all[HLEAF_CAP + 1];
        const hleaf *old = (const hleaf *)x;
        memcpy(all, old->e, pos * sizeof(hent));
        all[pos] = (hent){.key = key, .val = val};
        memcpy(&all[pos + 1], &old->e[pos], (n - pos) * sizeof(hent));
        if (!weft_emap_txn_reserve(t, 1)) return WEFT_ENOMEM;
        /* On failure the nodes already made are freed with the batch. */
        node *L = weft_emap_txn_node_alloc(t, K_HLEAF, weft_emap_hleaf_bytes(nl));
        node *R = L ? weft_emap_txn_node_alloc(t, K_HLEAF, weft_emap_hleaf_bytes(nr)) : NULL;
        if (R == NULL) return WEFT_ENOMEM;
        memcpy(((hleaf *)L)->e, all, nl * sizeof(hent));
        memcpy(((hleaf *)R)->e, &all[nl], nr * sizeof(hent));
        L->n = (uint8_t)nl;
        R->n = (uint8_t)nr;
        weft_emap_txn_drop(t, x);
        *slot = L;
        *right = R;
        return WEFT_OK;
    }
    hin *p = (hin *)weft_emap_txn_own(t, x, room_for_one_more(x->n, HIN_CAP));
    if (p == NULL) return WEFT_ENOMEM;
    *slot = &p->h;
    unsigned j = child_for(p, key);
    node *kr = NULL;
    weft_rc rc = set_rec(t, &p->e[j].kid, key, val, &kr);
    if (rc != WEFT_OK) return rc;
    p->e[j].sep = first_key(p->e[j].kid);
    if (kr == NULL) return WEFT_OK;
    return hin_insert_child(t, p, j + 1, kr, right);
}

weft_rc weft_emap_hm_set(txn *t, node **root, uint64_t key, uint64_t val) {
    assert(t != NULL && root != NULL);
    uint64_t old;
    if (weft_emap_hm_get(*root, key, &old) && old == val) return WEFT_OK;
    return weft_emap_hm_put(t, root, key, val);
}

weft_rc weft_emap_hm_put(txn *t, node **root, uint64_t key, uint64_t val) {
    assert(t != NULL && root != NULL);
    if (*root == NULL) {
        node *l = weft_emap_txn_node_alloc(t, K_HLEAF, weft_emap_hleaf_bytes(1));
        if (l == NULL) return WEFT_ENOMEM;
        ((hleaf *)l)->e[0] = (hent){.key = key, .val = val};
        l->n = 1;
        *root = l;
        return WEFT_OK;
    }
    node *right = NULL;
    weft_rc rc = set_rec(t, root, key, val, &right);
    if (rc != WEFT_OK || right == NULL) return rc;
    hin *r = (hin *)weft_emap_txn_node_alloc(t, K_HIN, weft_emap_hin_bytes(2));
    if (r == NULL) return WEFT_ENOMEM;
    r->h.height = (uint8_t)((*root)->height + 1);
    hin_put(r, 0, *root);
    hin_put(r, 1, right);
    *root = &r->h;
    return WEFT_OK;
}

/* Merge children j and j+1 of p when child j or j+1 fell under its minimum
** and both fit in one node. */
static weft_rc merge_pair(txn *t, hin *p, unsigned j) {
    assert(t != NULL && p != NULL && j + 1 < p->h.n);
    node *a = p->e[j].kid, *b = p->e[j + 1].kid;
    /* Siblings, and fix_underflow checked that they fit one node. */
    assert(a->kind == b->kind && a->n + b->n <= (a->kind == K_HLEAF ? HLEAF_CAP : HIN_CAP));
    if (!weft_emap_txn_reserve(t, 2)) return WEFT_ENOMEM;
    if (a->kind == K_HLEAF) {
        unsigned total = a->n + b->n;
        node *m = weft_emap_txn_node_alloc(t, K_HLEAF, weft_emap_hleaf_bytes(total));
        if (m == NULL) return WEFT_ENOMEM;
        memcpy(((hleaf *)m)->e, ((hleaf *)a)->e, a->n * sizeof(hent));
        memcpy(&((hleaf *)m)->e[a->n], ((hleaf *)b)->e, b->n * sizeof(hent));
        m->n = (uint8_t)total;
        weft_emap_txn_drop(t, a);
        weft_emap_txn_drop(t, b);
        p->e[j].kid = m;
    } else {
        hin *pa = (hin *)weft_emap_txn_own(t, a, (size_t)a->n + b->n);
        if (pa == NULL) return WEFT_ENOMEM;
        const hin *pb = (const hin *)b;
        memcpy(&pa->e[pa->h.n], pb->e, pb->h.n * sizeof(hkid));
        pa->h.n = (uint8_t)(pa->h.n + pb->h.n);
        weft_emap_txn_drop(t, b);
        p->e[j].kid = &pa->h;
    }
    hin_cut(p, j + 1);
    return WEFT_OK;
}

static weft_rc fix_underflow(txn *t, hin *p, unsigned j) {
    assert(t != NULL && p != NULL && j < p->h.n);
    const node *c = p->e[j].kid;
    unsigned min = c->kind == K_HLEAF ? HLEAF_MIN : HIN_MIN;
    unsigned cap = c->kind == K_HLEAF ? HLEAF_CAP : HIN_CAP;
    if (c->n >= min || p->h.n < 2) return WEFT_OK;
    if (j > 0 && p->e[j - 1].kid->n + c->n <= cap) return merge_pair(t, p, j - 1);
    if (j + 1 < p->h.n && p->e[j + 1].kid->n + c->n <= cap) return merge_pair(t, p, j);
    return WEFT_OK;
}

static weft_rc rm_rec(txn *t, node **slot, uint64_t key, bool *emptied) {
    /* The key is present, so there is a node to descend. */
    assert(t != NULL && slot != NULL && *slot != NULL && emptied != NULL);
    node *x = *slot;
    *emptied = false;
    if (x->kind == K_HLEAF) {
        unsigned pos = lower_bound((const hleaf *)x, key);
        assert(pos < x->n && ((const hleaf *)x)->e[pos].key == key);
        if (x->n == 1) {
            if (!weft_emap_txn_reserve(t, 1)) return WEFT_ENOMEM;
            weft_emap_txn_drop(t, x);
            *slot = NULL;
            *emptied = true;
            return WEFT_OK;
        }
        node *y = weft_emap_txn_own(t, x, x->n);
        if (y == NULL) return WEFT_ENOMEM;
        hleaf *l = (hleaf *)y;
        memmove(&l->e[pos], &l->e[pos + 1], (y->n - pos - 1) * sizeof(hent));
        y->n--;
        *slot = y;
        return WEFT_OK;
    }
    hin *p = (hin *)weft_emap_txn_own(t, x, x->n);
    if (p == NULL) return WEFT_ENOMEM;
    *slot = &p->h;
    unsigned j = child_for(p, key);
    bool child_emptied = false;
    weft_rc rc = rm_rec(t, &p->e[j].kid, key, &child_emptied);
    if (rc != WEFT_OK) return rc;
    if (child_emptied) {
        hin_cut(p, j);
        if (p->h.n == 0) {
            if (!weft_emap_txn_reserve(t, 1)) return WEFT_ENOMEM;
            weft_emap_txn_drop(t, &p->h);
            *slot = NULL;
            *emptied = true;
            return WEFT_OK;
        }
        if (j == p->h.n) j--;
        p->e[j].sep = first_key(p->e[j].kid);
        return fix_underflow(t, p, j);
    }
    p->e[j].sep = first_key(p->e[j].kid);
    return fix_underflow(t, p, j);
}

weft_rc weft_emap_hm_remove(txn *t, node **root, uint64_t key) {
    assert(t != NULL && root != NULL && *root != NULL);
    bool emptied = false;
    weft_rc rc = rm_rec(t, root, key, &emptied);
    while (rc == WEFT_OK && *root != NULL && (*root)->kind == K_HIN && (*root)->n == 1) {
        if (!weft_emap_txn_reserve(t, 1)) return WEFT_ENOMEM;
        node *only = ((hin *)*root)->e[0].kid;
        weft_emap_txn_drop(t, *root);
        *root = only;
    }
    return rc;
}

/* Fill one level: 'count' children (nodes, or entries at the leaf level) into
** parents of about HLEAF_FILL each, spread evenly so that none is nearly empty. */
static size_t level_nodes(size_t count) {
    return (count + HLEAF_FILL - 1) / HLEAF_FILL;
}

weft_rc weft_emap_hm_build(txn *t, const hent *sorted, size_t n, node **out) {
    assert(t != NULL && out != NULL && (n == 0 || sorted != NULL));
    *out = NULL;
    if (n == 0) return WEFT_OK;
    /* Leaves. 'level' reuses the caller's order: node pointers of the level built last. */
    size_t leaves = level_nodes(n);
    node **level = weft_arena_alloc(t->f->arena, leaves * sizeof(node *));
    if (level == NULL) return WEFT_ENOMEM;
    size_t at = 0;
    for (size_t k = 0; k < leaves; k++) {
        size_t take = (n - at) / (leaves - k);
        /* Even shares of at most HLEAF_FILL, none empty: take fits the uint8_t count. */
        assert(take >= 1 && take <= HLEAF_FILL && at + take <= n);
        node *l = weft_emap_txn_node_alloc(t, K_HLEAF, weft_emap_hleaf_bytes(take));
        if (l == NULL) {
            weft_arena_free(t->f->arena, level);
            return WEFT_ENOMEM;
        }
        memcpy(((hleaf *)l)->e, sorted + at, take * sizeof(hent));
        for (size_t i = 1; i < take; i++) assert(sorted[at + i - 1].key < sorted[at + i].key);
        l->n = (uint8_t)take;
        at += take;
        level[k] = l;
    }
    /* Internal levels until one node is left; each reads its children's first keys. */
    size_t count = leaves;
    uint8_t height = 0;
    while (count > 1) {
        size_t parents = level_nodes(count);
        at = 0;
        height++;
        for (size_t k = 0; k < parents; k++) {
            size_t take = (count - at) / (parents - k);
            assert(take >= 1 && take <= HLEAF_FILL && take <= HIN_CAP);
            hin *p = (hin *)weft_emap_txn_node_alloc(t, K_HIN, weft_emap_hin_bytes(take));
            if (p == NULL) {
                weft_arena_free(t->f->arena, level);
                return WEFT_ENOMEM;
            }
            p->h.height = height;
            p->h.n = 0;
            for (size_t j = 0; j < take; j++) hin_put(p, (unsigned)j, level[at + j]);
            at += take;
            level[k] = &p->h;
        }
        count = parents;
    }
    assert(count == 1);
    *out = level[0];
    weft_arena_free(t->f->arena, level);
    return WEFT_OK;
}

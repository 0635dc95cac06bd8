/*
** emap_apply.c - deriving a version from a batch of edits.
**
** The batch runs in six steps (see weft_emap_batch in the header), each on the
** batch's own copies of the nodes it touches, and is validated as it goes: an
** index is checked against the count the previous steps left, so old-space
** indexes are checked against the old version and new-space ones against the
** new. On any error the copies are freed and the base version, which nothing
** wrote, is simply still there.
**
** Cost: each edit is O(log n) in the item tree, the section tree and the handle
** index; deleting or inserting a section of m items is O(m log n). Moves are
** sorted (O(k log k)) to merge them into the removal and insertion order.
** Temporaries of small batches live on the stack; larger ones in a scratch lease.
*/
#include "emap_internal.h"

#include <assert.h>
#include <stddef.h>

/* ---- temporaries ---------------------------------------------------------- */

#define TMP_STACK 4096

typedef struct tmpmem {
    size_t used;
    weft_scratch_t *lease;
    _Alignas(16) char stack[TMP_STACK]; /* last: only 'used' bytes are ever initialized */
} tmpmem;

static void *tmp_alloc(tmpmem *m, size_t bytes) {
    assert(m != NULL);
    assert(m->used <= TMP_STACK && m->used % 16 == 0);
    if (bytes == 0) bytes = 1;
    bytes = (bytes + 15) & ~(size_t)15;
    if (m->used + bytes <= TMP_STACK) {
        void *p = m->stack + m->used;
        m->used += bytes;
        return p;
    }
    if (m->lease == NULL && weft_scratch_acquire(&m->lease) != WEFT_OK) return NULL;
    return weft_arena_alloc(weft_scratch_arena(m->lease), bytes);
}

static void tmp_end(tmpmem *m) {
    assert(m != NULL);
    if (m->lease != NULL) weft_scratch_release(m->lease);
    m->lease = NULL;
}

/* Stable merge sort of 'idx' by ascending keys[idx]. */
static void sort_by_key(uint32_t *idx, uint32_t *tmp, size_t n, const uint64_t *keys) {
    assert(idx != NULL && tmp != NULL && keys != NULL);
    assert(idx != tmp);
    for (size_t width = 1; width < n; width *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            size_t mid = lo + width < n ? lo + width : n;
            size_t hi = lo + 2 * width < n ? lo + 2 * width : n;
            size_t a = lo, b = mid, o = lo;
            while (a < mid && b < hi) tmp[o++] = keys[idx[b]] < keys[idx[a]] ? idx[b++] : idx[a++];
            while (a < mid) tmp[o++] = idx[a++];
            while (b < hi) tmp[o++] = idx[b++];
        }
        memcpy(idx, tmp, n * sizeof(uint32_t));
    }
}

/* ---- state of one apply ------------------------------------------------- */

typedef struct apply {
    txn t;
    const weft_emap_batch *b;
    weft_emap_error *e;
    /* item moves: sources sorted descending, destinations ascending */
    uint32_t *isrc, *idst;
    uint64_t *isrc_key, *idst_key;
    void **iflight;
    /* section moves, likewise */
    uint32_t *ssrc, *sdst;
    uint64_t *ssrc_key, *sdst_key;
    rec **sflight;
    tmpmem tmp; /* last, so that clearing the rest skips its buffer */
} apply;

static weft_rc rc_for(weft_emap_failure why) {
    switch (why) {
    case WEFT_EMAP_FAILURE_SECTION_RANGE:
    case WEFT_EMAP_FAILURE_ITEM_RANGE:
    case WEFT_EMAP_FAILURE_CAPACITY: return WEFT_ERANGE;
    case WEFT_EMAP_FAILURE_MEMORY: return WEFT_ENOMEM;
    default: return WEFT_EINVAL;
    }
}

static weft_rc fail(apply *a, weft_emap_failure why, weft_emap_edit_kind edit, size_t index, int64_t section,
                    int64_t item, int64_t count) {
    assert(a != NULL && a->e != NULL);
    assert(why != WEFT_EMAP_FAILURE_NONE && why <= WEFT_EMAP_FAILURE_MEMORY);
    assert(edit <= WEFT_EMAP_EDIT_SUPPLEMENTARY);
    weft_emap_error *e = a->e;
    e->failure = why;
    e->edit = edit;
    e->edit_index = index;
    e->section = section;
    e->item = item;
    e->count = count;
    return rc_for(why);
}

/* A second edit involved in the failure (the earlier entry, or the duplicate). */
static weft_rc also(apply *a, weft_rc rc, weft_emap_edit_kind edit, size_t index, int64_t section, int64_t item) {
    assert(a != NULL && a->e != NULL);
    assert(rc != WEFT_OK && a->e->failure != WEFT_EMAP_FAILURE_NONE);
    assert(edit <= WEFT_EMAP_EDIT_SUPPLEMENTARY);
    a->e->other_edit = edit;
    a->e->other_index = index;
    a->e->other_section = section;
    a->e->other_item = item;
    return rc;
}

static weft_rc out_of_memory(apply *a, weft_emap_edit_kind edit, size_t index) {
    assert(a != NULL);
    return fail(a, WEFT_EMAP_FAILURE_MEMORY, edit, index, -1, -1, -1);
}

/* Indexes are kept below 2^32 so that a path packs into one 64-bit key. */
static bool representable(int64_t v) {
    return v >= 0 && v <= (int64_t)UINT32_MAX;
}

static uint64_t path_key(weft_emap_path p) {
    assert(representable(p.section) && representable(p.item));
    return ((uint64_t)p.section << 32) | (uint64_t)p.item;
}

static uint64_t section_items(const txn *t, uint64_t s) {
    assert(t != NULL);
    assert(s < t->nsections && t->sections != NULL);
    uint64_t off;
    return ((const rec *)weft_emap_pt_locate(t->sections, s, &off))->count;
}

/* Check that (s, i) names an item (or, with 'end_ok', the end of a section)
** in the state so far. */
static weft_rc check_path(apply *a, weft_emap_edit_kind edit, size_t index, weft_emap_path p, bool end_ok) {
    assert(a != NULL && a->b != NULL);
    assert(edit == WEFT_EMAP_EDIT_REPLACE_ITEM  ? index < a->b->replacement_count
           : edit == WEFT_EMAP_EDIT_DELETE_ITEM ? index < a->b->item_delete_count
           : edit == WEFT_EMAP_EDIT_MOVE_ITEM   ? index < a->b->item_move_count
                                                : edit == WEFT_EMAP_EDIT_INSERT_ITEM &&
                                                      index < a->b->item_insert_count);
    if (!representable(p.section) || (uint64_t)p.section >= a->t.nsections) {
        return fail(a, WEFT_EMAP_FAILURE_SECTION_RANGE, edit, index, p.section, p.item, (int64_t)a->t.nsections);
    }
    if (!representable(p.item)) return fail(a, WEFT_EMAP_FAILURE_ITEM_RANGE, edit, index, p.section, p.item, -1);
    uint64_t count = section_items(&a->t, (uint64_t)p.section);
    if ((uint64_t)p.item > count || ((uint64_t)p.item == count && !end_ok)) {
        return fail(a, WEFT_EMAP_FAILURE_ITEM_RANGE, edit, index, p.section, p.item, (int64_t)count);
    }
    return WEFT_OK;
}

static weft_rc check_section(apply *a, weft_emap_edit_kind edit, size_t index, int64_t s, bool end_ok) {
    assert(a != NULL && a->b != NULL);
    assert(edit == WEFT_EMAP_EDIT_DELETE_SECTION   ? index < a->b->section_delete_count
           : edit == WEFT_EMAP_EDIT_MOVE_SECTION   ? index < a->b->section_move_count
           : edit == WEFT_EMAP_EDIT_INSERT_SECTION ? index < a->b->section_insert_count
                                                   : edit == WEFT_EMAP_EDIT_SUPPLEMENTARY &&
                                                         index < a->b->supplementary_edit_count);
    uint64_t n = a->t.nsections;
    if (!representable(s) || (uint64_t)s > n || ((uint64_t)s == n && !end_ok)) {
        return fail(a, WEFT_EMAP_FAILURE_SECTION_RANGE, edit, index, s, -1, (int64_t)n);
    }
    return WEFT_OK;
}

/* Where 'h' is in the batch's current state, for error messages: (-1, -1)
** while it is moving (its index entry still names its old place). */
static void locate_in_txn(const txn *t, const void *h, int64_t *section, int64_t *item) {
    assert(t != NULL && h != NULL);
    assert(section != NULL && item != NULL);
    *section = *item = -1;
    uint64_t val, slabel, sbase, ibase;
    if (!weft_emap_hm_get(t->rev, mix64((uint64_t)(uintptr_t)h), &val)) return;
    if (!weft_emap_hm_get(t->secrev, mix64(val_sid(val)), &slabel)) return;
    const rec *r = (const rec *)weft_emap_pt_find_label(t->sections, slabel, &sbase);
    if (r == NULL || r->sid != val_sid(val)) return;
    if (val & VAL_SUPP) {
        /* The index entry names the item: a supplementary this batch added is
        ** in no record until its section's merge. */
        *section = (int64_t)sbase;
        *item = (int64_t)val_label(val);
        return;
    }
    const node *leaf = r->items ? weft_emap_pt_find_label(r->items, val_label(val), &ibase) : NULL;
    if (leaf == NULL) return;
    for (unsigned k = 0; k < leaf->n; k++) {
        if (ileaf_item(leaf, k) == h) {
            *section = (int64_t)sbase;
            *item = (int64_t)(ibase + k);
        }
    }
}

/* Refuse a handle past the 60 bits an object tag leaves, one the version
** already holds, or NULL where an absent item is not allowed (supplementaries). */
static weft_rc check_new_handle(apply *a, weft_emap_edit_kind edit, size_t index, int64_t s, int64_t i,
                                const void *h) {
    assert(a != NULL && a->b != NULL);
    assert(edit == WEFT_EMAP_EDIT_REPLACE_ITEM  ? index < a->b->replacement_count
           : edit == WEFT_EMAP_EDIT_INSERT_ITEM ? index < a->b->item_insert_count
                                                : edit == WEFT_EMAP_EDIT_SUPPLEMENTARY &&
                                                      index < a->b->supplementary_edit_count);
    assert(representable(s) && (uint64_t)s < a->t.nsections && representable(i));
    if (h == NULL && edit != WEFT_EMAP_EDIT_SUPPLEMENTARY) return WEFT_OK;
    if (h == NULL || (uint64_t)(uintptr_t)h > OBJ_PAYLOAD) {
        return fail(a, WEFT_EMAP_FAILURE_NULL_HANDLE, edit, index, s, i, -1);
    }
    uint64_t val;
    if (weft_emap_hm_get(a->t.rev, mix64((uint64_t)(uintptr_t)h), &val)) {
        weft_rc rc = fail(a, WEFT_EMAP_FAILURE_DUPLICATE_ELEMENT, edit, index, s, i, -1);
        int64_t os, oi;
        locate_in_txn(&a->t, h, &os, &oi);
        return also(a, rc, edit, index, os, oi);
    }
    return WEFT_OK;
}

/* The batch made the record at 's' its own, with room for 'need' supplementaries. */
static weft_rc own_record(txn *t, uint64_t s, size_t need, rec **out) {
    assert(t != NULL && out != NULL);
    assert(s < t->nsections);
    node **slot;
    weft_rc rc = weft_emap_st_own_slot(t, &t->sections, s, &slot);
    if (rc != WEFT_OK) return rc;
    node *y = weft_emap_txn_own(t, *slot, need);
    if (y == NULL) return WEFT_ENOMEM;
    *slot = y;
    *out = (rec *)y;
    return WEFT_OK;
}

static bool was_replaced_here(const txn *t, const void *h) {
    assert(t != NULL && h != NULL);
    assert(t->nreplaced > 0 && t->replaced != NULL);
    size_t lo = 0, hi = t->nreplaced;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if ((uintptr_t)t->replaced[mid] < (uintptr_t)h) lo = mid + 1;
        else hi = mid;
    }
    return lo < t->nreplaced && t->replaced[lo] == h;
}

/* The new version will not hold 'h'. A handle a replacement of this same batch
** put in was never in any version: it goes back to its owner right away. An
** absent item (NULL) holds nothing. */
static bool drop_handle(txn *t, void *h) {
    assert(t != NULL && t->f != NULL);
    assert(t->nreplaced == 0 || t->replaced != NULL);
    if (h == NULL) return true;
    uint64_t o = obj_make(OBJ_HANDLE, (uint64_t)(uintptr_t)h);
    if (t->nreplaced > 0 && was_replaced_here(t, h)) return weft_emap_ol_push(t->f, &t->release_now, o);
    return weft_emap_ol_push(t->f, &t->del, o);
}

/* The handle index knows only present items: an absent one (NULL) has no
** place to look up. A new handle (checked absent by check_new_handle) is put
** without looking for its entry again. */
static weft_rc index_item(txn *t, void *h, uint32_t sid, uint64_t label, unsigned slot, bool is_new) {
    assert(t != NULL);
    assert(sid <= SID_MAX && label < LABEL_SPACE && slot < ILEAF_CAP);
    if (h == NULL) return WEFT_OK;
    uint64_t key = mix64((uint64_t)(uintptr_t)h), val = val_pack(false, sid, label, slot);
    return is_new ? weft_emap_hm_put(t, &t->rev, key, val) : weft_emap_hm_set(t, &t->rev, key, val);
}

static weft_rc unindex_item(txn *t, const void *h) {
    assert(t != NULL);
    return h == NULL ? WEFT_OK : weft_emap_hm_remove(t, &t->rev, mix64((uint64_t)(uintptr_t)h));
}

static bool record_new_handle(txn *t, void *h) {
    assert(t != NULL && t->f != NULL);
    assert((uint64_t)(uintptr_t)h <= OBJ_PAYLOAD);
    return h == NULL || weft_emap_ol_push(t->f, &t->ins, obj_make(OBJ_HANDLE, (uint64_t)(uintptr_t)h));
}

/* ---- step 1: replacements ----------------------------------------------- */

static weft_rc step_replace(apply *a) {
    assert(a != NULL && a->b != NULL && a->t.f != NULL);
    assert(a->b->replacement_count == 0 || a->b->replacements != NULL);
    assert(a->t.replaced == NULL && a->t.nreplaced == 0);
    const weft_emap_batch *b = a->b;
    size_t n = b->replacement_count;
    if (n == 0) return WEFT_OK;
    txn *t = &a->t;
    const weft_emap_item_edit *r = b->replacements;
    if (n > 1) {
        uint32_t *idx = tmp_alloc(&a->tmp, n * sizeof(uint32_t));
        uint32_t *scratch = tmp_alloc(&a->tmp, n * sizeof(uint32_t));
        uint64_t *keys = tmp_alloc(&a->tmp, n * sizeof(uint64_t));
        if (!idx || !scratch || !keys) return out_of_memory(a, WEFT_EMAP_EDIT_REPLACE_ITEM, 0);
        for (size_t k = 0; k < n; k++) {
            weft_rc rc = check_path(a, WEFT_EMAP_EDIT_REPLACE_ITEM, k, r[k].path, false);
            if (rc != WEFT_OK) return rc;
            idx[k] = (uint32_t)k;
            keys[k] = path_key(r[k].path);
        }
        sort_by_key(idx, scratch, n, keys);
        for (size_t k = 1; k < n; k++) {
            if (keys[idx[k]] == keys[idx[k - 1]]) {
                weft_emap_path p = r[idx[k]].path;
                weft_rc rc = fail(a, WEFT_EMAP_FAILURE_DUPLICATE_PATH, WEFT_EMAP_EDIT_REPLACE_ITEM, idx[k], p.section,
                                  p.item, -1);
                return also(a, rc, WEFT_EMAP_EDIT_REPLACE_ITEM, idx[k - 1], p.section, p.item);
            }
        }
    }
    t->replaced = tmp_alloc(&a->tmp, n * sizeof(void *));
    if (t->replaced == NULL) return out_of_memory(a, WEFT_EMAP_EDIT_REPLACE_ITEM, 0);
    for (size_t k = 0; k < n; k++) {
        weft_emap_path p = r[k].path;
        weft_rc rc = check_path(a, WEFT_EMAP_EDIT_REPLACE_ITEM, k, p, false);
        if (rc == WEFT_OK) rc = check_new_handle(a, WEFT_EMAP_EDIT_REPLACE_ITEM, k, p.section, p.item, r[k].handle);
        if (rc != WEFT_OK) return rc;
        rec *sec;
        void *old;
        uint64_t label;
        unsigned slot;
        rc = own_record(t, (uint64_t)p.section, 0, &sec);
        if (rc == WEFT_OK) {
            rc = weft_emap_it_replace(t, &sec->items, (uint64_t)p.item, r[k].handle, &old, &label, &slot);
        }
        if (rc == WEFT_OK) rc = unindex_item(t, old);
        if (rc == WEFT_OK) rc = index_item(t, r[k].handle, sec->sid, label, slot, true);
        if (rc == WEFT_OK && !record_new_handle(t, r[k].handle)) rc = WEFT_ENOMEM;
        if (rc == WEFT_OK && !drop_handle(t, old)) rc = WEFT_ENOMEM;
        if (rc != WEFT_OK) return out_of_memory(a, WEFT_EMAP_EDIT_REPLACE_ITEM, k);
        if (r[k].handle == NULL) continue;
        /* Keep the replaced-in handles sorted for drop_handle's search. */
        size_t at = t->nreplaced;
        while (at > 0 && (uintptr_t)t->replaced[at - 1] > (uintptr_t)r[k].handle) {
            t->replaced[at] = t->replaced[at - 1];
            at--;
        }
        t->replaced[at] = r[k].handle;
        t->nreplaced++;
    }
    return WEFT_OK;
}

/* ---- sorting moves ------------------------------------------------------ */

static weft_rc prepare_moves(apply *a) {
    assert(a != NULL && a->b != NULL);
    assert(a->b->item_move_count == 0 || a->b->item_moves != NULL);
    assert(a->b->section_move_count == 0 || a->b->section_moves != NULL);
    const weft_emap_batch *b = a->b;
    size_t ni = b->item_move_count, ns = b->section_move_count;
    if (ni > 0) {
        a->isrc = tmp_alloc(&a->tmp, ni * sizeof(uint32_t));
        a->idst = tmp_alloc(&a->tmp, ni * sizeof(uint32_t));
        a->isrc_key = tmp_alloc(&a->tmp, ni * sizeof(uint64_t));
        a->idst_key = tmp_alloc(&a->tmp, ni * sizeof(uint64_t));
        a->iflight = tmp_alloc(&a->tmp, ni * sizeof(void *));
        uint32_t *scratch = tmp_alloc(&a->tmp, ni * sizeof(uint32_t));
        if (!a->isrc || !a->idst || !a->isrc_key || !a->idst_key || !a->iflight || !scratch) {
            return out_of_memory(a, WEFT_EMAP_EDIT_MOVE_ITEM, 0);
        }
        for (size_t k = 0; k < ni; k++) {
            const weft_emap_item_move *m = &b->item_moves[k];
            /* A source is checked against the old version now; a destination
            ** that cannot be an index at all is refused now too. */
            weft_rc rc = check_path(a, WEFT_EMAP_EDIT_MOVE_ITEM, k, m->from, false);
            if (rc != WEFT_OK) return rc;
            if (!representable(m->to.section) || !representable(m->to.item)) {
                return fail(a, representable(m->to.section) ? WEFT_EMAP_FAILURE_ITEM_RANGE
                                                            : WEFT_EMAP_FAILURE_SECTION_RANGE,
                            WEFT_EMAP_EDIT_MOVE_ITEM, k, m->to.section, m->to.item, -1);
            }
            a->isrc[k] = a->idst[k] = (uint32_t)k;
            a->isrc_key[k] = path_key(m->from);
            a->idst_key[k] = path_key(m->to);
            a->iflight[k] = NULL;
        }
        sort_by_key(a->isrc, scratch, ni, a->isrc_key);
        sort_by_key(a->idst, scratch, ni, a->idst_key);
        for (size_t k = 1; k < ni; k++) {
            weft_rc rc = WEFT_OK;
            if (a->isrc_key[a->isrc[k]] == a->isrc_key[a->isrc[k - 1]]) {
                weft_emap_path p = b->item_moves[a->isrc[k]].from;
                rc = fail(a, WEFT_EMAP_FAILURE_DUPLICATE_PATH, WEFT_EMAP_EDIT_MOVE_ITEM, a->isrc[k], p.section, p.item, -1);
                return also(a, rc, WEFT_EMAP_EDIT_MOVE_ITEM, a->isrc[k - 1], p.section, p.item);
            }
            if (a->idst_key[a->idst[k]] == a->idst_key[a->idst[k - 1]]) {
                weft_emap_path p = b->item_moves[a->idst[k]].to;
                rc = fail(a, WEFT_EMAP_FAILURE_DUPLICATE_PATH, WEFT_EMAP_EDIT_MOVE_ITEM, a->idst[k], p.section, p.item, -1);
                return also(a, rc, WEFT_EMAP_EDIT_MOVE_ITEM, a->idst[k - 1], p.section, p.item);
            }
        }
    }
    if (ns > 0) {
        a->ssrc = tmp_alloc(&a->tmp, ns * sizeof(uint32_t));
        a->sdst = tmp_alloc(&a->tmp, ns * sizeof(uint32_t));
        a->ssrc_key = tmp_alloc(&a->tmp, ns * sizeof(uint64_t));
        a->sdst_key = tmp_alloc(&a->tmp, ns * sizeof(uint64_t));
        a->sflight = tmp_alloc(&a->tmp, ns * sizeof(rec *));
        uint32_t *scratch = tmp_alloc(&a->tmp, ns * sizeof(uint32_t));
        if (!a->ssrc || !a->sdst || !a->ssrc_key || !a->sdst_key || !a->sflight || !scratch) {
            return out_of_memory(a, WEFT_EMAP_EDIT_MOVE_SECTION, 0);
        }
        for (size_t k = 0; k < ns; k++) {
            const weft_emap_section_move *m = &b->section_moves[k];
            weft_rc rc = check_section(a, WEFT_EMAP_EDIT_MOVE_SECTION, k, m->from, false);
            if (rc != WEFT_OK) return rc;
            if (!representable(m->to)) {
                return fail(a, WEFT_EMAP_FAILURE_SECTION_RANGE, WEFT_EMAP_EDIT_MOVE_SECTION, k, m->to, -1, -1);
            }
            a->ssrc[k] = a->sdst[k] = (uint32_t)k;
            a->ssrc_key[k] = (uint64_t)m->from;
            a->sdst_key[k] = (uint64_t)m->to;
            a->sflight[k] = NULL;
        }
        sort_by_key(a->ssrc, scratch, ns, a->ssrc_key);
        sort_by_key(a->sdst, scratch, ns, a->sdst_key);
        for (size_t k = 1; k < ns; k++) {
            weft_rc rc = WEFT_OK;
            if (a->ssrc_key[a->ssrc[k]] == a->ssrc_key[a->ssrc[k - 1]]) {
                int64_t s = b->section_moves[a->ssrc[k]].from;
                rc = fail(a, WEFT_EMAP_FAILURE_DUPLICATE_PATH, WEFT_EMAP_EDIT_MOVE_SECTION, a->ssrc[k], s, -1, -1);
                return also(a, rc, WEFT_EMAP_EDIT_MOVE_SECTION, a->ssrc[k - 1], s, -1);
            }
            if (a->sdst_key[a->sdst[k]] == a->sdst_key[a->sdst[k - 1]]) {
                int64_t s = b->section_moves[a->sdst[k]].to;
                rc = fail(a, WEFT_EMAP_FAILURE_DUPLICATE_PATH, WEFT_EMAP_EDIT_MOVE_SECTION, a->sdst[k], s, -1, -1);
                return also(a, rc, WEFT_EMAP_EDIT_MOVE_SECTION, a->sdst[k - 1], s, -1);
            }
        }
    }
    return WEFT_OK;
}

/* ---- step 2: item removals ---------------------------------------------- */

static weft_rc remove_item(apply *a, weft_emap_edit_kind edit, size_t index, weft_emap_path p, void **out) {
    assert(a != NULL && a->b != NULL && out != NULL);
    assert(edit == WEFT_EMAP_EDIT_DELETE_ITEM ? index < a->b->item_delete_count
                                              : edit == WEFT_EMAP_EDIT_MOVE_ITEM && index < a->b->item_move_count);
    txn *t = &a->t;
    weft_rc rc = check_path(a, edit, index, p, false);
    if (rc != WEFT_OK) return rc;
    rec *sec;
    rc = own_record(t, (uint64_t)p.section, 0, &sec);
    if (rc == WEFT_OK) rc = weft_emap_it_remove(t, &sec->items, (uint64_t)p.item, sec->sid, out);
    if (rc != WEFT_OK) return out_of_memory(a, edit, index);
    sec->count--;
    t->nitems--;
    return WEFT_OK;
}

static weft_rc step_remove_items(apply *a) {
    assert(a != NULL && a->b != NULL);
    assert(a->b->item_delete_count == 0 || a->b->item_deletes != NULL);
    assert(a->b->item_move_count == 0 || (a->isrc != NULL && a->isrc_key != NULL && a->iflight != NULL));
    const weft_emap_batch *b = a->b;
    txn *t = &a->t;
    size_t nd = b->item_delete_count, nm = b->item_move_count, di = 0, mi = 0;
    const weft_emap_path *del = b->item_deletes;
    while (di < nd || mi < nm) {
        bool take_delete = di < nd;
        if (take_delete) {
            weft_emap_path p = del[di];
            if (!representable(p.section) || !representable(p.item)) {
                return check_path(a, WEFT_EMAP_EDIT_DELETE_ITEM, di, p, false);
            }
            if (di > 0 && representable(del[di - 1].section) && representable(del[di - 1].item) &&
                path_key(p) >= path_key(del[di - 1])) {
                weft_rc rc = fail(a, WEFT_EMAP_FAILURE_ORDER, WEFT_EMAP_EDIT_DELETE_ITEM, di, p.section, p.item, -1);
                return also(a, rc, WEFT_EMAP_EDIT_DELETE_ITEM, di - 1, del[di - 1].section, del[di - 1].item);
            }
            if (mi < nm) {
                uint32_t m = a->isrc[nm - 1 - mi];
                uint64_t km = a->isrc_key[m], kd = path_key(p);
                if (km == kd) {
                    weft_rc rc = fail(a, WEFT_EMAP_FAILURE_DUPLICATE_PATH, WEFT_EMAP_EDIT_MOVE_ITEM, m, p.section,
                                      p.item, -1);
                    return also(a, rc, WEFT_EMAP_EDIT_DELETE_ITEM, di, p.section, p.item);
                }
                take_delete = kd > km;
            }
        }
        if (take_delete) {
            void *h;
            weft_rc rc = remove_item(a, WEFT_EMAP_EDIT_DELETE_ITEM, di, del[di], &h);
            if (rc != WEFT_OK) return rc;
            if (unindex_item(t, h) != WEFT_OK || !drop_handle(t, h)) {
                return out_of_memory(a, WEFT_EMAP_EDIT_DELETE_ITEM, di);
            }
            di++;
        } else {
            uint32_t m = a->isrc[nm - 1 - mi];
            weft_rc rc = remove_item(a, WEFT_EMAP_EDIT_MOVE_ITEM, m, b->item_moves[m].from, &a->iflight[m]);
            if (rc != WEFT_OK) return rc;
            mi++;
        }
    }
    return WEFT_OK;
}

/* ---- step 3: section removals ------------------------------------------- */

static weft_rc unindex_section(txn *t, const node *x) {
    assert(t != NULL);
    assert(x == NULL || x->kind == K_PIN || x->kind == K_ILEAF);
    if (x == NULL) return WEFT_OK;
    if (x->kind == K_PIN) {
        const pin *p = (const pin *)x;
        for (unsigned j = 0; j < x->n; j++) {
            weft_rc rc = unindex_section(t, p->e[j].kid);
            if (rc != WEFT_OK) return rc;
        }
        return WEFT_OK;
    }
    /* A hollow leaf holds no handle to unindex or drop. */
    if (ileaf_hollow(x)) return WEFT_OK;
    for (unsigned k = 0; k < x->n; k++) {
        void *h = ileaf_item(x, k);
        if (unindex_item(t, h) != WEFT_OK) return WEFT_ENOMEM;
        if (!drop_handle(t, h)) return WEFT_ENOMEM;
    }
    return WEFT_OK;
}

/* Drop a removed section whole: its handles, supplementaries, id and nodes. */
static weft_rc delete_section(txn *t, rec *r) {
    assert(t != NULL && r != NULL);
    assert(r->h.kind == K_REC && r->count <= t->nitems);
    weft_rc rc = weft_emap_hm_remove(t, &t->secrev, mix64(r->sid));
    if (rc == WEFT_OK && !weft_emap_ol_push(t->f, &t->del, obj_make(OBJ_SID, r->sid))) rc = WEFT_ENOMEM;
    if (rc == WEFT_OK) rc = unindex_section(t, r->items);
    for (uint32_t k = 0; rc == WEFT_OK && k < r->nsupp; k++) {
        void *h = r->supps[k].handle;
        rc = weft_emap_hm_remove(t, &t->rev, mix64((uint64_t)(uintptr_t)h));
        if (rc == WEFT_OK && !drop_handle(t, h)) rc = WEFT_ENOMEM;
    }
    if (rc == WEFT_OK && !weft_emap_txn_reserve(t, weft_emap_txn_subtree_size(&r->h))) rc = WEFT_ENOMEM;
    if (rc != WEFT_OK) return rc;
    t->nitems -= r->count;
    weft_emap_txn_drop_subtree(t, &r->h);
    return WEFT_OK;
}

static weft_rc step_remove_sections(apply *a) {
    assert(a != NULL && a->b != NULL);
    assert(a->b->section_delete_count == 0 || a->b->section_deletes != NULL);
    assert(a->b->section_move_count == 0 || (a->ssrc != NULL && a->ssrc_key != NULL && a->sflight != NULL));
    const weft_emap_batch *b = a->b;
    txn *t = &a->t;
    size_t nd = b->section_delete_count, nm = b->section_move_count, di = 0, mi = 0;
    const int64_t *del = b->section_deletes;
    while (di < nd || mi < nm) {
        bool take_delete = di < nd;
        if (take_delete) {
            int64_t s = del[di];
            if (!representable(s)) return check_section(a, WEFT_EMAP_EDIT_DELETE_SECTION, di, s, false);
            if (di > 0 && representable(del[di - 1]) && s >= del[di - 1]) {
                weft_rc rc = fail(a, WEFT_EMAP_FAILURE_ORDER, WEFT_EMAP_EDIT_DELETE_SECTION, di, s, -1, -1);
                return also(a, rc, WEFT_EMAP_EDIT_DELETE_SECTION, di - 1, del[di - 1], -1);
            }
            if (mi < nm) {
                uint32_t m = a->ssrc[nm - 1 - mi];
                if (a->ssrc_key[m] == (uint64_t)s) {
                    weft_rc rc = fail(a, WEFT_EMAP_FAILURE_DUPLICATE_PATH, WEFT_EMAP_EDIT_MOVE_SECTION, m, s, -1, -1);
                    return also(a, rc, WEFT_EMAP_EDIT_DELETE_SECTION, di, s, -1);
                }
                take_delete = (uint64_t)s > a->ssrc_key[m];
            }
        }
        weft_emap_edit_kind edit = take_delete ? WEFT_EMAP_EDIT_DELETE_SECTION : WEFT_EMAP_EDIT_MOVE_SECTION;
        uint32_t m = take_delete ? 0 : a->ssrc[nm - 1 - mi];
        size_t index = take_delete ? di : m;
        int64_t s = take_delete ? del[di] : b->section_moves[m].from;
        weft_rc rc = check_section(a, edit, index, s, false);
        if (rc != WEFT_OK) return rc;
        rec *r;
        if (weft_emap_st_remove(t, &t->sections, (uint64_t)s, &r) != WEFT_OK) return out_of_memory(a, edit, index);
        t->nsections--;
        if (take_delete) {
            if (delete_section(t, r) != WEFT_OK) return out_of_memory(a, edit, index);
            di++;
        } else {
            a->sflight[m] = r;
            mi++;
        }
    }
    return WEFT_OK;
}

/* ---- step 4: section insertions ----------------------------------------- */

static bool sid_take(txn *t, uint32_t *out) {
    assert(t != NULL && t->f != NULL && out != NULL);
    family *f = t->f;
    /* Room to give every id of this batch back on failure without allocating. */
    if (!weft_emap_ol_reserve(f, &f->free_sids, t->new_sids.n + 1) || !weft_emap_ol_reserve(f, &t->new_sids, 1)) {
        return false;
    }
    uint32_t sid;
    if (f->free_sids.n > 0) sid = (uint32_t)f->free_sids.v[--f->free_sids.n];
    else if (f->next_sid <= SID_MAX) sid = f->next_sid++;
    else return false;
    weft_emap_ol_push_reserved(&t->new_sids, sid);
    *out = sid;
    return true;
}

/* Index the handles of a new section's tree; 'at' counts items in order. */
static weft_rc index_leaves(apply *a, size_t index, int64_t s, const rec *r, void *const *handles, const node *x,
                            uint64_t *at) {
    assert(a != NULL && a->b != NULL && r != NULL && handles != NULL && x != NULL && at != NULL);
    assert(index < a->b->section_insert_count && representable(s));
    assert(x->kind == K_PIN || x->kind == K_ILEAF);
    assert(*at <= r->count);
    txn *t = &a->t;
    if (x->kind == K_PIN) {
        const pin *p = (const pin *)x;
        for (unsigned j = 0; j < x->n; j++) {
            weft_rc rc = index_leaves(a, index, s, r, handles, p->e[j].kid, at);
            if (rc != WEFT_OK) return rc;
        }
        return WEFT_OK;
    }
    if (ileaf_hollow(x)) {
        *at += x->n;
        return WEFT_OK;
    }
    for (unsigned k = 0; k < x->n; k++, (*at)++) {
        void *h = ileaf_item(x, k);
        if (h == NULL) continue;
        uint64_t key = mix64((uint64_t)(uintptr_t)h), val;
        if (weft_emap_hm_get(t->rev, key, &val)) {
            weft_rc rc = fail(a, WEFT_EMAP_FAILURE_DUPLICATE_ELEMENT, WEFT_EMAP_EDIT_INSERT_SECTION, index, s,
                              (int64_t)*at, -1);
            int64_t os = -1, oi = -1;
            if (val_sid(val) == r->sid && !(val & VAL_SUPP)) {
                /* Earlier in this same new section. */
                for (uint64_t q = 0; q < *at && os < 0; q++) {
                    if (handles[q] == h) {
                        os = s;
                        oi = (int64_t)q;
                    }
                }
            } else {
                locate_in_txn(t, h, &os, &oi);
            }
            return also(a, rc, WEFT_EMAP_EDIT_INSERT_SECTION, index, os, oi);
        }
        /* Just found absent: put it without looking again. */
        if (weft_emap_hm_put(t, &t->rev, key, val_pack(false, r->sid, x->label, k)) != WEFT_OK ||
            !weft_emap_ol_push(t->f, &t->ins, obj_make(OBJ_HANDLE, (uint64_t)(uintptr_t)h))) {
            return out_of_memory(a, WEFT_EMAP_EDIT_INSERT_SECTION, index);
        }
    }
    return WEFT_OK;
}

/* Record every present handle below 'x' as created by this version (room
** reserved by the caller). */
static void gather_handles_into_ins(txn *t, const node *x) {
    if (x->kind == K_PIN) {
        const pin *p = (const pin *)x;
        for (unsigned j = 0; j < x->n; j++) gather_handles_into_ins(t, p->e[j].kid);
        return;
    }
    if (ileaf_hollow(x)) return;
    for (unsigned k = 0; k < x->n; k++) {
        void *h = ileaf_item(x, k);
        if (h != NULL) weft_emap_ol_push_reserved(&t->ins, obj_make(OBJ_HANDLE, (uint64_t)(uintptr_t)h));
    }
}

/* Sections at least this large index in bulk when the index starts empty. */
#define BULK_INDEX_MIN 256

/* Gather the index entries of the present items below 'x' in order. */
static void gather_entries(const node *x, uint32_t sid, hent *out, size_t *n) {
    if (x->kind == K_PIN) {
        const pin *p = (const pin *)x;
        for (unsigned j = 0; j < x->n; j++) gather_entries(p->e[j].kid, sid, out, n);
        return;
    }
    if (ileaf_hollow(x)) return;
    for (unsigned k = 0; k < x->n; k++) {
        void *h = ileaf_item(x, k);
        if (h == NULL) continue;
        out[(*n)++] = (hent){.key = mix64((uint64_t)(uintptr_t)h), .val = val_pack(false, sid, x->label, k)};
    }
}

/* Sort 'n' entries whose keys are mix64 images, uniform over 64 bits: counted
** into about n / 8 buckets by their top bits, then insertion-sorted within
** each bucket, O(n) expected where a comparison sort costs O(n log n). */
static bool sort_uniform(tmpmem *m, hent *e, size_t n) {
    unsigned bits = 1;
    while (bits < 30 && ((size_t)1 << bits) < n / 8) bits++;
    size_t buckets = (size_t)1 << bits;
    uint32_t *start = tmp_alloc(m, (buckets + 1) * sizeof(uint32_t));
    hent *out = tmp_alloc(m, n * sizeof(hent));
    if (start == NULL || out == NULL) return false;
    memset(start, 0, (buckets + 1) * sizeof(uint32_t));
    for (size_t i = 0; i < n; i++) start[(e[i].key >> (64 - bits)) + 1]++;
    for (size_t b = 0; b < buckets; b++) start[b + 1] += start[b];
    for (size_t i = 0; i < n; i++) out[start[e[i].key >> (64 - bits)]++] = e[i];
    /* start[b] is now the end of bucket b: insertion-sort each. */
    size_t begin = 0;
    for (size_t b = 0; b < buckets; b++) {
        for (size_t i = begin + 1; i < start[b]; i++) {
            hent x = out[i];
            size_t j = i;
            for (; j > begin && out[j - 1].key > x.key; j--) out[j] = out[j - 1];
            out[j] = x;
        }
        begin = start[b];
    }
    memcpy(e, out, n * sizeof(hent));
    return true;
}

/* Index a new section's items when the index is empty (a load, a reloadData):
** gather, sort and build the tree from the leaves up, O(n) expected, where
** indexing one item at a time descends and copies a path per item. False if
** a handle repeats (or memory ran out): the item-by-item path then finds and
** reports it exactly, and nothing built here is published. */
static bool index_bulk(apply *a, const rec *r, bool *built) {
    txn *t = &a->t;
    *built = false;
    hent *entries = tmp_alloc(&a->tmp, (size_t)r->count * sizeof(hent));
    if (entries == NULL) return true;
    size_t n = 0;
    gather_entries(r->items, r->sid, entries, &n);
    if (n == 0 || !sort_uniform(&a->tmp, entries, n)) return true;
    for (size_t i = 1; i < n; i++) {
        if (entries[i - 1].key == entries[i].key) return true;  /* a repeated handle */
    }
    if (!weft_emap_ol_reserve(t->f, &t->ins, n)) return false;
    node *root;
    if (weft_emap_hm_build(t, entries, n, &root) != WEFT_OK) return false;
    t->rev = root;
    gather_handles_into_ins(t, r->items);
    *built = true;
    return true;
}

static weft_rc index_new_items(apply *a, size_t index, int64_t s, const rec *r, void *const *handles) {
    assert(a != NULL && a->b != NULL && r != NULL && handles != NULL);
    assert(index < a->b->section_insert_count);
    if (r->items == NULL) return WEFT_OK;
    if (a->t.rev == NULL && r->count >= BULK_INDEX_MIN) {
        bool built;
        if (!index_bulk(a, r, &built)) return out_of_memory(a, WEFT_EMAP_EDIT_INSERT_SECTION, index);
        if (built) return WEFT_OK;
    }
    uint64_t at = 0;
    return index_leaves(a, index, s, r, handles, r->items, &at);
}

static weft_rc insert_new_section(apply *a, size_t index) {
    assert(a != NULL && a->b != NULL);
    assert(index < a->b->section_insert_count);
    assert(representable(a->b->section_inserts[index].section) &&
           (uint64_t)a->b->section_inserts[index].section <= a->t.nsections);
    txn *t = &a->t;
    const weft_emap_section_insert *in = &a->b->section_inserts[index];
    if (in->count > UINT32_MAX) {
        return fail(a, WEFT_EMAP_FAILURE_CAPACITY, WEFT_EMAP_EDIT_INSERT_SECTION, index, in->section,
                    (int64_t)in->count, (int64_t)UINT32_MAX);
    }
    for (size_t k = 0; in->handles != NULL && k < in->count; k++) {
        const void *h = in->handles[k];
        if ((uint64_t)(uintptr_t)h > OBJ_PAYLOAD) {
            return fail(a, WEFT_EMAP_FAILURE_NULL_HANDLE, WEFT_EMAP_EDIT_INSERT_SECTION, index, in->section,
                        (int64_t)k, -1);
        }
    }
    uint32_t sid;
    if (!sid_take(t, &sid)) {
        return fail(a, WEFT_EMAP_FAILURE_CAPACITY, WEFT_EMAP_EDIT_INSERT_SECTION, index, in->section, -1,
                    (int64_t)SID_MAX);
    }
    rec *r = (rec *)weft_emap_txn_node_alloc(t, K_REC, weft_emap_rec_bytes(0));
    if (r == NULL) return out_of_memory(a, WEFT_EMAP_EDIT_INSERT_SECTION, index);
    r->sid = sid;
    r->nsupp = 0;
    r->count = in->count;
    r->items = NULL;
    r->h.n = 1;
    weft_rc rc = weft_emap_it_build(t, (void *const *)in->handles, in->count, &r->items);
    if (rc != WEFT_OK) rc = out_of_memory(a, WEFT_EMAP_EDIT_INSERT_SECTION, index);
    if (rc == WEFT_OK && in->handles != NULL) rc = index_new_items(a, index, in->section, r, (void *const *)in->handles);
    if (rc == WEFT_OK && !weft_emap_ol_push(t->f, &t->ins, obj_make(OBJ_SID, sid))) {
        rc = out_of_memory(a, WEFT_EMAP_EDIT_INSERT_SECTION, index);
    }
    if (rc == WEFT_OK && weft_emap_st_insert(t, &t->sections, t->nsections, (uint64_t)in->section, r) != WEFT_OK) {
        rc = out_of_memory(a, WEFT_EMAP_EDIT_INSERT_SECTION, index);
    }
    if (rc != WEFT_OK) return rc;
    t->nsections++;
    t->nitems += in->count;
    return WEFT_OK;
}

static weft_rc insert_moved_section(apply *a, uint32_t m) {
    assert(a != NULL && a->b != NULL);
    assert(m < a->b->section_move_count && a->sflight != NULL && a->sflight[m] != NULL);
    assert(representable(a->b->section_moves[m].to) && (uint64_t)a->b->section_moves[m].to <= a->t.nsections);
    txn *t = &a->t;
    rec *r = (rec *)weft_emap_txn_own(t, &a->sflight[m]->h, a->sflight[m]->nsupp);
    if (r == NULL) return out_of_memory(a, WEFT_EMAP_EDIT_MOVE_SECTION, m);
    a->sflight[m] = NULL;
    if (weft_emap_st_insert(t, &t->sections, t->nsections, (uint64_t)a->b->section_moves[m].to, r) != WEFT_OK) {
        return out_of_memory(a, WEFT_EMAP_EDIT_MOVE_SECTION, m);
    }
    t->nsections++;
    return WEFT_OK;
}

static weft_rc step_insert_sections(apply *a) {
    assert(a != NULL && a->b != NULL);
    assert(a->b->section_insert_count == 0 || a->b->section_inserts != NULL);
    assert(a->b->section_move_count == 0 || (a->sdst != NULL && a->sdst_key != NULL && a->sflight != NULL));
    const weft_emap_batch *b = a->b;
    size_t ni = b->section_insert_count, nm = b->section_move_count, ii = 0, mi = 0;
    const weft_emap_section_insert *ins = b->section_inserts;
    while (ii < ni || mi < nm) {
        bool take_insert = ii < ni;
        if (take_insert) {
            int64_t s = ins[ii].section;
            if (!representable(s)) return check_section(a, WEFT_EMAP_EDIT_INSERT_SECTION, ii, s, true);
            if (ii > 0 && representable(ins[ii - 1].section) && s <= ins[ii - 1].section) {
                weft_rc rc = fail(a, WEFT_EMAP_FAILURE_ORDER, WEFT_EMAP_EDIT_INSERT_SECTION, ii, s, -1, -1);
                return also(a, rc, WEFT_EMAP_EDIT_INSERT_SECTION, ii - 1, ins[ii - 1].section, -1);
            }
            if (mi < nm) {
                uint32_t m = a->sdst[mi];
                if (a->sdst_key[m] == (uint64_t)s) {
                    weft_rc rc = fail(a, WEFT_EMAP_FAILURE_DUPLICATE_PATH, WEFT_EMAP_EDIT_MOVE_SECTION, m, s, -1, -1);
                    return also(a, rc, WEFT_EMAP_EDIT_INSERT_SECTION, ii, s, -1);
                }
                take_insert = (uint64_t)s < a->sdst_key[m];
            }
        }
        weft_rc rc;
        if (take_insert) {
            rc = check_section(a, WEFT_EMAP_EDIT_INSERT_SECTION, ii, ins[ii].section, true);
            if (rc == WEFT_OK) rc = insert_new_section(a, ii);
            ii++;
        } else {
            uint32_t m = a->sdst[mi];
            rc = check_section(a, WEFT_EMAP_EDIT_MOVE_SECTION, m, b->section_moves[m].to, true);
            if (rc == WEFT_OK) rc = insert_moved_section(a, m);
            mi++;
        }
        if (rc != WEFT_OK) return rc;
    }
    return WEFT_OK;
}

/* ---- step 5: item insertions -------------------------------------------- */

static weft_rc insert_item(apply *a, weft_emap_edit_kind edit, size_t index, weft_emap_path p, void *h, bool is_new) {
    assert(a != NULL && a->b != NULL);
    assert(edit == WEFT_EMAP_EDIT_INSERT_ITEM ? is_new && index < a->b->item_insert_count
                                              : edit == WEFT_EMAP_EDIT_MOVE_ITEM && !is_new &&
                                                    index < a->b->item_move_count);
    txn *t = &a->t;
    weft_rc rc = check_path(a, edit, index, p, true);
    if (rc == WEFT_OK && is_new) rc = check_new_handle(a, edit, index, p.section, p.item, h);
    if (rc != WEFT_OK) return rc;
    if (section_items(t, (uint64_t)p.section) >= UINT32_MAX) {
        return fail(a, WEFT_EMAP_FAILURE_CAPACITY, edit, index, p.section, p.item, (int64_t)UINT32_MAX);
    }
    rec *sec;
    uint64_t label;
    unsigned slot;
    rc = own_record(t, (uint64_t)p.section, 0, &sec);
    if (rc == WEFT_OK) rc = weft_emap_it_insert(t, &sec->items, (uint64_t)p.item, sec->sid, h, &label, &slot);
    if (rc == WEFT_OK) {
        sec->count++;
        t->nitems++;
        rc = index_item(t, h, sec->sid, label, slot, is_new);
    }
    if (rc == WEFT_OK && is_new && !record_new_handle(t, h)) {
        rc = WEFT_ENOMEM;
    }
    return rc == WEFT_OK ? WEFT_OK : out_of_memory(a, edit, index);
}

static weft_rc step_insert_items(apply *a) {
    assert(a != NULL && a->b != NULL);
    assert(a->b->item_insert_count == 0 || a->b->item_inserts != NULL);
    assert(a->b->item_move_count == 0 || (a->idst != NULL && a->idst_key != NULL && a->iflight != NULL));
    const weft_emap_batch *b = a->b;
    size_t ni = b->item_insert_count, nm = b->item_move_count, ii = 0, mi = 0;
    const weft_emap_item_edit *ins = b->item_inserts;
    while (ii < ni || mi < nm) {
        bool take_insert = ii < ni;
        if (take_insert) {
            weft_emap_path p = ins[ii].path;
            if (!representable(p.section) || !representable(p.item)) {
                return check_path(a, WEFT_EMAP_EDIT_INSERT_ITEM, ii, p, true);
            }
            if (ii > 0 && representable(ins[ii - 1].path.section) && representable(ins[ii - 1].path.item) &&
                path_key(p) <= path_key(ins[ii - 1].path)) {
                weft_rc rc = fail(a, WEFT_EMAP_FAILURE_ORDER, WEFT_EMAP_EDIT_INSERT_ITEM, ii, p.section, p.item, -1);
                return also(a, rc, WEFT_EMAP_EDIT_INSERT_ITEM, ii - 1, ins[ii - 1].path.section, ins[ii - 1].path.item);
            }
            if (mi < nm) {
                uint32_t m = a->idst[mi];
                if (a->idst_key[m] == path_key(p)) {
                    weft_rc rc = fail(a, WEFT_EMAP_FAILURE_DUPLICATE_PATH, WEFT_EMAP_EDIT_MOVE_ITEM, m, p.section,
                                      p.item, -1);
                    return also(a, rc, WEFT_EMAP_EDIT_INSERT_ITEM, ii, p.section, p.item);
                }
                take_insert = path_key(p) < a->idst_key[m];
            }
        }
        weft_rc rc;
        if (take_insert) {
            rc = insert_item(a, WEFT_EMAP_EDIT_INSERT_ITEM, ii, ins[ii].path, ins[ii].handle, true);
            ii++;
        } else {
            uint32_t m = a->idst[mi];
            rc = insert_item(a, WEFT_EMAP_EDIT_MOVE_ITEM, m, b->item_moves[m].to, a->iflight[m], false);
            if (rc == WEFT_OK) a->iflight[m] = NULL;
            mi++;
        }
        if (rc != WEFT_OK) return rc;
    }
    return WEFT_OK;
}

/* ---- step 6: supplementary elements ------------------------------------- */

/* Writes one section's edits into its record: 'ord' holds the section's
** edits sorted by (kind, item), none of them repeated. Replacements and
** removals are found in the record as it was; removals are compacted out in
** one forward pass, then the additions are merged in from the back, so each
** entry moves at most twice. O(q + m) for q supplementaries and m edits,
** where edits one at a time would move the tail once per edit (O(q * m)). */
static weft_rc merge_supplementaries(apply *a, uint64_t s, const uint32_t *ord, size_t m) {
    assert(a != NULL && a->b != NULL && ord != NULL && m > 0);
    txn *t = &a->t;
    const weft_emap_supplementary_edit *se = a->b->supplementary_edits;
    uint64_t off;
    const rec *cur = (const rec *)weft_emap_pt_locate(t->sections, s, &off);
    size_t removed = 0, added = 0;
    for (size_t k = 0; k < m; k++) {
        bool found;
        (void)weft_emap_supp_find(cur, se[ord[k]].kind, (uint32_t)se[ord[k]].path.item, &found);
        if (!found) added++;
        else if (se[ord[k]].handle == NULL) removed++;
    }
    assert(removed <= cur->nsupp);
    size_t old = cur->nsupp, final = old - removed + added;
    assert(final <= UINT32_MAX);
    rec *r;
    if (own_record(t, s, final > old ? final : old, &r) != WEFT_OK) return WEFT_ENOMEM;
    /* Replacements in place; removals leave a NULL handle, which no kept
    ** supplementary has (check_new_handle refuses NULL). */
    for (size_t k = 0; k < m; k++) {
        bool found;
        uint32_t pos = weft_emap_supp_find(r, se[ord[k]].kind, (uint32_t)se[ord[k]].path.item, &found);
        if (found) r->supps[pos].handle = se[ord[k]].handle;
    }
    if (removed > 0) {
        uint32_t w = 0;
        for (uint32_t i = 0; i < r->nsupp; i++) {
            if (r->supps[i].handle != NULL) r->supps[w++] = r->supps[i];
        }
        assert(w == old - removed);
        r->nsupp = w;
    }
    if (added > 0) {
        /* From the back: the write index never falls below the read index. */
        size_t i = r->nsupp, w = final, k = m;
        while (k > 0) {
            const weft_emap_supplementary_edit *e = &se[ord[k - 1]];
            if (e->handle == NULL) { k--; continue; }
            uint64_t key = ((uint64_t)e->kind << 32) | (uint32_t)e->path.item;
            uint64_t have = i > 0 ? ((uint64_t)r->supps[i - 1].kind << 32) | r->supps[i - 1].item : 0;
            if (i > 0 && have == key) { k--; continue; } /* a replacement, already written */
            if (i > 0 && have > key) {
                r->supps[--w] = r->supps[--i];
            } else {
                r->supps[--w] = (supp){.kind = e->kind, .item = (uint32_t)e->path.item, .handle = e->handle};
                k--;
            }
        }
        assert(w == i);
        r->nsupp = (uint32_t)final;
    }
    assert(r->nsupp == final);
    return WEFT_OK;
}

static weft_rc step_supplementaries(apply *a) {
    assert(a != NULL && a->b != NULL && a->e != NULL);
    assert(a->b->supplementary_edit_count == 0 || a->b->supplementary_edits != NULL);
    const weft_emap_batch *b = a->b;
    size_t n = b->supplementary_edit_count;
    if (n == 0) return WEFT_OK;
    txn *t = &a->t;
    const weft_emap_supplementary_edit *se = b->supplementary_edits;
    for (size_t k = 0; k < n; k++) {
        weft_rc rc = check_section(a, WEFT_EMAP_EDIT_SUPPLEMENTARY, k, se[k].path.section, false);
        if (rc == WEFT_OK && !representable(se[k].path.item)) {
            rc = fail(a, WEFT_EMAP_FAILURE_ITEM_RANGE, WEFT_EMAP_EDIT_SUPPLEMENTARY, k, se[k].path.section,
                      se[k].path.item, -1);
        }
        if (rc != WEFT_OK) {
            a->e->kind = se[k].kind;
            return rc;
        }
    }
    /* Sorted by (kind, item), stably, then by section: duplicates sit side by
    ** side, and each section's edits come together in the order its record
    ** keeps. */
    uint32_t *idx = tmp_alloc(&a->tmp, n * sizeof(uint32_t));
    uint32_t *scratch = tmp_alloc(&a->tmp, n * sizeof(uint32_t));
    uint64_t *k1 = tmp_alloc(&a->tmp, n * sizeof(uint64_t));
    uint64_t *k2 = tmp_alloc(&a->tmp, n * sizeof(uint64_t));
    if (!idx || !scratch || !k1 || !k2) return out_of_memory(a, WEFT_EMAP_EDIT_SUPPLEMENTARY, 0);
    for (size_t k = 0; k < n; k++) {
        idx[k] = (uint32_t)k;
        k1[k] = ((uint64_t)se[k].kind << 32) | (uint64_t)se[k].path.item;
        k2[k] = (uint64_t)se[k].path.section;
    }
    sort_by_key(idx, scratch, n, k1);
    sort_by_key(idx, scratch, n, k2);
    for (size_t k = 1; k < n; k++) {
        uint32_t x = idx[k], y = idx[k - 1];
        if (k1[x] == k1[y] && k2[x] == k2[y]) {
            weft_rc rc = fail(a, WEFT_EMAP_FAILURE_DUPLICATE_PATH, WEFT_EMAP_EDIT_SUPPLEMENTARY, x,
                              se[x].path.section, se[x].path.item, -1);
            a->e->kind = se[x].kind;
            return also(a, rc, WEFT_EMAP_EDIT_SUPPLEMENTARY, y, se[y].path.section, se[y].path.item);
        }
    }
    /* In the batch's order, so the first bad edit is the one reported: each
    ** edit checked against the record as it was, and the handle index kept. */
    for (size_t k = 0; k < n; k++) {
        uint64_t s = (uint64_t)se[k].path.section;
        uint32_t item = (uint32_t)se[k].path.item, kind = se[k].kind;
        void *h = se[k].handle;
        uint64_t off;
        const rec *cur = (const rec *)weft_emap_pt_locate(t->sections, s, &off);
        bool found;
        uint32_t pos = weft_emap_supp_find(cur, kind, item, &found);
        weft_rc rc = WEFT_OK;
        if (h == NULL && !found) {
            rc = fail(a, WEFT_EMAP_FAILURE_MISSING_SUPPLEMENTARY, WEFT_EMAP_EDIT_SUPPLEMENTARY, k, (int64_t)s, item, -1);
        } else if (h != NULL) {
            rc = check_new_handle(a, WEFT_EMAP_EDIT_SUPPLEMENTARY, k, (int64_t)s, item, h);
        }
        if (rc != WEFT_OK) {
            a->e->kind = kind;
            return rc;
        }
        if (found) {
            void *old = cur->supps[pos].handle;
            rc = weft_emap_hm_remove(t, &t->rev, mix64((uint64_t)(uintptr_t)old));
            if (rc == WEFT_OK && !drop_handle(t, old)) rc = WEFT_ENOMEM;
        }
        if (rc == WEFT_OK && h != NULL) {
            rc = weft_emap_hm_set(t, &t->rev, mix64((uint64_t)(uintptr_t)h), val_pack(true, cur->sid, item, 0));
            if (rc == WEFT_OK && !weft_emap_ol_push(t->f, &t->ins, obj_make(OBJ_HANDLE, (uint64_t)(uintptr_t)h))) {
                rc = WEFT_ENOMEM;
            }
        }
        if (rc != WEFT_OK) {
            a->e->kind = kind;
            return out_of_memory(a, WEFT_EMAP_EDIT_SUPPLEMENTARY, k);
        }
    }
    /* Then each section's record once. */
    for (size_t k = 0; k < n;) {
        size_t end = k + 1;
        while (end < n && k2[idx[end]] == k2[idx[k]]) end++;
        if (merge_supplementaries(a, k2[idx[k]], idx + k, end - k) != WEFT_OK) {
            a->e->kind = se[idx[k]].kind;
            return out_of_memory(a, WEFT_EMAP_EDIT_SUPPLEMENTARY, idx[k]);
        }
        k = end;
    }
    return WEFT_OK;
}

/* ---- the whole batch ---------------------------------------------------- */

static bool batch_is_empty(const weft_emap_batch *b) {
    assert(b != NULL);
    return b->replacement_count == 0 && b->item_delete_count == 0 && b->section_delete_count == 0 &&
           b->section_move_count == 0 && b->item_move_count == 0 && b->section_insert_count == 0 &&
           b->item_insert_count == 0 && b->supplementary_edit_count == 0;
}

static void txn_discard_lists(txn *t) {
    assert(t != NULL && t->f != NULL);
    family *f = t->f;
    weft_emap_ol_free(f, &t->del);
    weft_emap_ol_free(f, &t->ins);
    weft_emap_ol_free(f, &t->new_sids);
    weft_emap_ol_free(f, &t->release_now);
    weft_emap_ol_free(f, &t->created);
    weft_arena_free(f->arena, t->pending);
    t->pending = NULL;
}

/* Nothing the batch did is visible: free every node it made (trees, records
** in flight, replaced copies alike) and give its section ids back. */
static void rollback(apply *a) {
    assert(a != NULL && a->t.f != NULL);
    txn *t = &a->t;
    family *f = t->f;
    for (size_t k = 0; k < t->created.n; k++) weft_emap_node_free(f, (node *)(uintptr_t)t->created.v[k]);
    /* sid_take reserved the room for these. */
    for (size_t k = 0; k < t->new_sids.n; k++) weft_emap_ol_push_reserved(&f->free_sids, t->new_sids.v[k]);
    txn_discard_lists(t);
}

/* Handles a replacement put in and a later step took out were never in any
** version: keep them out of the new version's list of created handles. */
static void forget_released(txn *t) {
    assert(t != NULL);
    assert(t->ins.n <= t->ins.cap && t->release_now.n <= t->release_now.cap);
    if (t->release_now.n == 0) return;
    size_t w = 0;
    for (size_t k = 0; k < t->ins.n; k++) {
        uint64_t o = t->ins.v[k];
        bool gone = false;
        for (size_t q = 0; q < t->release_now.n && !gone; q++) gone = t->release_now.v[q] == o;
        if (!gone) t->ins.v[w++] = o;
    }
    t->ins.n = w;
}

static weft_rc finish(apply *a, weft_emap_t *base, weft_emap_t **out) {
    assert(a != NULL && base != NULL && out != NULL);
    assert(a->t.f != NULL && base->fam == a->t.f && base->alive);
    assert(a->t.ndropped <= a->t.created.n);
    txn *t = &a->t;
    family *f = t->f;
    forget_released(t);
    weft_emap_t *v = weft_arena_calloc(f->arena, 1, sizeof(weft_emap_t));
    if (v == NULL || !weft_emap_ol_reserve(f, &t->ins, t->created.n - t->ndropped)) {
        weft_arena_free(f->arena, v);
        return WEFT_ENOMEM;
    }
    atomic_init(&v->positions, NULL);
    /* Publish: the batch's nodes become immutable and belong to the new
    ** version; the ones it dropped again go now. */
    for (size_t k = 0; k < t->created.n; k++) {
        node *x = (node *)(uintptr_t)t->created.v[k];
        if (x->flags & F_DROPPED) {
            weft_emap_node_free(f, x);
            continue;
        }
        x->flags &= F_HOLLOW;
        weft_emap_ol_push_reserved(&t->ins, obj_make(OBJ_NODE, t->created.v[k]));
    }
    size_t handles = 0;
    for (size_t k = 0; k < t->ins.n; k++) handles += obj_tag(t->ins.v[k]) == OBJ_HANDLE;
    atomic_init(&v->refs, 1);
    v->fam = f;
    v->sections = t->sections;
    v->rev = t->rev;
    v->secrev = t->secrev;
    v->nsections = t->nsections;
    v->nitems = t->nitems;
    v->alive = true;
    v->ins = t->ins;
    v->del = t->del;
    t->ins = (objlist){0};
    t->del = (objlist){0};
    v->parent = base;
    v->next = base->child;
    if (base->child) base->child->prev = v;
    base->child = v;
    base->nchildren++;
    f->live_versions++;
    f->handles += handles;
    *out = v;
    return WEFT_OK;
}

weft_rc weft_emap_apply(weft_emap_t *base, const weft_emap_batch *batch, weft_emap_error *error, weft_emap_t **out) {
    assert(base != NULL && batch != NULL && out != NULL);
    assert(base->fam != NULL);
    weft_emap_error local;
    weft_emap_error *e = error ? error : &local;
    memset(e, 0, sizeof(*e));
    e->section = e->item = e->count = e->other_section = e->other_item = -1;
    if (batch_is_empty(batch)) {
        weft_emap_retain(base);
        *out = base;
        return WEFT_OK;
    }
    family *f = base->fam;
    /* On the stack: an apply allocates nothing it does not need. */
    apply state;
    apply *a = &state;
    memset(a, 0, offsetof(apply, tmp));
    a->tmp.used = 0;
    a->tmp.lease = NULL;
    a->b = batch;
    a->e = e;
    txn *t = &a->t;
    pthread_mutex_lock(&f->lock);
    t->f = f;
    t->sections = base->sections;
    t->rev = base->rev;
    t->secrev = base->secrev;
    t->nsections = base->nsections;
    t->nitems = base->nitems;
    weft_rc rc = step_replace(a);
    if (rc == WEFT_OK) rc = prepare_moves(a);
    if (rc == WEFT_OK) rc = step_remove_items(a);
    if (rc == WEFT_OK) rc = step_remove_sections(a);
    if (rc == WEFT_OK) rc = step_insert_sections(a);
    if (rc == WEFT_OK) rc = step_insert_items(a);
    if (rc == WEFT_OK) rc = step_supplementaries(a);
    if (rc == WEFT_OK && finish(a, base, out) != WEFT_OK) rc = out_of_memory(a, WEFT_EMAP_EDIT_REPLACE_ITEM, 0);
    objlist release_now = t->release_now;
    t->release_now = (objlist){0};
    if (rc != WEFT_OK) {
        rollback(a);
        weft_emap_ol_free(f, &release_now);
    } else {
        txn_discard_lists(t);
    }
    pthread_mutex_unlock(&f->lock);
    tmp_end(&a->tmp);
    if (rc == WEFT_OK) weft_emap_family_release_handles(f, &release_now);
    return rc;
}

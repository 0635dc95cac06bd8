/*
** diff_check.c - invariant checkers for diff results (WEFT_DEBUG builds).
**
** Each checker re-derives what a result means the way a batch update applies
** it, with code that shares nothing with the diff itself beyond the content
** comparison: the pairing comes from applying the edits, the number of pairs
** each identity allows from sorting (hash, index) pairs, the moves the
** pairing needs from a plain patience sort, and, where identities repeat,
** the fewest moves possible from a quadratic longest-common-subsequence table
** (for levels small enough to afford it). Debug builds assert them on every
** diff; tests call them on results they receive. Memory comes from the diff
** subsystem's arena and is freed before returning.
*/
#include "diff_internal.h"

#ifdef WEFT_DEBUG

#include <stdlib.h>
#include <string.h>

/* What the edits say about one element. */
enum { ROLE_STAY = 0, ROLE_GONE = 1, ROLE_MOVED = 2 };

typedef struct hashed_index {
    uint64_t hash;
    uint32_t index;
} hashed_index;

static int compare_hashed(const void *a, const void *b) {
    const hashed_index *x = a, *y = b;
    if (x->hash != y->hash) return x->hash < y->hash ? -1 : 1;
    return x->index < y->index ? -1 : (x->index > y->index ? 1 : 0);
}

/* Scratch for checking one level (a list, the sections, or the items). */
typedef struct level_scratch {
    uint8_t *old_role;
    uint8_t *new_role;
    uint32_t *new_to_old;   /* the pairing the edits imply */
    uint32_t *expected;     /* the pairing order of occurrence implies */
    uint32_t *sequence;
    uint32_t *piles;
    weft_diff_pair *pairs;  /* the implied pairs in new order, for the content check */
    uint8_t *changed;
    hashed_index *old_sorted;
    hashed_index *new_sorted;
    uint32_t *table;        /* two rows of a common-subsequence table */
} level_scratch;

/* Levels up to this many old x new elements get the quadratic optimality check. */
#define LCS_CHECK_CELLS (UINT64_C(1) << 22)

static void level_scratch_carve(level_scratch *s, carver *c, uint32_t old_count, uint32_t new_count) {
    s->old_role = weft_diff_carve(c, old_count, sizeof(uint8_t));
    s->new_role = weft_diff_carve(c, new_count, sizeof(uint8_t));
    s->new_to_old = weft_diff_carve(c, new_count, sizeof(uint32_t));
    s->expected = weft_diff_carve(c, new_count, sizeof(uint32_t));
    s->sequence = weft_diff_carve(c, new_count, sizeof(uint32_t));
    s->piles = weft_diff_carve(c, new_count, sizeof(uint32_t));
    s->pairs = weft_diff_carve(c, new_count, sizeof(weft_diff_pair));
    s->changed = weft_diff_carve(c, new_count, sizeof(uint8_t));
    s->old_sorted = weft_diff_carve(c, old_count, sizeof(hashed_index));
    s->new_sorted = weft_diff_carve(c, new_count, sizeof(hashed_index));
    s->table = weft_diff_carve(c, 2 * ((size_t)new_count + 1), sizeof(uint32_t));
}

/* Length of a longest common subsequence of old [ob, oe) and new [nb, ne) by
** identity hash. O(n * m). */
static uint32_t lcs_length(const level_input *in, uint32_t ob, uint32_t oe, uint32_t nb, uint32_t ne,
                           uint32_t *table) {
    uint32_t width = ne - nb + 1;
    uint32_t *previous = table, *current = table + width;
    for (uint32_t k = 0; k < width; k++) previous[k] = 0;
    for (uint32_t i = ob; i < oe; i++) {
        current[0] = 0;
        for (uint32_t j = nb; j < ne; j++) {
            uint32_t k = j - nb + 1;
            if (in->old_ids[i] == in->new_ids[j]) {
                current[k] = previous[k - 1] + 1;
            } else {
                current[k] = previous[k] > current[k - 1] ? previous[k] : current[k - 1];
            }
        }
        uint32_t *swap = previous;
        previous = current;
        current = swap;
    }
    return previous[width - 1];
}

/* Length of the longest strictly increasing subsequence of distinct values. */
static uint32_t lis_length(const uint32_t *values, uint32_t count, uint32_t *piles) {
    uint32_t length = 0;
    for (uint32_t p = 0; p < count; p++) {
        uint32_t lo = 0, hi = length;
        while (lo < hi) {
            uint32_t mid = lo + (hi - lo) / 2;
            if (piles[mid] < values[p]) lo = mid + 1;
            else hi = mid;
        }
        piles[lo] = values[p];
        if (lo == length) length++;
    }
    return length;
}

/* Fill expected[j] with the old partner of new element j when the k-th
** occurrence of a hash in new pairs with its k-th occurrence in old: as many
** pairs as each identity allows. Returns their number. */
static uint32_t expected_pairing(const level_input *in, level_scratch *s) {
    const uint64_t *old_ids = in->old_ids, *new_ids = in->new_ids;
    uint32_t n = in->old_count, m = in->new_count;
    for (uint32_t i = 0; i < n; i++) s->old_sorted[i] = (hashed_index){old_ids[i], i};
    for (uint32_t j = 0; j < m; j++) s->new_sorted[j] = (hashed_index){new_ids[j], j};
    if (n > 1) qsort(s->old_sorted, n, sizeof(hashed_index), compare_hashed);
    if (m > 1) qsort(s->new_sorted, m, sizeof(hashed_index), compare_hashed);
    for (uint32_t j = 0; j < m; j++) s->expected[j] = NO_INDEX;
    uint32_t p = 0, q = 0, pairs = 0;
    while (p < n && q < m) {
        uint64_t a = s->old_sorted[p].hash, b = s->new_sorted[q].hash;
        if (a < b) { p++; continue; }
        if (b < a) { q++; continue; }
        while (p < n && q < m && s->old_sorted[p].hash == a && s->new_sorted[q].hash == a) {
            s->expected[s->new_sorted[q++].index] = s->old_sorted[p++].index;
            pairs++;
        }
        while (p < n && s->old_sorted[p].hash == a) p++;
        while (q < m && s->new_sorted[q].hash == a) q++;
    }
    return pairs;
}

/* Pair the staying old elements of [old_begin, old_end) with the free new
** slots of [new_begin, new_end) in order, as a batch update places them.
** False when their numbers differ. */
static bool pair_stayers(const uint8_t *old_role, uint32_t old_begin, uint32_t old_end,
                         const uint8_t *new_role, uint32_t new_begin, uint32_t new_end,
                         uint32_t *new_to_old) {
    uint32_t i = old_begin;
    for (uint32_t j = new_begin; j < new_end; j++) {
        if (new_role[j] == ROLE_GONE) new_to_old[j] = NO_INDEX;
        if (new_role[j] != ROLE_STAY) continue;
        while (i < old_end && old_role[i] != ROLE_STAY) i++;
        if (i == old_end) return false;
        new_to_old[j] = i++;
    }
    while (i < old_end && old_role[i] != ROLE_STAY) i++;
    return i == old_end;
}

static bool same_identity(const level_input *in, uint32_t i, uint32_t j) {
    weft_diff_equal_fn equal = in->callbacks.identity_equal;
    return in->old_ids[i] == in->new_ids[j] && (equal == NULL || equal(in->context, i, j));
}

/* One level and the edits a result reports for it. */
typedef struct level {
    level_input in;
    const uint32_t *deletes;
    const uint32_t *inserts;
    const weft_diff_pair *moves;
    const weft_diff_pair *updates;
    uint32_t delete_count;
    uint32_t insert_count;
    uint32_t move_count;
    uint32_t update_count;
} level;

/* Check one flat level; on success s->new_to_old and s->old_role describe it. */
static bool check_level(const level *lv, level_scratch *s) {
    uint32_t n = lv->in.old_count, m = lv->in.new_count;
    if (n > 0) memset(s->old_role, ROLE_STAY, n);
    if (m > 0) memset(s->new_role, ROLE_STAY, m);
    for (uint32_t d = 0; d < lv->delete_count; d++) {
        uint32_t i = lv->deletes[d];
        if (i >= n || (d > 0 && i <= lv->deletes[d - 1])) return false;
        s->old_role[i] = ROLE_GONE;
    }
    for (uint32_t k = 0; k < lv->insert_count; k++) {
        uint32_t j = lv->inserts[k];
        if (j >= m || (k > 0 && j <= lv->inserts[k - 1])) return false;
        s->new_role[j] = ROLE_GONE;
    }
    for (uint32_t k = 0; k < lv->move_count; k++) {
        weft_diff_pair mv = lv->moves[k];
        if (mv.from >= n || mv.to >= m || (k > 0 && mv.to <= lv->moves[k - 1].to)) return false;
        if (s->old_role[mv.from] != ROLE_STAY || s->new_role[mv.to] != ROLE_STAY) return false;
        s->old_role[mv.from] = ROLE_MOVED;
        s->new_role[mv.to] = ROLE_MOVED;
        s->new_to_old[mv.to] = mv.from;
    }
    if (!pair_stayers(s->old_role, 0, n, s->new_role, 0, m, s->new_to_old)) return false;

    uint32_t matched = 0;
    for (uint32_t j = 0; j < m; j++) {
        uint32_t i = s->new_to_old[j];
        if (i == NO_INDEX) continue;
        if (!same_identity(&lv->in, i, j)) return false;
        s->sequence[matched++] = i;
    }
    uint32_t kept = lis_length(s->sequence, matched, s->piles);
    if (lv->move_count != matched - kept) return false;

    if (lv->in.callbacks.identity_equal == NULL) {
        /* As many pairs as the identities allow, and no fewer moves possible. */
        if (matched != expected_pairing(&lv->in, s)) return false;
        if ((uint64_t)n * m <= LCS_CHECK_CELLS) {
            if (kept != lcs_length(&lv->in, 0, n, 0, m, s->table)) return false;
        }
    }

    uint32_t pairs = 0;
    for (uint32_t j = 0; j < m; j++) {
        if (s->new_to_old[j] != NO_INDEX) s->pairs[pairs++] = (weft_diff_pair){s->new_to_old[j], j};
    }
    content_source contents = level_contents(&lv->in);
    weft_diff_mark_changed_contents(&contents, s->pairs, pairs, s->changed);
    uint32_t u = 0;
    for (uint32_t p = 0; p < pairs; p++) {
        if (!s->changed[p]) continue;
        if (u >= lv->update_count || lv->updates[u].from != s->pairs[p].from || lv->updates[u].to != s->pairs[p].to) {
            return false;
        }
        u++;
    }
    return u == lv->update_count;
}

/* A checker's memory: one block from the diff subsystem's arena. */
static void *check_block(uint64_t bytes, weft_arena_t **arena) {
    if (bytes > SIZE_MAX || weft_arena_for(WEFT_SUBSYSTEM_DIFF, arena) != WEFT_OK) return NULL;
    return weft_arena_alloc(*arena, (size_t)bytes);
}

bool weft_diff_list_check_invariants(const weft_diff_list_request *r, const weft_diff_list_result *res) {
    const weft_diff_list_input *in = res->input;
    if (in->old_count != r->old_count || in->new_count != r->new_count) return false;
    if (res->delete_count + res->matched_count != in->old_count ||
        res->insert_count + res->matched_count != in->new_count) {
        return false;
    }
    level lv = {
        .in = list_level(r, in),
        .deletes = res->deletes, .inserts = res->inserts, .moves = res->moves, .updates = res->updates,
        .delete_count = res->delete_count, .insert_count = res->insert_count,
        .move_count = res->move_count, .update_count = res->update_count,
    };
    level_scratch s;
    carver measure = {NULL, 0};
    level_scratch_carve(&s, &measure, in->old_count, in->new_count);
    weft_arena_t *arena = NULL;
    void *block = check_block(measure.used, &arena);
    if (block == NULL) return false;
    carver place = {block, 0};
    level_scratch_carve(&s, &place, in->old_count, in->new_count);
    bool ok = check_level(&lv, &s);
    weft_arena_free(arena, block);
    return ok;
}

static int compare_paths(weft_diff_path a, weft_diff_path b) {
    if (a.section != b.section) return a.section < b.section ? -1 : 1;
    return a.item < b.item ? -1 : (a.item > b.item ? 1 : 0);
}

/* Flat item index of 'path', or NO_INDEX when it lies outside its sections. */
static uint32_t flat_index(weft_diff_path path, const uint32_t *first, const uint32_t *counts,
                           uint32_t section_count) {
    if (path.section >= section_count || path.item >= counts[path.section]) return NO_INDEX;
    return first[path.section] + path.item;
}

/* Everything the item checks need beyond one level's scratch. */
typedef struct item_scratch {
    level_scratch level;
    uint32_t *old_first;
    uint32_t *new_first;
    uint32_t *old_section_of;
    weft_diff_path_pair *paths;   /* per entry of level.pairs */
} item_scratch;

static void sectioned_check_carve(level_scratch *sections, item_scratch *items, carver *c,
                                  const weft_diff_sectioned_input *in) {
    level_scratch_carve(sections, c, in->old_section_count, in->new_section_count);
    level_scratch_carve(&items->level, c, in->old_item_count, in->new_item_count);
    items->old_first = weft_diff_carve(c, in->old_section_count, sizeof(uint32_t));
    items->new_first = weft_diff_carve(c, in->new_section_count, sizeof(uint32_t));
    items->old_section_of = weft_diff_carve(c, in->old_item_count, sizeof(uint32_t));
    items->paths = weft_diff_carve(c, in->new_item_count, sizeof(weft_diff_path_pair));
}

static bool check_items(const weft_diff_sectioned_request *r, const weft_diff_sectioned_result *res,
                        const level_scratch *sections, item_scratch *is) {
    const weft_diff_sectioned_input *in = res->input;
    uint32_t S = in->old_section_count, T = in->new_section_count;
    uint32_t N = in->old_item_count, M = in->new_item_count;
    const uint32_t *section_new_to_old = sections->new_to_old;
    const uint8_t *section_role = sections->old_role;   /* ROLE_GONE: deleted */
    level_scratch *s = &is->level;
    level_input items = item_level(r, in);

    for (uint32_t k = 0, flat = 0; k < S; k++) {
        is->old_first[k] = flat;
        for (uint32_t n = 0; n < in->old_item_counts[k]; n++) is->old_section_of[flat++] = k;
    }
    for (uint32_t t = 0, flat = 0; t < T; flat += in->new_item_counts[t], t++) is->new_first[t] = flat;
    if (N > 0) memset(s->old_role, ROLE_STAY, N);
    if (M > 0) memset(s->new_role, ROLE_STAY, M);

    for (uint32_t d = 0; d < res->item_delete_count; d++) {
        weft_diff_path p = res->item_deletes[d];
        uint32_t i = flat_index(p, is->old_first, in->old_item_counts, S);
        if (i == NO_INDEX || section_role[p.section] == ROLE_GONE) return false;
        if (d > 0 && compare_paths(res->item_deletes[d - 1], p) >= 0) return false;
        s->old_role[i] = ROLE_GONE;
    }
    for (uint32_t k = 0; k < res->item_insert_count; k++) {
        weft_diff_path p = res->item_inserts[k];
        uint32_t j = flat_index(p, is->new_first, in->new_item_counts, T);
        if (j == NO_INDEX || section_new_to_old[p.section] == NO_INDEX) return false;
        if (k > 0 && compare_paths(res->item_inserts[k - 1], p) >= 0) return false;
        s->new_role[j] = ROLE_GONE;
    }
    for (uint32_t k = 0; k < res->item_move_count; k++) {
        weft_diff_path_pair mv = res->item_moves[k];
        uint32_t i = flat_index(mv.from, is->old_first, in->old_item_counts, S);
        uint32_t j = flat_index(mv.to, is->new_first, in->new_item_counts, T);
        if (i == NO_INDEX || j == NO_INDEX) return false;
        if (section_role[mv.from.section] == ROLE_GONE || section_new_to_old[mv.to.section] == NO_INDEX) return false;
        if (k > 0 && compare_paths(res->item_moves[k - 1].to, mv.to) >= 0) return false;
        if (s->old_role[i] != ROLE_STAY || s->new_role[j] != ROLE_STAY) return false;
        s->old_role[i] = ROLE_MOVED;
        s->new_role[j] = ROLE_MOVED;
        s->new_to_old[j] = i;
    }

    /* Apply, section pair by section pair, and collect the optimum. */
    uint32_t matched = 0, kept = 0;
    for (uint32_t t = 0; t < T; t++) {
        uint32_t first = is->new_first[t], end = first + in->new_item_counts[t];
        uint32_t paired = section_new_to_old[t];
        if (paired == NO_INDEX) {
            for (uint32_t j = first; j < end; j++) s->new_to_old[j] = NO_INDEX;
            continue;
        }
        uint32_t old_first = is->old_first[paired], old_end = old_first + in->old_item_counts[paired];
        if (!pair_stayers(s->old_role, old_first, old_end, s->new_role, first, end, s->new_to_old)) return false;
        uint32_t candidates = 0;
        for (uint32_t j = first; j < end; j++) {
            uint32_t i = s->new_to_old[j];
            if (i == NO_INDEX) continue;
            if (!same_identity(&items, i, j)) return false;
            matched++;
            if (is->old_section_of[i] == paired) s->sequence[candidates++] = i;
        }
        kept += lis_length(s->sequence, candidates, s->piles);
    }
    if (res->item_move_count != matched - kept) return false;

    if (items.callbacks.identity_equal == NULL && (uint64_t)N * M <= LCS_CHECK_CELLS) {
        /* No fewer moves possible: each section pair keeps a longest common
        ** subsequence of its items. */
        uint64_t best = 0;
        for (uint32_t t = 0; t < T; t++) {
            uint32_t paired = section_new_to_old[t];
            if (paired == NO_INDEX) continue;
            uint32_t first = is->new_first[t], old_first = is->old_first[paired];
            best += lcs_length(&items, old_first, old_first + in->old_item_counts[paired], first,
                               first + in->new_item_counts[t], s->table);
        }
        if (kept != best) return false;
    }

    content_source contents = level_contents(&items);
    uint32_t pairs = 0;
    for (uint32_t t = 0; t < T; t++) {
        uint32_t first = is->new_first[t], end = first + in->new_item_counts[t];
        for (uint32_t j = first; j < end; j++) {
            uint32_t i = s->new_to_old[j];
            if (i == NO_INDEX) continue;
            uint32_t k = is->old_section_of[i];
            s->pairs[pairs] = (weft_diff_pair){i, j};
            is->paths[pairs++] = (weft_diff_path_pair){{k, i - is->old_first[k]}, {t, j - first}};
        }
    }
    weft_diff_mark_changed_contents(&contents, s->pairs, pairs, s->changed);
    uint32_t u = 0;
    for (uint32_t p = 0; p < pairs; p++) {
        if (!s->changed[p]) continue;
        if (u >= res->item_update_count) return false;
        weft_diff_path_pair up = res->item_updates[u++];
        if (compare_paths(up.from, is->paths[p].from) != 0 || compare_paths(up.to, is->paths[p].to) != 0) return false;
    }
    return u == res->item_update_count;
}

bool weft_diff_sectioned_check_invariants(const weft_diff_sectioned_request *r,
                                          const weft_diff_sectioned_result *res) {
    const weft_diff_sectioned_input *in = res->input;
    if (in->old_section_count != r->old_section_count || in->new_section_count != r->new_section_count ||
        in->old_item_count != r->old_item_count || in->new_item_count != r->new_item_count) {
        return false;
    }
    level sections = {
        .in = section_level(r, in),
        .deletes = res->section_deletes, .inserts = res->section_inserts,
        .moves = res->section_moves, .updates = res->section_updates,
        .delete_count = res->section_delete_count, .insert_count = res->section_insert_count,
        .move_count = res->section_move_count, .update_count = res->section_update_count,
    };
    level_scratch section_scratch;
    item_scratch items;
    carver measure = {NULL, 0};
    sectioned_check_carve(&section_scratch, &items, &measure, in);
    weft_arena_t *arena = NULL;
    void *block = check_block(measure.used, &arena);
    if (block == NULL) return false;
    carver place = {block, 0};
    sectioned_check_carve(&section_scratch, &items, &place, in);
    bool ok = check_level(&sections, &section_scratch) && check_items(r, res, &section_scratch, &items);
    weft_arena_free(arena, block);
    return ok;
}

#else

bool weft_diff_list_check_invariants(const weft_diff_list_request *r, const weft_diff_list_result *res) {
    (void)r;
    (void)res;
    return true;
}

bool weft_diff_sectioned_check_invariants(const weft_diff_sectioned_request *r,
                                          const weft_diff_sectioned_result *res) {
    (void)r;
    (void)res;
    return true;
}

#endif

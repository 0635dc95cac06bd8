/*
** diff_sectioned.c - weft_diff_sectioned: sections, and items across them.
**
** Sections are one flat level. Items are matched over all sections at once
** (flat indexes), so an item can be found wherever it went. Then, per new
** section that survives from an old one, the items that stayed in that same
** section pair form a sequence whose longest increasing subsequence stays;
** every other matched item there moves. Items tied to a deleted or inserted
** section turn into inserts or deletes on the surviving side, because a batch
** update may neither move out of a deleted section nor into an inserted one.
*/
#include "diff_internal.h"

#include <assert.h>

/* Every array of a sectioned diff; carved twice, to measure and to place. */
typedef struct sectioned_layout {
    weft_diff_sectioned_input input;
    flat_diff sections;
    matcher items;
    uint32_t *item_new_to_old;
    uint32_t *item_old_to_new;   /* cleared for items that went into inserted sections */
    uint32_t *old_section_of;    /* old flat item -> its section */
    uint32_t *old_first_item;    /* old section -> flat index of its first item */
    order_range *item_ranges;    /* per surviving section pair, for repeated identities */
    uint32_t *item_sequence;     /* one section pair's staying candidates */
    lis_scratch item_lis;
    uint8_t *item_keep;
    weft_diff_pair *item_pairs;            /* flat pairs that need a content check */
    weft_diff_path_pair *item_pair_paths;  /* the same pairs as paths */
    uint8_t *item_changed;
    weft_diff_path *item_deletes;
    weft_diff_path *item_inserts;
    weft_diff_path_pair *item_moves;
    weft_diff_path_pair *item_updates;
} sectioned_layout;

static void sectioned_carve(sectioned_layout *l, carver *c, const weft_diff_sectioned_request *r) {
    assert(l != NULL && c != NULL && r != NULL);
    uint32_t S = r->old_section_count, T = r->new_section_count;
    uint32_t N = r->old_item_count, M = r->new_item_count;
    uint32_t pairs = N < M ? N : M;
    weft_diff_sectioned_input *in = &l->input;
    in->old_section_ids = weft_diff_carve(c, S, sizeof(uint64_t));
    in->new_section_ids = weft_diff_carve(c, T, sizeof(uint64_t));
    in->old_section_contents = r->section_content_hashes ? weft_diff_carve(c, S, sizeof(uint64_t)) : NULL;
    in->new_section_contents = r->section_content_hashes ? weft_diff_carve(c, T, sizeof(uint64_t)) : NULL;
    in->old_item_counts = weft_diff_carve(c, S, sizeof(uint32_t));
    in->new_item_counts = weft_diff_carve(c, T, sizeof(uint32_t));
    in->old_item_ids = weft_diff_carve(c, N, sizeof(uint64_t));
    in->new_item_ids = weft_diff_carve(c, M, sizeof(uint64_t));
    in->old_item_contents = r->item_content_hashes ? weft_diff_carve(c, N, sizeof(uint64_t)) : NULL;
    in->new_item_contents = r->item_content_hashes ? weft_diff_carve(c, M, sizeof(uint64_t)) : NULL;
    in->old_section_count = S;
    in->new_section_count = T;
    in->old_item_count = N;
    in->new_item_count = M;

    weft_diff_flat_carve(&l->sections, c, S, T);
    weft_diff_matcher_carve(&l->items, c, N, M);
    l->item_new_to_old = weft_diff_carve(c, M, sizeof(uint32_t));
    l->item_old_to_new = weft_diff_carve(c, N, sizeof(uint32_t));
    l->old_section_of = weft_diff_carve(c, N, sizeof(uint32_t));
    l->old_first_item = weft_diff_carve(c, S, sizeof(uint32_t));
    l->item_ranges = weft_diff_carve(c, T, sizeof(order_range));
    l->item_sequence = weft_diff_carve(c, pairs, sizeof(uint32_t));
    weft_diff_lis_carve(&l->item_lis, c, pairs);
    l->item_keep = weft_diff_carve(c, pairs, sizeof(uint8_t));
    l->item_pairs = weft_diff_carve(c, pairs, sizeof(weft_diff_pair));
    l->item_pair_paths = weft_diff_carve(c, pairs, sizeof(weft_diff_path_pair));
    l->item_changed = weft_diff_carve(c, pairs, sizeof(uint8_t));
    l->item_deletes = weft_diff_carve(c, N, sizeof(weft_diff_path));
    l->item_inserts = weft_diff_carve(c, M, sizeof(weft_diff_path));
    l->item_moves = weft_diff_carve(c, pairs, sizeof(weft_diff_path_pair));
    l->item_updates = weft_diff_carve(c, pairs, sizeof(weft_diff_path_pair));
}

static bool counts_add_up(const uint32_t *counts, uint32_t sections, uint32_t items) {
    assert(counts != NULL);
    uint64_t sum = 0;
    for (uint32_t s = 0; s < sections; s++) sum += counts[s];
    return sum == items;
}

/* Diff the items of 'l' once its sections are diffed; fills *res's item fields. */
static void diff_items(sectioned_layout *l, const weft_diff_sectioned_request *r,
                       weft_diff_sectioned_result *res) {
    assert(l != NULL && r != NULL && res != NULL);
    const weft_diff_sectioned_input *in = &l->input;
    const uint32_t *section_new_to_old = l->sections.new_to_old;
    const uint32_t *section_old_to_new = l->sections.old_to_new;
    uint32_t *new_to_old = l->item_new_to_old, *old_to_new = l->item_old_to_new;
    level_input items = item_level(r, in);
    content_source contents = level_contents(&items);
    weft_diff_matcher_bind(&l->items, &items);
    uint32_t matched = weft_diff_match_identities(&l->items, new_to_old, old_to_new);

    for (uint32_t s = 0, flat = 0; s < in->old_section_count; s++) {
        /* The counts add up (checked after fill): no section runs past the items. */
        assert(in->old_item_counts[s] <= in->old_item_count - flat);
        l->old_first_item[s] = flat;
        for (uint32_t n = 0; n < in->old_item_counts[s]; n++) l->old_section_of[flat++] = s;
    }
    if (l->items.repeats) {
        /* Items keep their order only within a section pair. */
        uint32_t ranges = 0;
        for (uint32_t t = 0, first = 0; t < in->new_section_count; first += in->new_item_counts[t], t++) {
            uint32_t s = section_new_to_old[t];
            if (s == NO_INDEX) continue;
            /* One range per surviving new section: item_ranges has T entries. */
            assert(s < in->old_section_count && ranges < in->new_section_count);
            uint32_t old_first = l->old_first_item[s];
            l->item_ranges[ranges++] = (order_range){old_first, old_first + in->old_item_counts[s],
                                                     first, first + in->new_item_counts[t]};
        }
        weft_diff_pair_repeats(&l->items, l->item_ranges, ranges, new_to_old, old_to_new, matched);
    }

    uint32_t inserts = 0, moves = 0, pairs = 0;
    for (uint32_t t = 0, first = 0; t < in->new_section_count; first += in->new_item_counts[t], t++) {
        uint32_t end = first + in->new_item_counts[t];
        uint32_t paired = section_new_to_old[t];
        if (paired == NO_INDEX) {
            /* An inserted section brings its items; where they came from,
            ** they are deletes (skipped later if that section went too). */
            for (uint32_t j = first; j < end; j++) {
                if (new_to_old[j] != NO_INDEX) old_to_new[new_to_old[j]] = NO_INDEX;
            }
            continue;
        }
        /* Pass 1: inserts, and the items that stayed in this section pair. */
        uint32_t candidates = 0;
        for (uint32_t j = first; j < end; j++) {
            uint32_t i = new_to_old[j];
            assert(i == NO_INDEX || i < in->old_item_count);
            if (i == NO_INDEX || section_old_to_new[l->old_section_of[i]] == NO_INDEX) {
                l->item_inserts[inserts++] = (weft_diff_path){t, j - first};
            } else if (l->old_section_of[i] == paired) {
                l->item_sequence[candidates++] = i;
            }
        }
        weft_diff_lis_mark(l->item_sequence, candidates, &l->item_lis, l->item_keep);
        /* Pass 2, in new order again: moves, and the pairs whose contents to compare. */
        for (uint32_t j = first, c = 0; j < end; j++) {
            uint32_t i = new_to_old[j];
            if (i == NO_INDEX) continue;
            uint32_t s = l->old_section_of[i];
            if (section_old_to_new[s] == NO_INDEX) continue;
            /* Pass 1 counted this item among the candidates when s == paired;
            ** item_pairs holds min(N, M) pairs. */
            assert(s != paired || c < candidates);
            assert(pairs < in->old_item_count && pairs < in->new_item_count);
            bool stays = s == paired && l->item_keep[c++];
            weft_diff_path_pair pair = {{s, i - l->old_first_item[s]}, {t, j - first}};
            if (!stays) l->item_moves[moves++] = pair;
            l->item_pairs[pairs] = (weft_diff_pair){i, j};
            l->item_pair_paths[pairs++] = pair;
        }
    }
    weft_diff_mark_changed_contents(&contents, l->item_pairs, pairs, l->item_changed);
    uint32_t updates = 0;
    for (uint32_t p = 0; p < pairs; p++) {
        if (l->item_changed[p]) l->item_updates[updates++] = l->item_pair_paths[p];
    }

    /* Deletes in old order; a deleted section takes its items with it. */
    uint32_t deletes = 0;
    for (uint32_t s = 0; s < in->old_section_count; s++) {
        if (section_old_to_new[s] == NO_INDEX) continue;
        uint32_t first = l->old_first_item[s];
        for (uint32_t n = 0; n < in->old_item_counts[s]; n++) {
            if (old_to_new[first + n] == NO_INDEX) l->item_deletes[deletes++] = (weft_diff_path){s, n};
        }
    }

    res->item_deletes = l->item_deletes;
    res->item_inserts = l->item_inserts;
    res->item_moves = l->item_moves;
    res->item_updates = l->item_updates;
    res->item_delete_count = deletes;
    res->item_insert_count = inserts;
    res->item_move_count = moves;
    res->item_update_count = updates;
}

weft_rc weft_diff_sectioned(const weft_diff_sectioned_request *r) {
    assert(r != NULL);
    if (r->old_section_count > WEFT_DIFF_MAX_COUNT || r->new_section_count > WEFT_DIFF_MAX_COUNT ||
        r->old_item_count > WEFT_DIFF_MAX_COUNT || r->new_item_count > WEFT_DIFF_MAX_COUNT) {
        return WEFT_ERANGE;
    }
    if (r->fill == NULL || r->deliver == NULL) return WEFT_EINVAL;
    if ((r->section_content_hashes && r->sections.contents_changed != NULL) ||
        (r->item_content_hashes && r->items.contents_changed != NULL)) {
        return WEFT_EINVAL;
    }

    sectioned_layout l;
    carver measure = {NULL, 0};
    sectioned_carve(&l, &measure, r);
    _Alignas(16) unsigned char stack[STACK_BLOCK_BYTES];
    diff_block block;
    weft_rc rc = weft_diff_block_acquire(&block, stack, measure.used);
    if (rc != WEFT_OK) return rc;
    carver place = {block.base, 0};
    sectioned_carve(&l, &place, r);

    r->fill(r->context, &l.input);
    if (!counts_add_up(l.input.old_item_counts, r->old_section_count, r->old_item_count) ||
        !counts_add_up(l.input.new_item_counts, r->new_section_count, r->new_item_count)) {
        weft_diff_block_release(&block);
        return WEFT_EINVAL;
    }

    flat_diff *f = &l.sections;
    level_input sections = section_level(r, &l.input);
    weft_diff_flat_run(f, &sections);
    assert(f->delete_count + f->matched_count == r->old_section_count);
    assert(f->insert_count + f->matched_count == r->new_section_count);

    weft_diff_sectioned_result result = {
        .input = &l.input,
        .section_deletes = f->deletes,
        .section_inserts = f->inserts,
        .section_moves = f->moves,
        .section_updates = f->updates,
        .section_delete_count = f->delete_count,
        .section_insert_count = f->insert_count,
        .section_move_count = f->move_count,
        .section_update_count = f->update_count,
        .memory = block.memory,
    };
    diff_items(&l, r, &result);
    r->deliver(r->context, &result);
    /* After deliver, so that the checker's own callbacks never mix with the
    ** diff's: deliver sees exactly the calls the diff made. */
    assert(weft_diff_sectioned_check_invariants(r, &result));
    weft_diff_block_release(&block);
    return WEFT_OK;
}

/*
** diff_list.c - weft_diff_list: the diff of two flat sequences.
*/
#include "diff_internal.h"

#include <assert.h>

/* Every array of a list diff; carved twice, to measure and to place. */
typedef struct list_layout {
    weft_diff_list_input input;
    flat_diff diff;
} list_layout;

static void list_carve(list_layout *l, carver *c, const weft_diff_list_request *r) {
    assert(l != NULL && c != NULL && r != NULL);
    /* weft_diff_list refused larger counts: NO_INDEX stays free. */
    assert(r->old_count <= WEFT_DIFF_MAX_COUNT && r->new_count <= WEFT_DIFF_MAX_COUNT);
    uint32_t n = r->old_count, m = r->new_count;
    l->input.old_ids = weft_diff_carve(c, n, sizeof(uint64_t));
    l->input.new_ids = weft_diff_carve(c, m, sizeof(uint64_t));
    l->input.old_contents = r->content_hashes ? weft_diff_carve(c, n, sizeof(uint64_t)) : NULL;
    l->input.new_contents = r->content_hashes ? weft_diff_carve(c, m, sizeof(uint64_t)) : NULL;
    l->input.old_count = n;
    l->input.new_count = m;
    weft_diff_flat_carve(&l->diff, c, n, m);
}

weft_rc weft_diff_list(const weft_diff_list_request *r) {
    assert(r != NULL);
    if (r->old_count > WEFT_DIFF_MAX_COUNT || r->new_count > WEFT_DIFF_MAX_COUNT) return WEFT_ERANGE;
    if (r->fill == NULL || r->deliver == NULL) return WEFT_EINVAL;
    if (r->content_hashes && r->callbacks.contents_changed != NULL) return WEFT_EINVAL;

    list_layout l;
    carver measure = {NULL, 0};
    list_carve(&l, &measure, r);
    _Alignas(16) unsigned char stack[STACK_BLOCK_BYTES];
    diff_block block;
    weft_rc rc = weft_diff_block_acquire(&block, stack, measure.used);
    if (rc != WEFT_OK) return rc;
    carver place = {block.base, 0};
    list_carve(&l, &place, r);

    r->fill(r->context, &l.input);

    flat_diff *f = &l.diff;
    level_input level = list_level(r, &l.input);
    weft_diff_flat_run(f, &level);
    assert(f->delete_count + f->matched_count == r->old_count);
    assert(f->insert_count + f->matched_count == r->new_count);
    assert(f->move_count <= f->matched_count && f->update_count <= f->matched_count);

    weft_diff_list_result result = {
        .input = &l.input,
        .deletes = f->deletes,
        .inserts = f->inserts,
        .moves = f->moves,
        .updates = f->updates,
        .delete_count = f->delete_count,
        .insert_count = f->insert_count,
        .move_count = f->move_count,
        .update_count = f->update_count,
        .matched_count = f->matched_count,
        .memory = block.memory,
    };
    r->deliver(r->context, &result);
    /* After deliver, so that the checker's own callbacks never mix with the
    ** diff's: deliver sees exactly the calls the diff made. */
    assert(weft_diff_list_check_invariants(r, &result));
    weft_diff_block_release(&block);
    return WEFT_OK;
}

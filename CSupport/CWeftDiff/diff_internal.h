/*
** diff_internal.h - the parts of the diff shared by the list and sectioned
** forms and the invariant checkers: memory, identity matching, the longest
** increasing subsequence, content comparison.
*/
#ifndef CWEFT_DIFF_INTERNAL_H
#define CWEFT_DIFF_INTERNAL_H

#include "CWeftDiff.h"

/* "No index": an unmatched element, an empty list. */
#define NO_INDEX UINT32_MAX

/* Diffs whose memory fits this many bytes run on the C stack. 16 KiB holds a
** 100-element list diff and stays far below any thread's stack size. */
#define STACK_BLOCK_BYTES 16384

/* ---- memory ------------------------------------------------------------ */

/* Carves arrays out of one block. With base == NULL it only adds up the
** sizes, so one layout function both measures and places a diff's arrays. */
typedef struct carver {
    unsigned char *base;
    uint64_t used;   /* 64-bit even where size_t is not, so a size cannot wrap */
} carver;

/* Room for 'count' values of 'size' bytes, 16-byte aligned; never NULL once
** the carver has a base (a zero count still gets a distinct valid pointer). */
void *weft_diff_carve(carver *c, size_t count, size_t size);

/* The block a diff carves from, and how to give it back. */
typedef struct diff_block {
    void *base;
    weft_diff_memory memory;
    weft_scratch_t *lease;    /* WEFT_DIFF_MEMORY_SCRATCH */
    weft_arena_t *arena;      /* WEFT_DIFF_MEMORY_SUBSYSTEM */
} diff_block;

/* Find 'bytes' of memory: 'stack' (STACK_BLOCK_BYTES) if it fits, else a
** scratch lease, else the diff subsystem's arena. WEFT_ENOMEM on failure. */
weft_rc weft_diff_block_acquire(diff_block *b, void *stack, uint64_t bytes);

/* Give the block back (reset the lease, or free it to the subsystem arena). */
void weft_diff_block_release(diff_block *b);

/* ---- one level's inputs -------------------------------------------------- */

/* One level of a diff (a list, the sections, or the items) as its request
** describes it. The diff and the checkers read a level only through this. */
typedef struct level_input {
    const uint64_t *old_ids;
    const uint64_t *new_ids;
    const uint64_t *old_contents;   /* content hashes, both or neither */
    const uint64_t *new_contents;
    uint32_t old_count;
    uint32_t new_count;
    weft_diff_callbacks callbacks;
    void *context;
} level_input;

static inline level_input list_level(const weft_diff_list_request *r, const weft_diff_list_input *in) {
    return (level_input){in->old_ids, in->new_ids, in->old_contents, in->new_contents,
                         in->old_count, in->new_count, r->callbacks, r->context};
}

static inline level_input section_level(const weft_diff_sectioned_request *r,
                                        const weft_diff_sectioned_input *in) {
    return (level_input){in->old_section_ids, in->new_section_ids, in->old_section_contents,
                         in->new_section_contents, in->old_section_count, in->new_section_count,
                         r->sections, r->context};
}

static inline level_input item_level(const weft_diff_sectioned_request *r, const weft_diff_sectioned_input *in) {
    return (level_input){in->old_item_ids, in->new_item_ids, in->old_item_contents, in->new_item_contents,
                         in->old_item_count, in->new_item_count, r->items, r->context};
}

/* ---- identity matching ----------------------------------------------------- */

/* One hash of the old side and the old indexes carrying it, as a list in
** ascending order through matcher.next. */
typedef struct match_slot {
    uint64_t hash;
    uint32_t head;   /* first unmatched old index with this hash, or NO_INDEX */
    uint32_t used;   /* old indexes with this hash; nonzero once the slot holds one */
} match_slot;

typedef struct matcher {
    const uint64_t *old_ids;
    const uint64_t *new_ids;
    uint32_t old_count;
    uint32_t new_count;
    weft_diff_equal_fn identity_equal;   /* may be NULL */
    weft_diff_contents_fn identities_differ;   /* may be NULL */
    void *context;
    match_slot *slots;
    uint32_t *next;                      /* old_count entries */
    unsigned bits;                       /* log2(slot count) */
    bool repeats;                        /* set by matching: a hash occurs twice on a side */
    weft_diff_pair *confirm_pairs;       /* min(old, new) entries: pairs to confirm at once */
    uint8_t *confirm_differ;             /* their answers */
} matcher;

/* Carve the matcher's table for 'old_count' old and 'new_count' new elements. */
void weft_diff_matcher_carve(matcher *mt, carver *c, uint32_t old_count, uint32_t new_count);

/* Whether identities_differ (when given, else identity_equal) confirms every
** pair of 'new_to_old'. */
bool weft_diff_pairs_confirmed(const matcher *mt, const uint32_t *new_to_old);

/* Point a carved matcher at the identities of 'level'. */
void weft_diff_matcher_bind(matcher *mt, const level_input *level);

/* Pair every new element with the first unmatched old element of equal
** identity: new_to_old[j] and old_to_new[i] get the partner or NO_INDEX.
** Sets mt->repeats when some hash occurs more than once on a side (then
** weft_diff_pair_repeats can do better). Returns the number of pairs. */
uint32_t weft_diff_match_identities(matcher *mt, uint32_t *new_to_old, uint32_t *old_to_new);

/* The slot index holding 'hash' in a matched table, or NO_INDEX. */
uint32_t weft_diff_matcher_slot_of(const matcher *mt, uint64_t hash);

/* ---- repeated identities --------------------------------------------------- */

/* Old and new flat ranges within which elements keep their order: the whole
** list, or the items of one section pair. */
typedef struct order_range {
    uint32_t old_begin, old_end;
    uint32_t new_begin, new_end;
} order_range;

/* Re-pair a level matched by weft_diff_match_identities whose identities
** repeat, so that the pairs that keep their order inside the 'range_count'
** ranges are as many as possible: a longest common subsequence of each range
** pair (Hunt-Szymanski), then the remaining occurrences of each identity in
** order of occurrence, as many pairs per identity as before. Costs
** O((n + m + r) log n) time and O(n + m + r) memory for the r pairs of equal
** old and new identities within the ranges; when r exceeds
** weft_diff_repeat_budget, the same subsequence bit-parallel instead, in
** O(n m / 64) time and O(n + m + slots) memory. Only if memory runs out does
** the in-order pairing stay (still a valid diff, possibly with more moves).
** Rewrites new_to_old and old_to_new and returns the number of pairs. */
uint32_t weft_diff_pair_repeats(const matcher *mt, const order_range *ranges, uint32_t range_count,
                                uint32_t *new_to_old, uint32_t *old_to_new, uint32_t matched);

/* The most equal-identity pairs weft_diff_pair_repeats examines for 'old_count'
** and 'new_count' elements: 4 (n + m) + 4096. */
uint64_t weft_diff_repeat_budget(uint32_t old_count, uint32_t new_count);

/* ---- longest increasing subsequence ------------------------------------------ */

/* Scratch for weft_diff_lis_mark over up to 'capacity' values. */
typedef struct lis_scratch {
    uint32_t *pred;
    uint32_t *tail_pos;
    uint32_t *tail_val;
} lis_scratch;

void weft_diff_lis_carve(lis_scratch *s, carver *c, uint32_t capacity);

/* Mark in keep[0..count) one longest strictly increasing subsequence of the
** distinct values[0..count); returns its length. O(count log count), O(count)
** when the values mostly increase. */
uint32_t weft_diff_lis_mark(const uint32_t *values, uint32_t count, const lis_scratch *s, uint8_t *keep);

/* ---- contents --------------------------------------------------------------- */

typedef struct content_source {
    const uint64_t *old_hashes;   /* with new_hashes, or both NULL */
    const uint64_t *new_hashes;
    weft_diff_contents_fn changed;   /* used when there are no hashes; may be NULL */
    void *context;
} content_source;

/* How 'level' compares contents. */
static inline content_source level_contents(const level_input *level) {
    return (content_source){level->old_contents, level->new_contents, level->callbacks.contents_changed,
                            level->context};
}

/* Set changed[p] for each of the 'count' pairs: 1 when its contents differ. */
void weft_diff_mark_changed_contents(const content_source *c, const weft_diff_pair *pairs, uint32_t count,
                                     uint8_t *changed);

/* ---- one level: a list, or the sections of a sectioned diff ------------------ */

/* Everything one flat level of a diff needs (a list, or the sections). */
typedef struct flat_diff {
    matcher mt;
    uint32_t *new_to_old;
    uint32_t *old_to_new;
    uint32_t *sequence;       /* matched old indexes in new order */
    lis_scratch lis;
    uint8_t *keep;            /* per entry of sequence: part of the kept subsequence */
    weft_diff_pair *pairs;    /* matched pairs in new order */
    uint8_t *changed;         /* per pair: contents differ */
    uint32_t *deletes;
    uint32_t *inserts;
    weft_diff_pair *moves;
    weft_diff_pair *updates;
    uint32_t delete_count;
    uint32_t insert_count;
    uint32_t move_count;
    uint32_t update_count;
    uint32_t matched_count;
} flat_diff;

void weft_diff_flat_carve(flat_diff *f, carver *c, uint32_t old_count, uint32_t new_count);

/* Match 'level', keep a longest increasing subsequence, emit the four edit lists. */
void weft_diff_flat_run(flat_diff *f, const level_input *level);

#endif /* CWEFT_DIFF_INTERNAL_H */

/*
** CWeftDiff.h - list and sectioned diff with the minimal number of moves.
**
** What: given the identities of an old and a new sequence, report what a
** UIKit batch update needs: deletes (old indexes), inserts (new indexes),
** moves (old -> new) and updates (same identity, changed content). The
** sectioned form does the same for sections and for their items, and items
** may move from one section to another.
**
** Workload: one diff per snapshot update of a list view, usually off the main
** thread. Lists hold from ten to a few hundred thousand elements and change by
** a few percent between snapshots. Tiny diffs are the most frequent; large
** ones are the ones users notice.
**
** Design:
**   1. Match. Old identities go into an open-addressing table keyed by their
**      64-bit hash; each entry lists the old indexes with that hash in
**      ascending order. Each new element, in order, takes the first listed old
**      index whose identity is equal (the identity_equal callback decides when
**      hashes may collide). When an identity repeats, the pairing is chosen
**      again so that a longest common subsequence of the identities can stay
**      (Hunt-Szymanski, within a budget of 4 (n + m) + 4096 equal pairs; past
**      it duplicates pair in order of occurrence); the surplus on either side
**      becomes deletes or inserts.
**   2. Minimal moves. The matched old indexes, read in new order, form a
**      sequence; a longest increasing subsequence (patience sorting) stays in
**      place and every other matched element is a move. No batch update can
**      do with fewer moves, because elements that keep their places must keep
**      their relative order. Heckel-style diffs, which call every element that
**      shifted a move, report ~30x more on scattered edits.
**   3. Emit. Unmatched old elements are deletes, unmatched new ones inserts,
**      matched pairs whose contents differ updates (a pair can be moved and
**      updated). Sectioned: sections are diffed the same way; items are
**      matched across all sections at once; an item whose section pair is the
**      same on both sides takes part in that pair's subsequence, any other
**      matched item is a cross-section move. Edits never touch a deleted or an
**      inserted section: those sections carry their items implicitly.
**
** Costs, for n old and m new elements, k of them matched: expected O(n + m)
** to match when hashes are distinct, O(n * m) identity_equal calls when they
** all collide (slow but still correct); O(k log k) for the subsequence, O(k)
** when most elements kept their order; O((n + m + r) log n) more when
** identities repeat, for r equal old-new pairs up to the budget; O(n + m)
** memory (about 120 bytes per element). contents_changed is called once per
** level (list, sections, items) with every pair that needs its contents
** compared.
**
** Memory: a diff that fits in 16 KiB runs on the C stack and touches no arena
** (a 100-element diff does). Larger ones carve everything from one block of a
** CWeftArena scratch lease, released (reset) before the call returns; when
** every scratch arena is leased the block comes from the diff subsystem's
** arena and is freed on return. Inputs and results live in that memory, and
** nothing outlives the call: the caller copies the results out in deliver.
**
** Threading: reentrant. Any number of threads may diff at once; callbacks run
** on the calling thread, during the call.
*/
#ifndef CWEFT_DIFF_H
#define CWEFT_DIFF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "CWeftArena.h"

/* Nullability qualifiers tell Swift which pointers may be nil. They are clang
** extensions (the warning check in scripts/test compiles with clang too); any
** other compiler reads them as nothing. */
#if !defined(__clang__)
#define _Nonnull
#define _Nullable
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* The largest element (or section) count a diff accepts. Indexes are 32-bit
** to halve the memory traffic; UINT32_MAX itself marks "no index". */
#define WEFT_DIFF_MAX_COUNT 0xFFFFFFFEu

/* One element that is in both sequences: 'from' is its old index, 'to' its new one. */
typedef struct weft_diff_pair {
    uint32_t from;
    uint32_t to;
} weft_diff_pair;

/* An item's place in a sectioned sequence. */
typedef struct weft_diff_path {
    uint32_t section;
    uint32_t item;
} weft_diff_path;

/* One item in both sectioned sequences: 'from' is its old path, 'to' its new one. */
typedef struct weft_diff_path_pair {
    weft_diff_path from;
    weft_diff_path to;
} weft_diff_path_pair;

/* Whether old element 'old_index' and new element 'new_index' have equal
** identities; 'context' is the request's. */
typedef bool (*weft_diff_equal_fn)(void *_Nullable context, uint32_t old_index, uint32_t new_index);

/* For each of the 'count' matched pairs, set changed[p] to 1 when the contents
** of old element pairs[p].from and new element pairs[p].to differ, else to 0. */
typedef void (*weft_diff_contents_fn)(void *_Nullable context, const weft_diff_pair *_Nonnull pairs,
                                      uint32_t count, uint8_t *_Nonnull changed);

/* How to compare the elements of one level (the list, the sections, or the items). */
typedef struct weft_diff_callbacks {
    /* Exact identity equality, asked only for pairs whose identity hashes are
    ** equal. NULL: equal hashes are equal identities (integer identities). */
    weft_diff_equal_fn _Nullable identity_equal;
    /* Optional, with identity_equal: the same question for many pairs at once
    ** (set differ[p] to 1 where identities differ, else 0). Given it, the
    ** diff pairs by hash alone, then confirms every pair in one call, and
    ** only if one fails (a true hash collision) pairs again through
    ** identity_equal: a caller in another language crosses over once rather
    ** than once per pair. */
    weft_diff_contents_fn _Nullable identities_differ;
    /* Content comparison of all matched pairs at once, in new order: one call
    ** per level, so a caller in another language crosses over once rather
    ** than once per pair. NULL: compare the content hashes when the request
    ** asks for them, else contents never differ. Giving both this and content
    ** hashes is refused (WEFT_EINVAL). */
    weft_diff_contents_fn _Nullable contents_changed;
} weft_diff_callbacks;

/* Where a diff's memory came from; reported for tests and statistics. */
typedef enum weft_diff_memory {
    WEFT_DIFF_MEMORY_STACK = 0,     /* small diff: the C stack, no arena */
    WEFT_DIFF_MEMORY_SCRATCH = 1,   /* one block of a scratch lease */
    WEFT_DIFF_MEMORY_SUBSYSTEM = 2  /* every lease busy: the diff subsystem's arena */
} weft_diff_memory;

/* ---- identity hashes of text ------------------------------------------- */

/* Declared pure (it reads its arguments and the bytes, writes nothing), so
** that a Swift caller need not copy, and retain, the string whose bytes it
** passes: a copy cost more than the hash. */
#if defined(__GNUC__) || defined(__clang__)
#define WEFT_DIFF_PURE __attribute__((pure))
#else
#define WEFT_DIFF_PURE
#endif

/* A byte hash, and whether any byte had its high bit set. */
typedef struct weft_diff_text_hash {
    uint64_t hash;
    bool non_ascii;
} weft_diff_text_hash;

/* The 64-bit identity hash of 'count' bytes under 'seed', for identities whose
** equality is byte equality (ASCII text, UUIDs), and whether some byte was not
** ASCII, so that a caller hashing text learns whether byte equality is text
** equality. 'bytes' may be NULL when 'count' is 0. O(count). */
WEFT_DIFF_PURE weft_diff_text_hash weft_diff_hash_bytes(const void *_Nullable bytes, size_t count, uint64_t seed);

/* ---- list diff --------------------------------------------------------- */

/* The arrays fill() writes. Each has room for its count (a count of 0 still
** gives a valid pointer); the content arrays exist only when asked for. */
typedef struct weft_diff_list_input {
    uint64_t *_Nonnull old_ids;
    uint64_t *_Nonnull new_ids;
    uint64_t *_Nullable old_contents;
    uint64_t *_Nullable new_contents;
    uint32_t old_count;
    uint32_t new_count;
} weft_diff_list_input;

/* A list diff. Valid only during deliver(). */
typedef struct weft_diff_list_result {
    const weft_diff_list_input *_Nonnull input;
    const uint32_t *_Nonnull deletes;        /* old indexes, ascending */
    const uint32_t *_Nonnull inserts;        /* new indexes, ascending */
    const weft_diff_pair *_Nonnull moves;    /* old -> new, ascending by 'to' */
    const weft_diff_pair *_Nonnull updates;  /* old -> new, ascending by 'to' */
    uint32_t delete_count;
    uint32_t insert_count;
    uint32_t move_count;
    uint32_t update_count;
    uint32_t matched_count;                  /* elements in both sequences */
    weft_diff_memory memory;
} weft_diff_list_result;

typedef struct weft_diff_list_request {
    uint32_t old_count;
    uint32_t new_count;
    bool content_hashes;                     /* fill() writes content hashes too */
    weft_diff_callbacks callbacks;
    void *_Nullable context;                 /* passed to every callback */
    /* Write the identity hashes (and content hashes if asked) of both sequences. */
    void (*_Nonnull fill)(void *_Nullable context, const weft_diff_list_input *_Nonnull input);
    /* Read (copy out) the result; it is freed when deliver returns. */
    void (*_Nonnull deliver)(void *_Nullable context, const weft_diff_list_result *_Nonnull result);
} weft_diff_list_request;

/* Diff two sequences: fill() once, then deliver() once with the result.
** WEFT_ERANGE if a count exceeds WEFT_DIFF_MAX_COUNT, WEFT_EINVAL if both a
** contents callback and content hashes are given, WEFT_ENOMEM if no arena can
** supply the memory; on error no callback runs. */
weft_rc weft_diff_list(const weft_diff_list_request *_Nonnull request);

/* Check a result against its request (call it from deliver): deletes and
** inserts sorted and in range; applying deletes, moves and inserts to the old
** identities reproduces the new ones; as many pairs as the identities allow
** (when identity_equal is NULL); move_count == matched_count minus the longest
** increasing subsequence, and, for levels of at most 2^22 old x new elements
** within the repeat budget, no more moves than a longest common subsequence
** allows; updates exactly the matched pairs whose contents differ.
** O((n + m) log(n + m)), plus O(n * m) for the levels small enough. Returns
** true in builds without WEFT_DEBUG. */
bool weft_diff_list_check_invariants(const weft_diff_list_request *_Nonnull request,
                                     const weft_diff_list_result *_Nonnull result);

/* ---- sectioned diff ----------------------------------------------------- */

/* The arrays fill() writes. Items are flat: the items of section 0, then of
** section 1, and so on; item_counts gives how many each section holds and
** must add up to the item count. */
typedef struct weft_diff_sectioned_input {
    uint64_t *_Nonnull old_section_ids;
    uint64_t *_Nonnull new_section_ids;
    uint64_t *_Nullable old_section_contents;
    uint64_t *_Nullable new_section_contents;
    uint32_t *_Nonnull old_item_counts;
    uint32_t *_Nonnull new_item_counts;
    uint64_t *_Nonnull old_item_ids;
    uint64_t *_Nonnull new_item_ids;
    uint64_t *_Nullable old_item_contents;
    uint64_t *_Nullable new_item_contents;
    uint32_t old_section_count;
    uint32_t new_section_count;
    uint32_t old_item_count;
    uint32_t new_item_count;
} weft_diff_sectioned_input;

/* A sectioned diff in UIKit batch-update terms. Valid only during deliver().
** Item edits never name a deleted section (old side) or an inserted section
** (new side): an item of a deleted section that lives on elsewhere is an
** insert there, and an item that ends up in an inserted section is a delete
** where it was. An item that keeps its place within a section pair is not a
** move, even when the section moves. */
typedef struct weft_diff_sectioned_result {
    const weft_diff_sectioned_input *_Nonnull input;
    const uint32_t *_Nonnull section_deletes;            /* old indexes, ascending */
    const uint32_t *_Nonnull section_inserts;            /* new indexes, ascending */
    const weft_diff_pair *_Nonnull section_moves;        /* ascending by 'to' */
    const weft_diff_pair *_Nonnull section_updates;      /* ascending by 'to' */
    const weft_diff_path *_Nonnull item_deletes;         /* old paths, ascending */
    const weft_diff_path *_Nonnull item_inserts;         /* new paths, ascending */
    const weft_diff_path_pair *_Nonnull item_moves;      /* ascending by 'to' */
    const weft_diff_path_pair *_Nonnull item_updates;    /* ascending by 'to' */
    uint32_t section_delete_count;
    uint32_t section_insert_count;
    uint32_t section_move_count;
    uint32_t section_update_count;
    uint32_t item_delete_count;
    uint32_t item_insert_count;
    uint32_t item_move_count;
    uint32_t item_update_count;
    weft_diff_memory memory;
} weft_diff_sectioned_result;

typedef struct weft_diff_sectioned_request {
    uint32_t old_section_count;
    uint32_t new_section_count;
    uint32_t old_item_count;                 /* items in all old sections */
    uint32_t new_item_count;
    bool section_content_hashes;
    bool item_content_hashes;
    weft_diff_callbacks sections;            /* indexes are section indexes */
    weft_diff_callbacks items;               /* indexes are flat item indexes */
    void *_Nullable context;
    void (*_Nonnull fill)(void *_Nullable context, const weft_diff_sectioned_input *_Nonnull input);
    void (*_Nonnull deliver)(void *_Nullable context, const weft_diff_sectioned_result *_Nonnull result);
} weft_diff_sectioned_request;

/* Diff two sectioned sequences: fill() once, then deliver() once.
** WEFT_ERANGE if a count exceeds WEFT_DIFF_MAX_COUNT; WEFT_EINVAL for content
** callback plus hashes, or (after fill) item counts that do not add up to the
** item count; WEFT_ENOMEM. On error deliver() does not run. */
weft_rc weft_diff_sectioned(const weft_diff_sectioned_request *_Nonnull request);

/* As weft_diff_list_check_invariants, for a sectioned result: applying it to
** the old sections and items reproduces the new identities, no edit names a
** deleted or inserted section, section and item moves are minimal, updates
** exact. Returns true in builds without WEFT_DEBUG. */
bool weft_diff_sectioned_check_invariants(const weft_diff_sectioned_request *_Nonnull request,
                                          const weft_diff_sectioned_result *_Nonnull result);

#ifdef __cplusplus
}
#endif

#endif /* CWEFT_DIFF_H */

/*
** CWeftElementMap.h - persistent two-dimensional element map.
**
** What: versions of a collection's elements, as opaque handles: sections of
** items, plus supplementary elements (headers, footers) keyed by a kind and an
** index path. A version is immutable; weft_emap_apply() derives a new one from
** a batch of edits and shares every node the edits do not touch.
**
** Workload: a collection view's data controller keeps two or three live
** versions (the one on screen, the one being prepared) and derives one per batch
** update, usually a few dozen edits against tens of thousands to millions of
** elements; lookups in both directions outnumber edits about 100 to 1.
**
** Costs (n items, s sections, k edits in a batch, m items of a section that a
** section-level edit deletes or inserts whole):
**   copy a version (weft_emap_retain)             O(1)
**   derive a version (weft_emap_apply)            O(k log n) + O(m log n)
**   item at an index path, index path of a handle O(log n), in any version
**   items in a section                            O(log s)
**   enumerate a section's items                   O(log n + items)
**   release a version                             O(k log n) for the edits that
**                                                 separate it from its neighbours
** No operation does O(n) work per version; only the death of the last version
** walks everything, to release every handle once.
**
** Design: items of each section live in a persistent B+tree whose leaves carry
** an order label; sections live in one such tree of section records. A
** persistent B+tree keyed by a hash of the handle maps each handle to its
** section's stable id and its leaf's label, and a second one maps section ids
** to section labels, so the index path of a handle is found by descending the
** trees by label, summing counts on the way. Nodes are never reference-counted:
** each version records which nodes and handles it created and which it dropped
** relative to the version it came from, and a version's death frees exactly the
** objects no live version can reach (the DocC article of WeftElementMap walks
** through the rules).
**
** Absent items: an item may have no handle yet (NULL), so that a collection
** of a million items can be loaded before any of them has an element. An absent
** item counts, moves and is deleted like any other, is never indexed and never
** released; replacing it with a handle makes it present, and replacing a
** present one with NULL makes it absent again and drops its handle.
**
** Ownership: on a successful apply the map owns one reference to every handle
** the batch inserts. It gives that reference back through the release callback
** exactly once, when no live version holds the handle any more. On error the
** caller keeps its references.
**
** Threading: any thread may read any version it holds a reference to, without
** locks; versions are never written after weft_emap_apply() returns them.
** Applies and releases of versions that share a family (all versions derived
** from one weft_emap_create) serialize on the family's mutex. The release
** callback runs on the thread that released the last reference, outside the mutex.
**
** Memory: every node, version and list comes from the element-map arena
** (WEFT_SUBSYSTEM_ELEMENT_MAP) through a per-family slab of 64-byte size
** classes; per-batch temporaries come from scratch leases. Slab chunks go back
** to the arena as soon as they empty.
*/
#ifndef CWEFT_ELEMENT_MAP_H
#define CWEFT_ELEMENT_MAP_H

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

/* One immutable version of a map. */
typedef struct weft_emap_s weft_emap_t;

/* How the map gives handles back. 'release' receives 'count' handles whose
** last live version died; each handle appears in exactly one call, once. */
typedef struct weft_emap_callbacks {
    void *_Nullable context;
    void (*_Nonnull release)(void *_Nullable context, void *_Nonnull const *_Nonnull handles, size_t count);
} weft_emap_callbacks;

/* An index path. Indexes are signed so that a negative one from Swift is
** reported as out of range instead of wrapping. */
typedef struct weft_emap_path {
    int64_t section;
    int64_t item;
} weft_emap_path;

/* An item inserted or replaced at 'path'; a NULL handle makes the item absent. */
typedef struct weft_emap_item_edit {
    weft_emap_path path;
    void *_Nullable handle;
} weft_emap_item_edit;

/* An item moved from 'from' (old index space) to 'to' (new index space). */
typedef struct weft_emap_item_move {
    weft_emap_path from;
    weft_emap_path to;
} weft_emap_item_move;

/* A section moved from 'from' (old index space) to 'to' (new index space). */
typedef struct weft_emap_section_move {
    int64_t from;
    int64_t to;
} weft_emap_section_move;

/* A section inserted at 'section' (new index space) holding 'count' handles,
** any of them NULL (absent). 'handles' NULL inserts 'count' absent items, with
** no array to fill: O(count / leaf fill) nodes and nothing to index. */
typedef struct weft_emap_section_insert {
    int64_t section;
    void *_Nullable const *_Nullable handles;
    size_t count;
} weft_emap_section_insert;

/* Sets the supplementary element of 'kind' at 'path' (new index space), or
** removes it when 'handle' is NULL. */
typedef struct weft_emap_supplementary_edit {
    uint32_t kind;
    weft_emap_path path;
    void *_Nullable handle;
} weft_emap_supplementary_edit;

/* A normalized batch. It is applied as these steps, in this order, each index
** read in the state the previous steps left:
**   1 replacements       old index space, any order, each path once
**   2 item removals      item_deletes (strictly descending) together with the
**                        'from' of item_moves, old index space
**   3 section removals   section_deletes (strictly descending) together with the
**                        'from' of section_moves, old index space
**   4 section insertions section_inserts (strictly ascending) together with the
**                        'to' of section_moves, new index space
**   5 item insertions    item_inserts (strictly ascending) together with the
**                        'to' of item_moves, new index space
**   6 supplementaries    new index space, any order, each (kind, path) once
** A moved item or section keeps its handle(s); everything else a removal drops is
** released once no live version holds it. Every handle may appear at most once
** in a version, as an item or as a supplementary element. */
typedef struct weft_emap_batch {
    const weft_emap_item_edit *_Nullable replacements;
    size_t replacement_count;
    const weft_emap_path *_Nullable item_deletes;
    size_t item_delete_count;
    const int64_t *_Nullable section_deletes;
    size_t section_delete_count;
    const weft_emap_section_move *_Nullable section_moves;
    size_t section_move_count;
    const weft_emap_item_move *_Nullable item_moves;
    size_t item_move_count;
    const weft_emap_section_insert *_Nullable section_inserts;
    size_t section_insert_count;
    const weft_emap_item_edit *_Nullable item_inserts;
    size_t item_insert_count;
    const weft_emap_supplementary_edit *_Nullable supplementary_edits;
    size_t supplementary_edit_count;
} weft_emap_batch;

/* Which list of the batch an error points into. */
typedef enum weft_emap_edit_kind {
    WEFT_EMAP_EDIT_REPLACE_ITEM = 0,
    WEFT_EMAP_EDIT_DELETE_ITEM = 1,
    WEFT_EMAP_EDIT_DELETE_SECTION = 2,
    WEFT_EMAP_EDIT_MOVE_SECTION = 3,
    WEFT_EMAP_EDIT_MOVE_ITEM = 4,
    WEFT_EMAP_EDIT_INSERT_SECTION = 5,
    WEFT_EMAP_EDIT_INSERT_ITEM = 6,
    WEFT_EMAP_EDIT_SUPPLEMENTARY = 7
} weft_emap_edit_kind;

/* Why a batch was refused. */
typedef enum weft_emap_failure {
    WEFT_EMAP_FAILURE_NONE = 0,
    WEFT_EMAP_FAILURE_SECTION_RANGE = 1,      /* section >= count (count: sections at that step) */
    WEFT_EMAP_FAILURE_ITEM_RANGE = 2,         /* item out of range (count: items of the section at that step) */
    WEFT_EMAP_FAILURE_ORDER = 3,              /* a list that must be sorted is not; other_* names the previous entry */
    WEFT_EMAP_FAILURE_DUPLICATE_PATH = 4,     /* two edits of one step name the same path; other_* names the other edit */
    WEFT_EMAP_FAILURE_DUPLICATE_ELEMENT = 5,  /* the handle is already in the version; other_* is where */
    WEFT_EMAP_FAILURE_NULL_HANDLE = 6,        /* a handle past 60 bits, or NULL where one is required (supplementaries) */
    WEFT_EMAP_FAILURE_MISSING_SUPPLEMENTARY = 7, /* removing a supplementary element that is not there */
    WEFT_EMAP_FAILURE_CAPACITY = 8,           /* a section would exceed UINT32_MAX items, or the map 2^23 - 1 live sections */
    WEFT_EMAP_FAILURE_MEMORY = 9              /* the arena or the scratch pool could not supply memory */
} weft_emap_failure;

/* Details of a refused batch: which edit, and the section, item and count involved. */
typedef struct weft_emap_error {
    weft_emap_failure failure;
    weft_emap_edit_kind edit;
    size_t edit_index;          /* position of the edit in its list of the batch */
    int64_t section;            /* the offending section (or the section of the path) */
    int64_t item;               /* the offending item, or -1 for section-level edits */
    int64_t count;              /* the count the index was checked against, or -1 */
    int64_t other_section;      /* see weft_emap_failure; -1 when unused */
    int64_t other_item;         /* see weft_emap_failure; -1 when unused */
    weft_emap_edit_kind other_edit; /* for DUPLICATE_PATH and ORDER: the other edit's list */
    size_t other_index;         /* ... and its position there */
    uint32_t kind;              /* supplementary kind, for supplementary edits */
} weft_emap_error;

/* Where a handle is: an item, or a supplementary element of 'kind'. */
typedef struct weft_emap_location {
    int64_t section;
    int64_t item;
    uint32_t kind;              /* meaningful when is_supplementary */
    bool is_supplementary;
} weft_emap_location;

/* One supplementary element of a section, as enumerated. */
typedef struct weft_emap_supplementary_entry {
    uint32_t kind;
    int64_t item;
    void *_Nonnull handle;
} weft_emap_supplementary_entry;

/* Bookkeeping of one family, for tests and reports. */
typedef struct weft_emap_family_counts {
    uint64_t live_versions;     /* versions someone holds */
    uint64_t dead_versions;     /* dead versions kept as branch points (two or more live descendants) */
    uint64_t nodes;             /* tree nodes allocated */
    uint64_t handles;           /* handles the family holds a reference to */
    uint64_t slab_bytes;        /* bytes of slab chunks and large nodes taken from the arena */
} weft_emap_family_counts;

/* ---- versions ----------------------------------------------------------- */

/* Create an empty version in a new family that releases handles through
** *callbacks (copied). WEFT_ENOMEM if the arena fails. */
weft_rc weft_emap_create(const weft_emap_callbacks *_Nonnull callbacks, weft_emap_t *_Nullable *_Nonnull out);

/* Take another reference to 'v'. O(1); this is how a version is copied. */
void weft_emap_retain(weft_emap_t *_Nonnull v);

/* Drop a reference. When the last one goes, frees what no live version of the
** family can reach and releases its handles through the callback. */
void weft_emap_release(weft_emap_t *_Nonnull v);

/* Derive a version from 'base' by applying *batch (see weft_emap_batch) and
** store it in *out with one reference. An empty batch returns 'base' retained.
** On failure (WEFT_ERANGE for indexes, WEFT_EINVAL for order, duplicates and
** NULL handles, WEFT_ENOMEM) nothing changes, *error (if given) names the edit,
** and the caller keeps its references to the batch's handles. */
weft_rc weft_emap_apply(weft_emap_t *_Nonnull base, const weft_emap_batch *_Nonnull batch,
                        weft_emap_error *_Nullable error, weft_emap_t *_Nullable *_Nonnull out);

/* ---- lookups (any thread, no locks) ------------------------------------- */

/* Number of sections. O(1). */
size_t weft_emap_section_count(const weft_emap_t *_Nonnull v);

/* Number of items in all sections. O(1). */
size_t weft_emap_item_total(const weft_emap_t *_Nonnull v);

/* Store the number of items of 'section' in *out. WEFT_ERANGE if there is no
** such section. O(log s). */
weft_rc weft_emap_item_count(const weft_emap_t *_Nonnull v, int64_t section, size_t *_Nonnull out);

/* The item at (section, item), or NULL if the path is out of range or the item
** is absent. O(log n); O(1) once the version has its position tables. */
void *_Nullable weft_emap_item(const weft_emap_t *_Nonnull v, int64_t section, int64_t item);

/* The supplementary element of 'kind' at (section, item), or NULL. O(log s +
** log q) for the q supplementary elements of that section. */
void *_Nullable weft_emap_supplementary(const weft_emap_t *_Nonnull v, uint32_t kind, int64_t section, int64_t item);

/* Find 'handle' in 'v'. Returns false if 'v' does not hold it. O(log n), plus
** O(k log q) for a supplementary element of a section with k kinds and q
** supplementaries; O(1) for an item once the version has its position tables. */
bool weft_emap_locate(const weft_emap_t *_Nonnull v, const void *_Nullable handle, weft_emap_location *_Nonnull out);

/* Copy up to 'max' items of 'section' starting at 'start' into out[] (NULL for
** an absent item) and return how many were copied (0 past the end or for a
** missing section).
** O(log n + copied); successive calls enumerate a section in O(items). */
size_t weft_emap_copy_items(const weft_emap_t *_Nonnull v, int64_t section, size_t start,
                            void *_Nullable *_Nonnull out, size_t max);

/* Number of supplementary elements of 'section' (0 for a missing one). O(log s). */
size_t weft_emap_supplementary_count(const weft_emap_t *_Nonnull v, int64_t section);

/* Copy up to 'max' supplementary elements of 'section', from 'start', sorted by
** (kind, item), into out[]; returns how many. O(log s + copied). */
size_t weft_emap_copy_supplementaries(const weft_emap_t *_Nonnull v, int64_t section, size_t start,
                                      weft_emap_supplementary_entry *_Nonnull out, size_t max);

/* Build the position tables of 'v', once: its items' handles in order and a
** hash table from handle to path, so that weft_emap_item and weft_emap_locate
** (for items) answer in O(1), one or two cache lines, instead of descending the
** trees. O(n) time and about 40 bytes per item; meant for the version on
** screen, built off the main thread. Any thread, concurrently with readers
** and other builds; the tables go with the version. Returns false, leaving
** lookups on the trees, if memory ran out or the version has more than
** WEFT_EMAP_POSITIONS_MAX_ITEMS items (absent ones included). */
bool weft_emap_build_positions(weft_emap_t *_Nonnull v);

/* The most items a version's position tables cover: 2^26, about 2.7 GB of
** tables at the most. */
#define WEFT_EMAP_POSITIONS_MAX_ITEMS ((uint64_t)1 << 26)

/* Whether 'v' has its position tables. O(1). */
bool weft_emap_has_positions(const weft_emap_t *_Nonnull v);

/* ---- checks and bookkeeping --------------------------------------------- */

/* Walk 'v' and check every invariant of its trees and indexes: counts, label
** order, node fill, and that every handle and section is indexed where it is.
** O(n). Returns true in builds without WEFT_DEBUG. For tests and assert(). */
bool weft_emap_check_invariants(const weft_emap_t *_Nonnull v);

/* Check the whole family under its mutex: the version tree's shape, and that
** the nodes and handles held are exactly those some live version reaches (no
** leak, nothing freed early). O(total size of the live versions). Returns
** true in builds without WEFT_DEBUG. */
bool weft_emap_check_family(const weft_emap_t *_Nonnull v);

/* Read the bookkeeping of the family of 'v' (takes the family mutex). */
void weft_emap_family_counts_get(const weft_emap_t *_Nonnull v, weft_emap_family_counts *_Nonnull out);

#ifdef __cplusplus
}
#endif

#endif /* CWEFT_ELEMENT_MAP_H */

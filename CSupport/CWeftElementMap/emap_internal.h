/*
** emap_internal.h - layouts and helpers shared by the element map's .c files.
**
** Files: emap_slab.c (per-family slab on the arena), emap_node.c (node
** allocation and path copying), emap_tree.c (positional trees with order
** labels: items and sections), emap_hmap.c (hash-ordered trees: handle and
** section indexes), emap_apply.c (batches), emap.c (versions, ownership,
** lookups), emap_check.c (WEFT_DEBUG invariant walkers).
*/
#ifndef CWEFT_EMAP_INTERNAL_H
#define CWEFT_EMAP_INTERNAL_H

#include "CWeftElementMap.h"

#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/* ---- nodes -------------------------------------------------------------- */

/* Node kinds. Positional trees use ILEAF (items) or REC (sections) at the
** bottom and PIN above; hash-ordered trees use HLEAF and HIN. */
enum { K_ILEAF = 1, K_REC = 2, K_PIN = 3, K_HLEAF = 4, K_HIN = 5 };

/* A node is writable only while the batch that created it runs; the flag is
** cleared before the version is published, so readers never see it set. A
** node the same batch drops again is marked F_DROPPED and freed when the
** batch ends, so that the batch's list of nodes is never searched.
** F_HOLLOW marks an item leaf whose n items are all absent and which stores
** no array of them (see ileaf_item): it outlives publishing. */
enum { F_MUTABLE = 1, F_DROPPED = 2, F_HOLLOW = 4 };

/* Every node starts with this 16-byte header. */
typedef struct node {
    uint8_t kind;
    uint8_t flags;
    uint8_t height; /* 0 for ILEAF, REC, HLEAF; 1 + the children's height for PIN, HIN */
    uint8_t n;      /* entries in use (REC: always 1 as a tree entry; see rec.nsupp) */
    uint32_t where; /* slab class in the low 8 bits and chunk index above, or
                    ** CLS_BIG with the size in 64-byte units above */
    uint64_t label; /* ILEAF, REC: order label within its tree */
} node;

/* Order labels live in [0, LABEL_SPACE). 34 bits leave room in an index entry
** for a 23-bit section id and a 6-bit position hint; LABEL_STRIDE spaces labels
** appended at either end so that growing a section at its ends does not halve
** the room left (2^15 end splits, about a million items, before it does). */
#define LABEL_BITS 34
#define LABEL_SPACE ((uint64_t)1 << LABEL_BITS)
#define LABEL_STRIDE ((uint64_t)1 << 18)
#define LABEL_MID (LABEL_SPACE / 2)

/* Capacities: each full node fits a 512- or 1024-byte slab class. Bulk builds
** fill to *_FILL so that the first inserts do not split; a node under *_MIN
** merges with a sibling when the two fit in one. */
#define ILEAF_CAP 62
#define ILEAF_FILL 48
#define ILEAF_MIN 15
#define PIN_CAP 42
#define PIN_FILL 32
#define PIN_MIN 10
#define HLEAF_CAP 63
#define HLEAF_FILL 48
#define HLEAF_MIN 15
#define HIN_CAP 63
#define HIN_MIN 15

typedef struct ileaf {
    node h;
    void *items[];
} ileaf;

/* A hollow leaf is what a bulk build of absent items makes (a lazy list's
** placeholders): its header alone, a 64-byte block for ILEAF_FILL items where
** an array of NULLs took 448, so a million absent items cost about 1.3 MiB of
** leaves instead of 9. Its n, label and place in the tree are an ordinary
** leaf's; only the array is missing. Readers go through ileaf_item and
** ileaf_copy; a batch that writes one owns it first (weft_emap_txn_own), which
** gives it its array of NULLs, or changes only its label
** (weft_emap_txn_own_label), which keeps it hollow. */
static inline bool ileaf_hollow(const node *x) {
    assert(x != NULL && (x->kind == K_ILEAF || !(x->flags & F_HOLLOW)));
    return (x->flags & F_HOLLOW) != 0;
}

/* Item k of the item leaf x; NULL if absent. */
static inline void *ileaf_item(const node *x, unsigned k) {
    assert(x != NULL && x->kind == K_ILEAF && k < x->n);
    return ileaf_hollow(x) ? NULL : ((const ileaf *)x)->items[k];
}

/* Items [start, start + count) of the item leaf x into out. */
static inline void ileaf_copy(const node *x, unsigned start, size_t count, void **out) {
    assert(x != NULL && x->kind == K_ILEAF && start + count <= x->n && (count == 0 || out != NULL));
    if (count == 0) return;
    if (ileaf_hollow(x)) memset(out, 0, count * sizeof(void *));
    else memcpy(out, &((const ileaf *)x)->items[start], count * sizeof(void *));
}

/* One child of an internal positional node. Entries are arrays of structs and
** counts are cumulative so that one probed cache line gives the child, its
** label and the number of entries before it: a level costs one or two lines. */
typedef struct pent {
    uint64_t label; /* label of the first leaf below the child */
    node *kid;
    uint64_t cum;   /* entries below children 0..j together */
} pent;

typedef struct pin {
    node h;
    pent e[PIN_CAP];
} pin;

static inline uint64_t pin_before(const pin *p, unsigned j) {
    return j > 0 ? p->e[j - 1].cum : 0;
}

static inline uint64_t pin_total(const pin *p) {
    return p->e[p->h.n - 1].cum;
}

typedef struct supp {
    uint32_t kind;
    uint32_t item;
    void *handle;
} supp;

/* A section: the root of its item tree, its count, its supplementary elements
** sorted by (kind, item), and a stable id the handle index refers to. */
typedef struct rec {
    node h;
    uint32_t sid;
    uint32_t nsupp;
    uint64_t count;
    node *items;
    supp supps[];
} rec;

/* Position of (kind, item) among r's supplementaries, which are sorted by
** (kind, item), and whether it is there. O(log q). */
static inline uint32_t weft_emap_supp_find(const rec *r, uint32_t kind, uint32_t item, bool *found) {
    assert(r != NULL && found != NULL);
    uint32_t lo = 0, hi = r->nsupp;
    uint64_t key = ((uint64_t)kind << 32) | item;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        uint64_t k = ((uint64_t)r->supps[mid].kind << 32) | r->supps[mid].item;
        if (k < key) lo = mid + 1;
        else hi = mid;
    }
    *found = lo < r->nsupp && r->supps[lo].kind == kind && r->supps[lo].item == item;
    return lo;
}

/* Position of the supplementary 'h' at 'item' of whichever kind, or r->nsupp:
** one search per kind the section has, O(k log q), where a scan for the
** handle was O(q). The handle index keeps the item (see val_pack). */
static inline uint32_t weft_emap_supp_locate(const rec *r, uint32_t item, const void *h) {
    assert(r != NULL && h != NULL);
    uint32_t lo = 0;
    while (lo < r->nsupp) {
        uint32_t kind = r->supps[lo].kind;
        bool found;
        uint32_t pos = weft_emap_supp_find(r, kind, item, &found);
        if (found && r->supps[pos].handle == h) return pos;
        if (kind == UINT32_MAX) break;
        lo = weft_emap_supp_find(r, kind + 1u, 0, &found);
    }
    return r->nsupp;
}

typedef struct hent {
    uint64_t key; /* mix64 of the handle or section id: unique, and uniform for interpolation */
    uint64_t val;
} hent;

typedef struct hleaf {
    node h;
    hent e[];
} hleaf;

typedef struct hkid {
    uint64_t sep; /* smallest key below the child */
    node *kid;
} hkid;

typedef struct hin {
    node h;
    hkid e[HIN_CAP];
} hin;

/* The last of n >= 1 ascending values get(base, 0..n-1) that is <= key, or -1
** if none is. Keys and labels spread roughly evenly, so the first guess is
** interpolated and a short walk finishes: one or two cache lines per node
** instead of a binary search's six dependent probes. */
static inline int search_last_le(const void *base, uint64_t (*get)(const void *, unsigned), unsigned n,
                                 uint64_t key) {
    uint64_t lo = get(base, 0), hi = get(base, n - 1);
    if (key < lo) return -1;
    if (key >= hi) return (int)n - 1;
    unsigned j = (unsigned)((double)(key - lo) / (double)(hi - lo) * (double)(n - 1));
    while (get(base, j) > key) j--;
    while (get(base, j + 1) <= key) j++;
    return (int)j;
}

static inline uint64_t pent_label(const void *p, unsigned j) {
    return ((const pin *)p)->e[j].label;
}

static inline uint64_t pent_cum(const void *p, unsigned j) {
    return ((const pin *)p)->e[j].cum;
}

static inline uint64_t hkid_sep(const void *p, unsigned j) {
    return ((const hin *)p)->e[j].sep;
}

/* Index entry of a handle: supplementary flag (1 bit), section id (23), the
** handle's position in its leaf when the entry was written (6), and the leaf's
** label (34); a supplementary keeps its item where an item keeps the label. The position is only a hint: inserts and deletes in the leaf
** shift items without rewriting their entries, so a lookup tries the hinted
** slot first and scans the leaf if the handle is not there. */
#define VAL_SUPP ((uint64_t)1 << 63)
#define SID_BITS 23
#define SID_MAX (((uint32_t)1 << SID_BITS) - 1)
#define HINT_BITS 6
#define HINT_SHIFT LABEL_BITS
#define SID_SHIFT (LABEL_BITS + HINT_BITS)

static inline uint64_t val_pack(bool is_supp, uint32_t sid, uint64_t label, unsigned hint) {
    return (is_supp ? VAL_SUPP : 0) | ((uint64_t)sid << SID_SHIFT) | ((uint64_t)(hint & 63u) << HINT_SHIFT) | label;
}
static inline uint32_t val_sid(uint64_t v) {
    return (uint32_t)((v >> SID_SHIFT) & SID_MAX);
}
static inline unsigned val_hint(uint64_t v) {
    return (unsigned)((v >> HINT_SHIFT) & 63u);
}
static inline uint64_t val_label(uint64_t v) {
    return v & (LABEL_SPACE - 1);
}

/* A bijection on 64 bits (splitmix64's finalizer): distinct handles get
** distinct keys, and keys are spread evenly enough to interpolate. */
static inline uint64_t mix64(uint64_t x) {
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x;
}

/* ---- slab --------------------------------------------------------------- */

#define SLAB_CLASSES 16   /* 64, 128, ..., 1024 bytes */
#define SLAB_UNIT 64
#define CLS_BIG 0xFFu
#define SLAB_NIL UINT32_MAX

typedef struct slab_chunk {
    char *base;        /* NULL while the table slot is unused */
    void *free;        /* freed blocks of this chunk */
    uint32_t cls;
    uint32_t nblocks;
    uint32_t live;
    uint32_t bump;     /* blocks handed out from the never-used tail */
    uint32_t prev, next; /* partial list of the class, or the unused-slot list */
} slab_chunk;

typedef struct slab {
    slab_chunk *chunks;
    uint32_t nchunks, cap;
    uint32_t unused;                 /* head of unused table slots */
    uint32_t partial[SLAB_CLASSES];  /* chunks with a free block */
    uint32_t per_class[SLAB_CLASSES];
    uint64_t live_blocks;
    uint64_t big_live;
    uint64_t bytes;
} slab;

/* ---- objects a version owns --------------------------------------------- */

/* Objects are tagged 64-bit words: nodes, handles and section ids. */
enum { OBJ_NODE = 1, OBJ_HANDLE = 2, OBJ_SID = 3 };
#define OBJ_SHIFT 60
#define OBJ_PAYLOAD (((uint64_t)1 << OBJ_SHIFT) - 1)

static inline uint64_t obj_make(unsigned tag, uint64_t payload) {
    return ((uint64_t)tag << OBJ_SHIFT) | payload;
}
static inline unsigned obj_tag(uint64_t o) {
    return (unsigned)(o >> OBJ_SHIFT);
}
static inline uint64_t obj_payload(uint64_t o) {
    return o & OBJ_PAYLOAD;
}

typedef struct objlist {
    uint64_t *v;
    size_t n, cap;
} objlist;

/* ---- family and versions ------------------------------------------------ */

typedef struct family {
    pthread_mutex_t lock;
    weft_emap_callbacks cb;
    weft_arena_t *arena;
    slab slab;
    uint32_t next_sid;
    objlist free_sids;
    struct weft_emap_s *root;  /* root of the version tree */
    uint64_t live_versions, dead_versions;
    uint64_t handles;          /* handles held (one reference each) */
} family;

/* A version's position tables (emap_positions.c): NULL until built. */
typedef struct emap_positions emap_positions;

/* A version. Its trees are immutable once published. The version-tree links
** and deltas belong to the family and are guarded by its mutex: 'ins' holds
** what this version created relative to its parent, 'del' what it dropped. */
struct weft_emap_s {
    atomic_uint_fast32_t refs;
    family *fam;
    node *sections;
    node *rev;
    node *secrev;
    uint64_t nsections, nitems;
    struct weft_emap_s *parent, *child, *next, *prev;
    uint32_t nchildren;
    bool alive;
    objlist ins, del;
    _Atomic(emap_positions *) positions; /* built at most once, read without locks */
};

/* ---- batch under construction ------------------------------------------- */

/* A leaf whose label changed: its items [start, start+count) need new index
** entries. */
typedef struct relabel {
    node *leaf;
    uint32_t sid;          /* section of an item leaf (a REC carries its own) */
    uint32_t start, count;
} relabel;



typedef struct txn {
    family *f;
    node *sections, *rev, *secrev;
    uint64_t nsections, nitems;
    objlist del;          /* base objects the new version no longer holds */
    objlist ins;          /* handles and section ids it created (nodes are found at the end) */
    objlist new_sids;     /* section ids taken, to give back on failure */
    relabel *pending;
    size_t npending, cap_pending;
    /* replacement handles, sorted, to spot ones the same batch removes again */
    void **replaced;
    size_t nreplaced;
    objlist release_now;  /* such handles: never in any version */
    objlist created;      /* the batch's nodes, in order: published or freed at the end */
    size_t ndropped;      /* of them, dropped again by the batch (F_DROPPED) */
} txn;

/* ---- position tables (emap_positions.c) ---------------------------------- */

/* Inline, with their layout here: both lookups are a few loads, and a call
** per step was a tenth of a lookup that is otherwise one cache miss. */
typedef struct pslot {
    void *handle;      /* NULL: empty slot */
    uint32_t section;  /* < 2^23 */
    uint32_t item;     /* < 2^32: a section holds at most UINT32_MAX items */
} pslot;

struct emap_positions {
    weft_arena_t *arena;
    uint64_t nsections;
    uint64_t *starts;  /* nsections + 1 entries: the ordinal of each section's first item, then nitems */
    void **items;      /* the items in order, NULL where absent */
    pslot *table;      /* mask + 1 slots, at most half full */
    uint64_t mask;
    uint64_t present;
};

/* The tables of 'v', or NULL (acquire: a non-NULL result is fully built). */
static inline const emap_positions *weft_emap_positions_get(const weft_emap_t *v) {
    return atomic_load_explicit(&((weft_emap_t *)v)->positions, memory_order_acquire);
}

/* Where a handle's probe starts in the table. */
static inline uint64_t weft_emap_positions_slot(const emap_positions *p, const void *handle) {
    return mix64((uint64_t)(uintptr_t)handle) & p->mask;
}

/* The item at (section, item) by the tables; NULL out of range or absent. */
static inline void *weft_emap_positions_item(const emap_positions *p, int64_t section, int64_t item) {
    if (section < 0 || (uint64_t)section >= p->nsections || item < 0) return NULL;
    uint64_t start = p->starts[section];
    return (uint64_t)item < p->starts[section + 1] - start ? p->items[start + (uint64_t)item] : NULL;
}

/* Find an item's handle in the tables; false if it is not a present item. */
static inline bool weft_emap_positions_locate(const emap_positions *p, const void *handle, weft_emap_location *out) {
    assert(handle != NULL);
    for (uint64_t j = weft_emap_positions_slot(p, handle);; j = (j + 1) & p->mask) {
        const pslot *e = &p->table[j];
        if (e->handle == NULL) return false;
        if (e->handle == handle) {
            *out = (weft_emap_location){.section = e->section, .item = e->item, .kind = 0, .is_supplementary = false};
            return true;
        }
    }
}
/* Free the tables of a version no one reads any more. */
void weft_emap_positions_drop(weft_emap_t *v);
#ifdef WEFT_DEBUG
bool weft_emap_positions_check(const weft_emap_t *v, const emap_positions *p);
#endif

/* ---- slab (emap_slab.c) -------------------------------------------------- */

void weft_emap_slab_init(slab *s);
void *weft_emap_slab_alloc(family *f, size_t bytes, uint32_t *where);
void weft_emap_slab_free(family *f, void *p, uint32_t where);
void weft_emap_slab_destroy(family *f);
size_t weft_emap_slab_block_bytes(uint32_t where);

/* ---- nodes and lists (emap_node.c) -------------------------------------- */

void weft_emap_node_free(family *f, node *x);
size_t weft_emap_node_capacity(const node *x);
size_t weft_emap_ileaf_bytes(size_t n);
size_t weft_emap_hleaf_bytes(size_t n);
size_t weft_emap_rec_bytes(size_t nsupp);
size_t weft_emap_pin_bytes(size_t n);
size_t weft_emap_hin_bytes(size_t n);
/* Room for one more child than 'n', up to the cap: what a descent that may
** have to adopt a split child asks weft_emap_txn_own for. */
static inline size_t room_for_one_more(unsigned n, unsigned cap) {
    return n < cap ? n + 1u : cap;
}

bool weft_emap_ol_reserve(family *f, objlist *l, size_t extra);
bool weft_emap_ol_push(family *f, objlist *l, uint64_t o);
void weft_emap_ol_push_reserved(objlist *l, uint64_t o);
void weft_emap_ol_free(family *f, objlist *l);

/* A node for this batch, marked mutable and kept in t->created, so that the
** end of the batch can publish or free it without walking any tree. */
node *weft_emap_txn_node_alloc(txn *t, unsigned kind, size_t bytes);
/* Make 'x' writable in this batch with room for 'need' entries (ILEAF, HLEAF:
** entries; PIN, HIN: children; REC: supplementary elements). Returns x itself
** if it is already the batch's, else a copy, and drops x. NULL on ENOMEM, with
** nothing changed. */
node *weft_emap_txn_own(txn *t, node *x, size_t need);
/* As weft_emap_txn_own with room for x's own entries, for a batch that changes
** only x's label: a hollow leaf stays hollow. */
node *weft_emap_txn_own_label(txn *t, node *x);
/* The batch no longer holds 'x': free it if the batch made it (no one else
** can see it), else record it as dropped (needs a slot reserved in t->del). */
void weft_emap_txn_drop(txn *t, node *x);
bool weft_emap_txn_reserve(txn *t, size_t extra);
bool weft_emap_txn_pending(txn *t, node *leaf, uint32_t sid, uint32_t start, uint32_t count);
/* Record a whole detached subtree as dropped (reserve first: weft_emap_txn_subtree_size). */
size_t weft_emap_txn_subtree_size(const node *x);
void weft_emap_txn_drop_subtree(txn *t, node *x);

/* A small open-addressing map from nonzero 64-bit keys to counts, for the set
** arithmetic on objects when versions die (and for the checkers). */
typedef struct omap {
    uint64_t *keys;
    uint32_t *vals;
    size_t cap;
} omap;

/* Room for 'expected' keys. False on ENOMEM. */
bool weft_emap_omap_init(family *f, omap *m, size_t expected);
/* The count of 'key'; with 'insert', created at 0 if absent, else NULL if absent. */
uint32_t *weft_emap_omap_find(omap *m, uint64_t key, bool insert);
void weft_emap_omap_free(family *f, omap *m);

/* ---- positional trees (emap_tree.c) ------------------------------------- */

const node *weft_emap_pt_locate(const node *root, uint64_t idx, uint64_t *off);
const node *weft_emap_pt_find_label(const node *root, uint64_t label, uint64_t *base);
size_t weft_emap_pt_copy(const node *root, uint64_t start, void **out, size_t max);

/* Insert h at position idx; *label_out and *slot_out tell where it landed (the
** label of its leaf and its position there), for its index entry. */
weft_rc weft_emap_it_insert(txn *t, node **root, uint64_t idx, uint32_t sid, void *h, uint64_t *label_out,
                            unsigned *slot_out);
weft_rc weft_emap_it_remove(txn *t, node **root, uint64_t idx, uint32_t sid, void **removed);
weft_rc weft_emap_it_replace(txn *t, node **root, uint64_t idx, void *h, void **old, uint64_t *label_out,
                             unsigned *slot_out);
/* Build an item tree of 'n' handles, leaves ILEAF_FILL full, labels spaced
** evenly. The caller indexes the handles. 'handles' NULL builds n absent
** items, in hollow leaves. */
weft_rc weft_emap_it_build(txn *t, void *const *handles, size_t n, node **root);

/* Insert the batch's record 'r' at 'idx' with a fresh label. */
weft_rc weft_emap_st_insert(txn *t, node **root, uint64_t nsections, uint64_t idx, rec *r);
weft_rc weft_emap_st_remove(txn *t, node **root, uint64_t idx, rec **removed);
/* Make the path to the record at 'idx' writable and return its slot. */
weft_rc weft_emap_st_own_slot(txn *t, node **root, uint64_t idx, node ***slot);

/* ---- hash-ordered trees (emap_hmap.c) ----------------------------------- */

bool weft_emap_hm_get(const node *root, uint64_t key, uint64_t *val);
weft_rc weft_emap_hm_set(txn *t, node **root, uint64_t key, uint64_t val);
/* As weft_emap_hm_set, without first looking for an equal entry: for a key
** the caller just found absent, one descent instead of two. */
weft_rc weft_emap_hm_put(txn *t, node **root, uint64_t key, uint64_t val);
/* Build a tree of the 'n' entries of 'sorted' (strictly ascending keys) from
** the leaves up, O(n), into *out: for an index that starts empty, instead of
** n inserts at O(log n) each. */
weft_rc weft_emap_hm_build(txn *t, const hent *sorted, size_t n, node **out);
/* Remove 'key', which must be present. */
weft_rc weft_emap_hm_remove(txn *t, node **root, uint64_t key);
size_t weft_emap_hm_count(const node *root);

/* ---- batches and versions (emap_apply.c, emap.c) ------------------------ */

void weft_emap_family_release_handles(family *f, objlist *handles);

#ifdef WEFT_DEBUG
bool weft_emap_check_version(const struct weft_emap_s *v);
bool weft_emap_check_family_locked(family *f);
#endif

#endif /* CWEFT_EMAP_INTERNAL_H */

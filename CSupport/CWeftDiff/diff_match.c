/*
** diff_match.c - pairing old and new elements by identity, and the whole diff
** of one level (a list, or the sections of a sectioned diff).
**
** The table holds one slot per distinct old hash, found by open addressing,
** and chains the old indexes sharing that hash through 'next' in ascending
** order. A new element takes the first chained index of equal identity and
** unlinks it, so duplicates pair in order of occurrence; a level where some
** hash repeats is then paired again by diff_repeats.c, for the fewest moves.
** Load stays at most 3/4; a probe tries the rest of its home slot's cache
** line, then strides (double hashing), which keeps probe sequences near two
** slots long and most of them inside one line.
*/
#include "diff_internal.h"

#include <assert.h>
#include <string.h>

/* Slots per 64-byte cache line: a probe tries its home line's other slots
** before it leaves the line (see find_slot). */
#define LINE_SLOTS 4u

/* log2 of the slot count for 'old_count' hashes: load at most 3/4, and at
** least one whole line. */
static unsigned slot_bits(uint32_t old_count) {
    uint64_t needed = (uint64_t)old_count + old_count / 3 + 1;
    unsigned bits = 2;
    while (((uint64_t)1 << bits) < needed) bits++;
    /* Room for every old hash with a quarter to spare: probing always ends. */
    assert(((uint64_t)1 << bits) > old_count && bits < 64);
    return bits;
}

void weft_diff_matcher_carve(matcher *mt, carver *c, uint32_t old_count, uint32_t new_count) {
    assert(mt != NULL && c != NULL);
    unsigned bits = slot_bits(old_count);
    uint32_t pairs = old_count < new_count ? old_count : new_count;
    mt->bits = bits;
    /* Started on a line boundary, so that every group of LINE_SLOTS slots is
    ** one cache line: carved with three slots (48 bytes) to spare, which is
    ** enough because the carver aligns every array to 16 bytes. The measuring
    ** pass carves from no base and gets NULL. */
    _Static_assert(sizeof(match_slot) * LINE_SLOTS == 64, "four slots fill a cache line");
    unsigned char *carved = weft_diff_carve(c, ((size_t)1 << bits) + LINE_SLOTS - 1, sizeof(match_slot));
    assert(((uintptr_t)carved & 15u) == 0);
    mt->slots = carved == NULL ? NULL : (match_slot *)(carved + (-(uintptr_t)carved & 63u));
    mt->next = weft_diff_carve(c, old_count, sizeof(uint32_t));
    mt->confirm_pairs = weft_diff_carve(c, pairs, sizeof(weft_diff_pair));
    mt->confirm_differ = weft_diff_carve(c, pairs, sizeof(uint8_t));
}

void weft_diff_matcher_bind(matcher *mt, const level_input *level) {
    assert(mt != NULL && level != NULL);
    /* Carved and placed, every array exists even for a count of 0. */
    assert(level->old_ids != NULL && level->new_ids != NULL);
    assert(mt->slots != NULL && mt->next != NULL && mt->bits >= 2);
    mt->old_ids = level->old_ids;
    mt->new_ids = level->new_ids;
    mt->old_count = level->old_count;
    mt->new_count = level->new_count;
    mt->identity_equal = level->callbacks.identity_equal;
    mt->identities_differ = level->callbacks.identity_equal != NULL ? level->callbacks.identities_differ : NULL;
    mt->context = level->context;
}

static inline uint64_t mix(uint64_t x) {
    x ^= x >> 31;
    x *= UINT64_C(0x9E3779B97F4A7C15);
    return x ^ (x >> 29);
}

/* Where probing for 'hash' starts. The low bits are kept and only XORed with
** a mix of the high ones: integer identities arrive unhashed and are mostly
** dense (0..<n, or database ids), so they land at their own value and the
** table fills front to back, in cache-friendly order. Hashes that differ
** only above the low bits still spread, through the mix. */
static inline uint64_t home_slot(uint64_t hash, unsigned bits, uint64_t mask) {
    return (hash ^ mix(hash >> bits)) & mask;
}

/* The probe stride: odd, so it visits every slot of the power-of-two table,
** and derived from the whole hash, so a probe that starts inside a dense run
** of integer identities leaves it after its home line (linear probing would
** walk the run). */
static inline uint64_t probe_stride(uint64_t hash) {
    return mix(hash + UINT64_C(0x632BE59BD9B4E019)) | 1u;
}

/* Unlink and return the first old index in 'slot' whose identity equals new
** element j's, or NO_INDEX. Without identity_equal the hash is the identity,
** so the head is taken at once. */
static uint32_t take_partner(matcher *mt, match_slot *slot, uint32_t j) {
    assert(mt != NULL && slot != NULL && slot->used > 0 && j < mt->new_count);
    assert(slot->head == NO_INDEX || slot->head < mt->old_count);
    uint32_t prev = NO_INDEX, i = slot->head;
    if (mt->identity_equal != NULL) {
        while (i != NO_INDEX && !mt->identity_equal(mt->context, i, j)) {
            prev = i;
            i = mt->next[i];
        }
    }
    if (i == NO_INDEX) return NO_INDEX;
    assert(i < mt->old_count);
    if (prev == NO_INDEX) slot->head = mt->next[i];
    else mt->next[prev] = mt->next[i];
    return i;
}

/* The slot holding 'hash', or the empty slot where it would go. Load below
** 1 and an odd stride guarantee an empty slot ends every probe sequence.
**
** A probe first tries the other slots of its home slot's cache line, which
** the loops below prefetched with the home slot: hashed identities (text,
** UUIDs) collide on a third of their home slots at this load, and a stride
** to a random line was a cache miss no prefetch covered, a quarter of the
** matching of 100k text ids. Only then does it stride, so a probe that starts
** in a dense run of integer identities still leaves it after the line. */
static inline match_slot *find_slot(const matcher *mt, uint64_t hash, uint64_t mask) {
    assert(mt != NULL && mt->slots != NULL && mask == ((uint64_t)1 << mt->bits) - 1 && mask >= LINE_SLOTS - 1);
    uint64_t s = home_slot(hash, mt->bits, mask);
    match_slot *slot = &mt->slots[s];
    if (!slot->used || slot->hash == hash) return slot;
    uint64_t line = s & ~(uint64_t)(LINE_SLOTS - 1);
    for (uint64_t k = 1; k < LINE_SLOTS; k++) {
        slot = &mt->slots[line | ((s + k) & (LINE_SLOTS - 1))];
        if (!slot->used || slot->hash == hash) return slot;
    }
    uint64_t stride = probe_stride(hash);
    do {
        s = (s + stride) & mask;
        slot = &mt->slots[s];
    } while (slot->used && slot->hash != hash);
    return slot;
}

/* How many elements ahead the loops below prefetch home slots. Hashed
** identities scatter over the table, and one diff of 100k elements would
** otherwise wait on ~200k cache misses one at a time. */
#define PREFETCH_AHEAD 16

static inline void prefetch_home(const matcher *mt, uint64_t hash, uint64_t mask) {
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(&mt->slots[home_slot(hash, mt->bits, mask)]);
#else
    (void)mt;
    (void)hash;
    (void)mask;
#endif
}

bool weft_diff_pairs_confirmed(const matcher *mt, const uint32_t *new_to_old) {
    /* Asked only where hashes may collide: identities_differ comes with identity_equal. */
    assert(mt != NULL && new_to_old != NULL && mt->identity_equal != NULL);
    if (mt->identities_differ == NULL) {
        for (uint32_t j = 0; j < mt->new_count; j++) {
            uint32_t i = new_to_old[j];
            if (i != NO_INDEX && !mt->identity_equal(mt->context, i, j)) return false;
        }
        return true;
    }
    uint32_t count = 0;
    for (uint32_t j = 0; j < mt->new_count; j++) {
        if (new_to_old[j] != NO_INDEX) mt->confirm_pairs[count++] = (weft_diff_pair){new_to_old[j], j};
    }
    /* A pairing: confirm_pairs holds min(old, new) entries. */
    assert(count <= mt->old_count && count <= mt->new_count);
    if (count == 0) return true;
    mt->identities_differ(mt->context, mt->confirm_pairs, count, mt->confirm_differ);
    for (uint32_t p = 0; p < count; p++) {
        if (mt->confirm_differ[p]) return false;
    }
    return true;
}

static uint32_t match_once(matcher *mt, uint32_t *new_to_old, uint32_t *old_to_new);

uint32_t weft_diff_match_identities(matcher *mt, uint32_t *new_to_old, uint32_t *old_to_new) {
    assert(mt != NULL && new_to_old != NULL && old_to_new != NULL);
    assert(mt->identities_differ == NULL || mt->identity_equal != NULL);
    if (mt->identities_differ == NULL) return match_once(mt, new_to_old, old_to_new);
    /* Pair by hash alone and confirm every pair at once; a failure means a
    ** true collision, and the pairing is made again one question at a time. */
    weft_diff_equal_fn equal = mt->identity_equal;
    mt->identity_equal = NULL;
    uint32_t matched = match_once(mt, new_to_old, old_to_new);
    mt->identity_equal = equal;
    if (weft_diff_pairs_confirmed(mt, new_to_old)) return matched;
    return match_once(mt, new_to_old, old_to_new);
}

static uint32_t match_once(matcher *mt, uint32_t *new_to_old, uint32_t *old_to_new) {
    assert(mt != NULL && new_to_old != NULL && old_to_new != NULL && mt->bits < 64);
    uint64_t mask = ((uint64_t)1 << mt->bits) - 1;
    memset(mt->slots, 0, (size_t)(mask + 1) * sizeof(match_slot));

    /* Old elements in reverse, each prepended to its chain: chains ascend. */
    bool repeats = false;
    for (uint32_t i = mt->old_count; i-- > 0;) {
        if (i >= PREFETCH_AHEAD) prefetch_home(mt, mt->old_ids[i - PREFETCH_AHEAD], mask);
        uint64_t h = mt->old_ids[i];
        match_slot *slot = find_slot(mt, h, mask);
        repeats |= slot->used != 0;
        mt->next[i] = slot->used ? slot->head : NO_INDEX;
        slot->hash = h;
        slot->head = i;
        slot->used++;
        old_to_new[i] = NO_INDEX;
    }

    uint32_t matched = 0;
    for (uint32_t j = 0; j < mt->new_count; j++) {
        if (j + PREFETCH_AHEAD < mt->new_count) prefetch_home(mt, mt->new_ids[j + PREFETCH_AHEAD], mask);
        match_slot *slot = find_slot(mt, mt->new_ids[j], mask);
        if (!slot->used) {
            new_to_old[j] = NO_INDEX;
            continue;
        }
        /* A chain taken empty means a second new element with this hash. */
        repeats |= slot->head == NO_INDEX;
        uint32_t partner = take_partner(mt, slot, j);
        new_to_old[j] = partner;
        if (partner != NO_INDEX) {
            old_to_new[partner] = j;
            matched++;
        }
    }
    mt->repeats = repeats;
    assert(matched <= mt->old_count && matched <= mt->new_count);
    return matched;
}

uint32_t weft_diff_matcher_slot_of(const matcher *mt, uint64_t hash) {
    assert(mt != NULL && mt->bits < 32);  /* the slot index is narrowed to 32 bits */
    uint64_t mask = ((uint64_t)1 << mt->bits) - 1;
    const match_slot *slot = find_slot(mt, hash, mask);
    assert((uint64_t)(slot - mt->slots) <= mask);
    return slot->used ? (uint32_t)(slot - mt->slots) : NO_INDEX;
}

void weft_diff_flat_carve(flat_diff *f, carver *c, uint32_t old_count, uint32_t new_count) {
    assert(f != NULL && c != NULL);
    uint32_t pairs = old_count < new_count ? old_count : new_count;
    weft_diff_matcher_carve(&f->mt, c, old_count, new_count);
    f->new_to_old = weft_diff_carve(c, new_count, sizeof(uint32_t));
    f->old_to_new = weft_diff_carve(c, old_count, sizeof(uint32_t));
    f->sequence = weft_diff_carve(c, pairs, sizeof(uint32_t));
    weft_diff_lis_carve(&f->lis, c, pairs);
    f->keep = weft_diff_carve(c, pairs, sizeof(uint8_t));
    f->pairs = weft_diff_carve(c, pairs, sizeof(weft_diff_pair));
    f->changed = weft_diff_carve(c, pairs, sizeof(uint8_t));
    f->deletes = weft_diff_carve(c, old_count, sizeof(uint32_t));
    f->inserts = weft_diff_carve(c, new_count, sizeof(uint32_t));
    f->moves = weft_diff_carve(c, pairs, sizeof(weft_diff_pair));
    f->updates = weft_diff_carve(c, pairs, sizeof(weft_diff_pair));
}

void weft_diff_flat_run(flat_diff *f, const level_input *level) {
    assert(f != NULL && level != NULL);
    uint32_t old_count = level->old_count, new_count = level->new_count;
    weft_diff_matcher_bind(&f->mt, level);
    f->matched_count = weft_diff_match_identities(&f->mt, f->new_to_old, f->old_to_new);
    if (f->mt.repeats) {
        order_range whole = {0, old_count, 0, new_count};
        f->matched_count = weft_diff_pair_repeats(&f->mt, &whole, 1, f->new_to_old, f->old_to_new, f->matched_count);
    }

    uint32_t k = 0;
    for (uint32_t j = 0; j < new_count; j++) {
        if (f->new_to_old[j] != NO_INDEX) f->sequence[k++] = f->new_to_old[j];
    }
    assert(k == f->matched_count);
    uint32_t kept = weft_diff_lis_mark(f->sequence, k, &f->lis, f->keep);
    assert(kept <= k);

    uint32_t deletes = 0;
    for (uint32_t i = 0; i < old_count; i++) {
        if (f->old_to_new[i] == NO_INDEX) f->deletes[deletes++] = i;
    }
    uint32_t inserts = 0, moves = 0, p = 0;
    for (uint32_t j = 0; j < new_count; j++) {
        uint32_t i = f->new_to_old[j];
        if (i == NO_INDEX) {
            f->inserts[inserts++] = j;
            continue;
        }
        weft_diff_pair pair = {i, j};
        if (!f->keep[p]) f->moves[moves++] = pair;
        f->pairs[p++] = pair;
    }
    assert(moves == k - kept);
    /* Every element is paired or is a delete (old) or an insert (new). */
    assert(deletes + k == old_count && inserts + k == new_count);
    content_source contents = level_contents(level);
    weft_diff_mark_changed_contents(&contents, f->pairs, k, f->changed);
    uint32_t updates = 0;
    for (uint32_t q = 0; q < k; q++) {
        if (f->changed[q]) f->updates[updates++] = f->pairs[q];
    }
    (void)kept; /* read only by the assert */
    f->delete_count = deletes;
    f->insert_count = inserts;
    f->move_count = moves;
    f->update_count = updates;
}

void weft_diff_mark_changed_contents(const content_source *c, const weft_diff_pair *pairs, uint32_t count,
                                     uint8_t *changed) {
    assert(c != NULL && (count == 0 || (pairs != NULL && changed != NULL)));
    /* Content hashes come for both sides or for neither. */
    assert(c->old_hashes == NULL || c->new_hashes != NULL);
    if (c->old_hashes != NULL) {
        for (uint32_t p = 0; p < count; p++) {
            changed[p] = c->old_hashes[pairs[p].from] != c->new_hashes[pairs[p].to];
        }
    } else if (c->changed != NULL && count > 0) {
        c->changed(c->context, pairs, count, changed);
    } else if (count > 0) {
        memset(changed, 0, count);
    }
}

/*
** diff_repeats.c - pairing repeated identities so that moves stay minimal.
**
** With unique identities the pairing is forced and the longest increasing
** subsequence of it is the most elements that can stay. When an identity
** repeats, which occurrence pairs with which decides how many can stay:
** old [A B A] and new [B A] keep both B and the second A only if the new A
** pairs with the old A after B. Pairing in order of occurrence gets that
** wrong. The most elements that can stay is the length of a longest common
** subsequence of the two identity sequences (with elements that keep their
** order restricted to one range, such as one section pair), so that is what
** this file finds, with Hunt and Szymanski's method: for each new element in
** order, the old elements of equal identity in descending order feed a
** patience sort on old index. Its cost is O((n + m + r) log n) for r pairs of
** equal identities, which is n for unique identities and grows with the
** square of an identity's occurrences. Past a budget of 4 (n + m) + 4096
** pairs, a few identities repeat so often that listing their pairs would cost
** more than comparing everything: the subsequence is then found bit-parallel
** (Hyyro's row recurrence, 64 old elements a word) with Hirschberg's split
** for the pairs, in O(n m / 64) time and O(n + m + groups) memory, about a
** third of a second for 100k against 100k on this project's machines. Once
** the subsequence is chosen, the remaining
** occurrences of each identity pair in order of occurrence, so every identity
** keeps as many pairs as before; none of them can stay in place, or the
** subsequence would not have been longest. Occurrences inside the ranges
** pair first, so that a sectioned diff moves an item between surviving
** sections rather than deleting it in one and inserting it in another.
**
** Groups of equal identity are first taken to be the hash slots of the
** matcher. When hashes may collide (identity_equal is set), every pair made
** that way is confirmed, and if one fails, or one hash gathers so many
** elements that the budget runs out, the groups are rebuilt by asking
** identity_equal: O(n * m) calls at worst, as the matcher itself makes when
** every hash collides.
**
** Memory comes in one block of its own, only for levels whose hashes repeat.
*/
#include "diff_internal.h"

#include <assert.h>
#include <string.h>

/* One pair fed to the patience sort: old index, new index, and the node it
** extends (the top of the pile to its left when it was placed). */
typedef struct lcs_node {
    uint32_t old_index;
    uint32_t new_index;
    uint32_t pred;
} lcs_node;

/* Everything one re-pairing uses. Group ids are below the slot count: hash
** slot indexes first, dense ids if the groups have to be rebuilt. */
typedef struct repeats_scratch {
    uint32_t *old_group;     /* old_count: group, or NO_INDEX */
    uint32_t *new_group;     /* new_count */
    uint32_t *start;         /* slots + 1: where each group's members begin */
    uint32_t *members;       /* old_count: old indexes by group, ascending within one */
    uint32_t *cursor;        /* slots: next member to pair in order */
    uint32_t *exact_group;   /* old_count: groups rebuilt from identity_equal */
    uint32_t *pairing;       /* new_count: the new pairing, until it is confirmed */
    uint8_t *old_taken;      /* old_count: paired already */
    uint8_t *old_ordered;    /* old_count: inside one of the ranges */
    uint8_t *new_ordered;    /* new_count: inside one of the ranges */
    uint32_t *tail_old;      /* per pile: old index on top */
    uint32_t *tail_node;     /* per pile: node on top */
    lcs_node *nodes;         /* budget */
} repeats_scratch;

uint64_t weft_diff_repeat_budget(uint32_t old_count, uint32_t new_count) {
    return 4 * ((uint64_t)old_count + new_count) + 4096;
}

static void repeats_carve(repeats_scratch *s, carver *c, uint32_t n, uint32_t m, uint32_t slots, uint64_t budget) {
    assert(s != NULL && c != NULL);
    /* Group ids index 'start' and 'cursor': the matcher's power-of-two table. */
    assert(slots >= 1 && (slots & (slots - 1)) == 0);
    /* Narrowed to size_t below; min(n, m) + 1 piles cannot wrap (counts stop at UINT32_MAX - 1). */
    assert(budget <= SIZE_MAX / sizeof(lcs_node) && (n < m ? n : m) < UINT32_MAX);
    uint32_t piles = (n < m ? n : m) + 1;
    s->old_group = weft_diff_carve(c, n, sizeof(uint32_t));
    s->new_group = weft_diff_carve(c, m, sizeof(uint32_t));
    s->start = weft_diff_carve(c, (size_t)slots + 1, sizeof(uint32_t));
    s->members = weft_diff_carve(c, n, sizeof(uint32_t));
    s->cursor = weft_diff_carve(c, slots, sizeof(uint32_t));
    s->exact_group = weft_diff_carve(c, n, sizeof(uint32_t));
    s->pairing = weft_diff_carve(c, m, sizeof(uint32_t));
    s->old_taken = weft_diff_carve(c, n, sizeof(uint8_t));
    s->old_ordered = weft_diff_carve(c, n, sizeof(uint8_t));
    s->new_ordered = weft_diff_carve(c, m, sizeof(uint8_t));
    s->tail_old = weft_diff_carve(c, piles, sizeof(uint32_t));
    s->tail_node = weft_diff_carve(c, piles, sizeof(uint32_t));
    s->nodes = weft_diff_carve(c, (size_t)budget, sizeof(lcs_node));
    /* Placed (not just measured), every array is there, even an empty one. */
    assert(c->base == NULL || (s->old_group != NULL && s->nodes != NULL));
}

/* Old members of every group, ascending, by counting sort. */
static void index_members(const matcher *mt, repeats_scratch *s, uint32_t groups) {
    assert(mt != NULL && s != NULL);
    /* 'start' has room for slots + 1 entries, 'cursor' for slots. */
    assert(groups <= (uint32_t)1 << mt->bits);
    memset(s->start, 0, ((size_t)groups + 1) * sizeof(uint32_t));
    for (uint32_t i = 0; i < mt->old_count; i++) {
        if (s->old_group[i] != NO_INDEX) s->start[s->old_group[i] + 1]++;
    }
    for (uint32_t g = 0; g < groups; g++) s->start[g + 1] += s->start[g];
    memcpy(s->cursor, s->start, (size_t)groups * sizeof(uint32_t));
    for (uint32_t i = 0; i < mt->old_count; i++) {
        uint32_t g = s->old_group[i];
        if (g != NO_INDEX) s->members[s->cursor[g]++] = i;
    }
    /* Every grouped old element has its place in 'members' (old_count long). */
    assert(groups == 0 || s->start[groups] <= mt->old_count);
}

/* Groups by hash: equal hashes, one group (the slot). */
static void groups_from_slots(const matcher *mt, repeats_scratch *s, uint32_t slots) {
    assert(mt != NULL && s != NULL && slots == (uint32_t)1 << mt->bits);
    for (uint32_t i = 0; i < mt->old_count; i++) s->old_group[i] = weft_diff_matcher_slot_of(mt, mt->old_ids[i]);
    for (uint32_t j = 0; j < mt->new_count; j++) s->new_group[j] = weft_diff_matcher_slot_of(mt, mt->new_ids[j]);
    index_members(mt, s, slots);
}

/* Groups by identity_equal, from the hash groups in place: each new element
** joins the group of the old elements equal to it, which the first new
** element of that identity makes by asking about the rest of the chain. */
static void groups_from_identities(const matcher *mt, repeats_scratch *s) {
    /* Only where hashes may collide: there is an equality to ask. */
    assert(mt != NULL && s != NULL && mt->identity_equal != NULL);
    uint32_t groups = 0;
    for (uint32_t i = 0; i < mt->old_count; i++) s->exact_group[i] = NO_INDEX;
    for (uint32_t j = 0; j < mt->new_count; j++) {
        uint32_t slot = s->new_group[j];
        s->new_group[j] = NO_INDEX;
        if (slot == NO_INDEX) continue;
        assert(slot < (uint32_t)1 << mt->bits && s->start[slot] <= s->start[slot + 1]);
        for (uint32_t k = s->start[slot]; k < s->start[slot + 1]; k++) {
            uint32_t i = s->members[k];
            if (!mt->identity_equal(mt->context, i, j)) continue;
            if (s->exact_group[i] == NO_INDEX) {
                uint32_t group = groups++;
                s->exact_group[i] = group;
                for (uint32_t q = k + 1; q < s->start[slot + 1]; q++) {
                    uint32_t o = s->members[q];
                    if (s->exact_group[o] == NO_INDEX && mt->identity_equal(mt->context, o, j)) {
                        s->exact_group[o] = group;
                    }
                }
            }
            s->new_group[j] = s->exact_group[i];
            break;
        }
    }
    /* Each group began at an old element of its own: fewer than the slots. */
    assert(groups <= mt->old_count);
    memcpy(s->old_group, s->exact_group, (size_t)mt->old_count * sizeof(uint32_t));
    index_members(mt, s, groups);
}

/* The members of group g that lie in [begin, end), as a range of 'members'. */
static void members_within(const repeats_scratch *s, uint32_t g, uint32_t begin, uint32_t end,
                           uint32_t *lo, uint32_t *hi) {
    assert(s != NULL && lo != NULL && hi != NULL && g != NO_INDEX);
    assert(begin <= end);
    uint32_t a = s->start[g], b = s->start[g + 1];
    /* Both searches below rely on the group's members being one ascending run. */
    assert(a <= b);
    while (a < b) {
        uint32_t mid = a + (b - a) / 2;
        if (s->members[mid] < begin) a = mid + 1;
        else b = mid;
    }
    *lo = a;
    b = s->start[g + 1];
    while (a < b) {
        uint32_t mid = a + (b - a) / 2;
        if (s->members[mid] < end) a = mid + 1;
        else b = mid;
    }
    assert(*lo <= a);
    *hi = a;
}

/* The equal-identity pairs inside the ranges; stops counting past 'budget'. */
static uint64_t candidate_pairs(const repeats_scratch *s, const order_range *ranges, uint32_t range_count,
                                uint64_t budget) {
    assert(s != NULL && (ranges != NULL || range_count == 0));
    uint64_t r = 0;
    for (uint32_t q = 0; q < range_count && r <= budget; q++) {
        const order_range *range = &ranges[q];
        for (uint32_t j = range->new_begin; j < range->new_end && r <= budget; j++) {
            uint32_t g = s->new_group[j];
            if (g == NO_INDEX) continue;
            uint32_t lo, hi;
            members_within(s, g, range->old_begin, range->old_end, &lo, &hi);
            r += hi - lo;
        }
    }
    return r;
}

/* A longest common subsequence of one range pair into s->pairing, its old
** elements marked taken. Each new element offers its equal old elements in
** descending order, so that at most one of them joins any chain. */
static void pair_common_subsequence(const repeats_scratch *s, const order_range *range) {
    assert(s != NULL && range != NULL);
    assert(range->old_begin <= range->old_end && range->new_begin <= range->new_end);
    uint32_t length = 0, count = 0;
    for (uint32_t j = range->new_begin; j < range->new_end; j++) {
        uint32_t g = s->new_group[j];
        if (g == NO_INDEX) continue;
        uint32_t lo, hi;
        members_within(s, g, range->old_begin, range->old_end, &lo, &hi);
        for (uint32_t k = hi; k-- > lo;) {
            uint32_t i = s->members[k];
            assert(i >= range->old_begin && i < range->old_end);
            /* The first pile whose top is at least i. */
            uint32_t a = 0, b = length;
            while (a < b) {
                uint32_t mid = a + (b - a) / 2;
                if (s->tail_old[mid] < i) a = mid + 1;
                else b = mid;
            }
            s->nodes[count] = (lcs_node){i, j, a > 0 ? s->tail_node[a - 1] : NO_INDEX};
            s->tail_old[a] = i;
            s->tail_node[a] = count++;
            if (a == length) length++;
        }
    }
    /* A chain ascends in both old and new index: no longer than either range,
    ** so the piles (min(n, m) + 1 of them) were enough. */
    assert(length <= range->old_end - range->old_begin && length <= range->new_end - range->new_begin);
    for (uint32_t x = length > 0 ? s->tail_node[length - 1] : NO_INDEX; x != NO_INDEX; x = s->nodes[x].pred) {
        /* Ranges are disjoint, so no other range paired these. */
        assert(s->pairing[s->nodes[x].new_index] == NO_INDEX && !s->old_taken[s->nodes[x].old_index]);
        s->pairing[s->nodes[x].new_index] = s->nodes[x].old_index;
        s->old_taken[s->nodes[x].old_index] = 1;
    }
}

/* Pair the unpaired new elements of each group with its untaken old ones in
** order of occurrence; with 'ordered_only', only elements inside the ranges. */
static void pair_in_order(const matcher *mt, repeats_scratch *s, uint32_t groups, bool ordered_only) {
    assert(mt != NULL && s != NULL && groups <= (uint32_t)1 << mt->bits);
    memcpy(s->cursor, s->start, (size_t)groups * sizeof(uint32_t));
    for (uint32_t j = 0; j < mt->new_count; j++) {
        uint32_t g = s->new_group[j];
        if (s->pairing[j] != NO_INDEX || g == NO_INDEX || (ordered_only && !s->new_ordered[j])) continue;
        assert(g < groups);
        uint32_t k = s->cursor[g], end = s->start[g + 1];
        while (k < end && (s->old_taken[s->members[k]] || (ordered_only && !s->old_ordered[s->members[k]]))) k++;
        s->cursor[g] = k;
        if (k == end) continue;
        uint32_t i = s->members[k];
        assert(i < mt->old_count && !s->old_taken[i]);
        s->cursor[g] = k + 1;
        s->pairing[j] = i;
        s->old_taken[i] = 1;
    }
}

/* Pair by the current groups into s->pairing: common subsequences first,
** then the other occurrences in order, those inside the ranges first (in a
** sectioned diff a pair across surviving sections is one move, where a pair
** into a deleted or inserted section costs a delete and an insert). False
** when there are more candidate pairs than 'budget'. */
static bool pair_by_groups(const matcher *mt, repeats_scratch *s, const order_range *ranges, uint32_t range_count,
                           uint32_t groups, uint64_t budget) {
    assert(mt != NULL && s != NULL && (ranges != NULL || range_count == 0));
    if (candidate_pairs(s, ranges, range_count, budget) > budget) return false;
    if (mt->old_count > 0) memset(s->old_taken, 0, mt->old_count);
    for (uint32_t j = 0; j < mt->new_count; j++) s->pairing[j] = NO_INDEX;
    for (uint32_t q = 0; q < range_count; q++) pair_common_subsequence(s, &ranges[q]);
    pair_in_order(mt, s, groups, true);
    pair_in_order(mt, s, groups, false);
    return true;
}

/* ---- past the budget: bit-parallel LCS with Hirschberg's split ---------- */

/* Identities with more occurrences in a segment than it has words get a
** whole match mask each; at most 64 can (a segment of len elements has
** ceil(len / 64) words). Rarer ones set their few bits in 'mask' per use. */
#define DENSE_MAX 64

typedef struct bits_scratch {
    uint64_t *row;        /* words: the DP row as bits, zero where the LCS grows */
    uint64_t *mask;       /* words: a rare identity's match bits, zero between uses */
    uint64_t *dense;      /* DENSE_MAX * words: frequent identities' match bits */
    uint32_t *dense_of;   /* groups: slot in 'dense', or NO_INDEX between uses */
    uint32_t *count;      /* groups: occurrences in the segment, zero between uses */
    uint32_t *forward;    /* longest old range + 1: LCS of each old prefix */
    uint32_t *backward;   /* longest old range + 1: LCS of each old suffix */
} bits_scratch;

static void bits_carve(bits_scratch *b, carver *c, uint32_t longest, uint32_t groups) {
    assert(b != NULL && c != NULL && longest < UINT32_MAX);
    uint32_t words = longest / 64 + 1;
    b->row = weft_diff_carve(c, words, sizeof(uint64_t));
    b->mask = weft_diff_carve(c, words, sizeof(uint64_t));
    b->dense = weft_diff_carve(c, (size_t)DENSE_MAX * words, sizeof(uint64_t));
    b->dense_of = weft_diff_carve(c, groups, sizeof(uint32_t));
    b->count = weft_diff_carve(c, groups, sizeof(uint32_t));
    b->forward = weft_diff_carve(c, (size_t)longest + 1, sizeof(uint32_t));
    b->backward = weft_diff_carve(c, (size_t)longest + 1, sizeof(uint32_t));
}

/* One new element against every old one at once: row' = (row + (row & m)) |
** (row & ~m), carrying across words. A zero bit at t then marks where the
** LCS of the old prefix through t grows (Hyyro 2004). */
static void bits_advance(uint64_t *row, const uint64_t *m, uint32_t words) {
    assert(row != NULL && m != NULL && words >= 1);
    uint64_t carry = 0;
    for (uint32_t w = 0; w < words; w++) {
        uint64_t x = row[w], sum = x + (x & m[w]);
        uint64_t out = sum < x;
        uint64_t total = sum + carry;
        carry = out | (total < sum);
        row[w] = total | (x & ~m[w]);
    }
}

/* out[i] = LCS of new [b0, b1) with the first i old elements of [a0, a1)
** (reverse: with its last i, the new elements taken backwards). */
static void bits_counts(const repeats_scratch *s, bits_scratch *b, uint32_t a0, uint32_t a1, uint32_t b0,
                        uint32_t b1, bool reverse, uint32_t *out) {
    uint32_t len = a1 - a0, words = len / 64 + 1, dense = 0;
    assert(a0 <= a1 && b0 <= b1);
    assert(s != NULL && b != NULL && out != NULL);
    for (uint32_t t = 0; t < len; t++) {
        uint32_t g = s->old_group[reverse ? a1 - 1 - t : a0 + t];
        if (g != NO_INDEX) b->count[g]++;
    }
    for (uint32_t t = 0; t < len; t++) {
        uint32_t g = s->old_group[reverse ? a1 - 1 - t : a0 + t];
        if (g == NO_INDEX) continue;
        if (b->count[g] > words && b->dense_of[g] == NO_INDEX && dense < DENSE_MAX) {
            b->dense_of[g] = dense;
            memset(b->dense + (size_t)dense * words, 0, (size_t)words * sizeof(uint64_t));
            dense++;
        }
        b->count[g] = 0;
        if (b->dense_of[g] != NO_INDEX) b->dense[(size_t)b->dense_of[g] * words + t / 64] |= (uint64_t)1 << (t % 64);
    }
    memset(b->row, 0xFF, (size_t)words * sizeof(uint64_t));
    for (uint32_t step = 0; step < b1 - b0; step++) {
        uint32_t g = s->new_group[reverse ? b1 - 1 - step : b0 + step];
        if (g == NO_INDEX) continue;  /* matches nothing: the row stays */
        if (b->dense_of[g] != NO_INDEX) {
            bits_advance(b->row, b->dense + (size_t)b->dense_of[g] * words, words);
            continue;
        }
        uint32_t lo, hi;
        members_within(s, g, a0, a1, &lo, &hi);
        if (lo == hi) continue;
        for (uint32_t k = lo; k < hi; k++) {
            uint32_t t = reverse ? a1 - 1 - s->members[k] : s->members[k] - a0;
            assert(t < len);  /* members_within kept it in [a0, a1): a bit of the row */
            b->mask[t / 64] |= (uint64_t)1 << (t % 64);
        }
        bits_advance(b->row, b->mask, words);
        for (uint32_t k = lo; k < hi; k++) {
            uint32_t t = reverse ? a1 - 1 - s->members[k] : s->members[k] - a0;
            b->mask[t / 64] = 0;
        }
    }
    assert(dense <= DENSE_MAX);
    out[0] = 0;
    for (uint32_t t = 0; t < len; t++) out[t + 1] = out[t] + (uint32_t)(~b->row[t / 64] >> (t % 64) & 1);
    for (uint32_t t = 0; t < len; t++) {
        uint32_t g = s->old_group[reverse ? a1 - 1 - t : a0 + t];
        if (g != NO_INDEX) b->dense_of[g] = NO_INDEX;
    }
}

/* A longest common subsequence of old [a0, a1) and new [b0, b1) into
** s->pairing, its old elements marked taken: the new half splits the old
** range where the two halves' LCS sum is largest (Hirschberg), down to one
** new element. Recursion depth: log2 of the new range, at most 32. */
static void bits_pair(const repeats_scratch *s, bits_scratch *b, uint32_t a0, uint32_t a1, uint32_t b0, uint32_t b1) {
    assert(s != NULL && b != NULL && a0 <= a1 && b0 <= b1);
    if (a0 == a1 || b0 == b1) return;
    if (b1 - b0 == 1) {
        uint32_t g = s->new_group[b0], lo, hi;
        if (g == NO_INDEX) return;
        members_within(s, g, a0, a1, &lo, &hi);
        if (lo == hi) return;
        /* Splits leave disjoint old and new ranges: both ends still free. */
        assert(s->pairing[b0] == NO_INDEX && !s->old_taken[s->members[lo]]);
        s->pairing[b0] = s->members[lo];
        s->old_taken[s->members[lo]] = 1;
        return;
    }
    uint32_t mid = b0 + (b1 - b0) / 2, len = a1 - a0, split = 0, best = 0;
    bits_counts(s, b, a0, a1, b0, mid, false, b->forward);
    bits_counts(s, b, a0, a1, mid, b1, true, b->backward);
    for (uint32_t i = 0; i <= len; i++) {
        uint32_t total = b->forward[i] + b->backward[len - i];
        if (total > best) {
            best = total;
            split = i;
        }
    }
    if (best == 0) return;
    assert(split <= len && b0 < mid && mid < b1);
    bits_pair(s, b, a0, a0 + split, b0, mid);
    bits_pair(s, b, a0 + split, a1, mid, b1);
}

/* pair_by_groups without a budget: each range pair's LCS bit-parallel, then
** the other occurrences in order. False only when memory runs out. */
static bool pair_by_bits(const matcher *mt, repeats_scratch *s, const order_range *ranges, uint32_t range_count,
                         uint32_t groups) {
    assert(mt != NULL && s != NULL && (ranges != NULL || range_count == 0) && groups >= 1);
    uint32_t longest = 0;
    for (uint32_t q = 0; q < range_count; q++) {
        if (ranges[q].old_end - ranges[q].old_begin > longest) longest = ranges[q].old_end - ranges[q].old_begin;
    }
    bits_scratch b;
    carver measure = {NULL, 0};
    bits_carve(&b, &measure, longest, groups);
    _Alignas(16) unsigned char stack[STACK_BLOCK_BYTES];
    diff_block block;
    if (weft_diff_block_acquire(&block, stack, measure.used) != WEFT_OK) return false;
    carver place = {block.base, 0};
    bits_carve(&b, &place, longest, groups);
    memset(b.mask, 0, ((size_t)longest / 64 + 1) * sizeof(uint64_t));
    memset(b.dense_of, 0xFF, (size_t)groups * sizeof(uint32_t));
    memset(b.count, 0, (size_t)groups * sizeof(uint32_t));

    if (mt->old_count > 0) memset(s->old_taken, 0, mt->old_count);
    for (uint32_t j = 0; j < mt->new_count; j++) s->pairing[j] = NO_INDEX;
    for (uint32_t q = 0; q < range_count; q++) {
        bits_pair(s, &b, ranges[q].old_begin, ranges[q].old_end, ranges[q].new_begin, ranges[q].new_end);
    }
    weft_diff_block_release(&block);
    pair_in_order(mt, s, groups, true);
    pair_in_order(mt, s, groups, false);
    return true;
}

uint32_t weft_diff_pair_repeats(const matcher *mt, const order_range *ranges, uint32_t range_count,
                                uint32_t *new_to_old, uint32_t *old_to_new, uint32_t matched) {
    assert(mt != NULL && new_to_old != NULL && old_to_new != NULL);
    assert(ranges != NULL || range_count == 0);
    uint32_t n = mt->old_count, m = mt->new_count;
    /* The slot count is narrowed to 32 bits: a group id is a uint32_t. */
    assert(mt->bits < 32);
    assert(matched <= n && matched <= m);
    uint32_t slots = (uint32_t)1 << mt->bits;
    uint64_t budget = weft_diff_repeat_budget(n, m);
    repeats_scratch s;
    carver measure = {NULL, 0};
    repeats_carve(&s, &measure, n, m, slots, budget);
    _Alignas(16) unsigned char stack[STACK_BLOCK_BYTES];
    diff_block block;
    if (weft_diff_block_acquire(&block, stack, measure.used) != WEFT_OK) return matched;
    carver place = {block.base, 0};
    repeats_carve(&s, &place, n, m, slots, budget);

    if (n > 0) memset(s.old_ordered, 0, n);
    if (m > 0) memset(s.new_ordered, 0, m);
    for (uint32_t q = 0; q < range_count; q++) {
        assert(ranges[q].old_begin <= ranges[q].old_end && ranges[q].old_end <= n);
        assert(ranges[q].new_begin <= ranges[q].new_end && ranges[q].new_end <= m);
        if (ranges[q].old_end > ranges[q].old_begin) {
            memset(s.old_ordered + ranges[q].old_begin, 1, ranges[q].old_end - ranges[q].old_begin);
        }
        if (ranges[q].new_end > ranges[q].new_begin) {
            memset(s.new_ordered + ranges[q].new_begin, 1, ranges[q].new_end - ranges[q].new_begin);
        }
    }
    groups_from_slots(mt, &s, slots);
    bool paired = pair_by_groups(mt, &s, ranges, range_count, slots, budget);
    if (mt->identity_equal != NULL && (!paired || !weft_diff_pairs_confirmed(mt, s.pairing))) {
        /* Equal hashes were not all equal identities (or so many of them
        ** share one hash that they went past the budget): group by identity. */
        groups_from_identities(mt, &s);
        paired = pair_by_groups(mt, &s, ranges, range_count, slots, budget);
    }
    /* The groups are exact identities by now (hashes are identities without
    ** identity_equal); too many pairs to list: compare them all at once. */
    if (!paired) paired = pair_by_bits(mt, &s, ranges, range_count, slots);
    if (paired) {
        matched = 0;
        for (uint32_t i = 0; i < n; i++) old_to_new[i] = NO_INDEX;
        for (uint32_t j = 0; j < m; j++) {
            new_to_old[j] = s.pairing[j];
            if (s.pairing[j] != NO_INDEX) {
                old_to_new[s.pairing[j]] = j;
                matched++;
            }
        }
    }
    weft_diff_block_release(&block);
    /* A pairing: one partner each, so no more pairs than either side has. */
    assert(matched <= n && matched <= m);
    return matched;
}

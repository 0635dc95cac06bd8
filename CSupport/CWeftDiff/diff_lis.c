/*
** diff_lis.c - longest increasing subsequence by patience sorting.
**
** The matched old indexes, read in new order, increase almost everywhere in
** real updates (a few percent of elements move). So before the binary search
** each value is compared with the top of the longest pile: when it extends
** the subsequence, as nearly every value does, the step is O(1).
*/
#include "diff_internal.h"

#include <assert.h>
#include <string.h>

void weft_diff_lis_carve(lis_scratch *s, carver *c, uint32_t capacity) {
    assert(s != NULL && c != NULL);
    s->pred = weft_diff_carve(c, capacity, sizeof(uint32_t));
    s->tail_pos = weft_diff_carve(c, capacity, sizeof(uint32_t));
    s->tail_val = weft_diff_carve(c, capacity, sizeof(uint32_t));
}

uint32_t weft_diff_lis_mark(const uint32_t *values, uint32_t count, const lis_scratch *s, uint8_t *keep) {
    assert(s != NULL && (count == 0 || (values != NULL && keep != NULL)));
    assert(count == 0 || (s->pred != NULL && s->tail_pos != NULL && s->tail_val != NULL));
    uint32_t *pred = s->pred, *tail_pos = s->tail_pos, *tail_val = s->tail_val;
    uint32_t length = 0;
    for (uint32_t p = 0; p < count; p++) {
        uint32_t v = values[p];
        uint32_t pile;
        if (length == 0 || tail_val[length - 1] < v) {
            pile = length++;
        } else {
            /* The first pile whose top exceeds v; tail_val is increasing and
            ** the values are distinct, so v replaces that top. */
            uint32_t lo = 0, hi = length - 1;
            while (lo < hi) {
                uint32_t mid = lo + (hi - lo) / 2;
                if (tail_val[mid] < v) lo = mid + 1;
                else hi = mid;
            }
            pile = lo;
            /* The search found a top above v: distinct values never tie it. */
            assert(pile < length && tail_val[pile] > v);
        }
        assert(pile <= p && length <= p + 1);
        pred[p] = pile > 0 ? tail_pos[pile - 1] : NO_INDEX;
        tail_pos[pile] = p;
        tail_val[pile] = v;
    }
    if (count > 0) memset(keep, 0, count);
    for (uint32_t p = length > 0 ? tail_pos[length - 1] : NO_INDEX; p != NO_INDEX; p = pred[p]) {
        assert(p < count);
        keep[p] = 1;
    }
    assert(length <= count);
    return length;
}

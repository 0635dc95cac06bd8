/*
** diff_hash.c - identity hashes of byte strings.
**
** Text identities are common (server ids, slugs), and hashing them through
** the caller's language can cost more than the whole diff: Swift's String
** hash is a SipHash over normalized text. When the caller knows that equal
** bytes mean equal identities (ASCII text, where Unicode normalization has
** nothing to do), it can hash the bytes here instead. The caller learns
** whether that held: a set high bit in any byte means some text was not
** ASCII, so the caller must hash it its own way (all of it: both sides of a
** diff have to hash alike).
**
** The hash reads eight bytes per step: each word is multiplied by an odd
** constant (a bijection), folded into the state, rotated and multiplied again,
** then the state is finalized with a xor-shift-multiply avalanche. The length
** and a per-process seed start the state, so strings that share a prefix, or
** inputs crafted to collide for one process, do not collide in general.
** Collisions cost time only: the diff still confirms equal hashes with the
** caller's own equality.
*/
#include "diff_internal.h"

#include <assert.h>
#include <string.h>

#define MULTIPLIER_A UINT64_C(0x9E3779B97F4A7C15)
#define MULTIPLIER_B UINT64_C(0xC2B2AE3D27D4EB4F)
#define MULTIPLIER_C UINT64_C(0x165667B19E3779F9)
#define HIGH_BITS UINT64_C(0x8080808080808080)

static inline uint64_t rotate_left(uint64_t x, unsigned r) {
    assert(r > 0 && r < 64);  /* a shift by 64 is undefined */
    return (x << r) | (x >> (64u - r));
}

static inline uint64_t absorb(uint64_t state, uint64_t word) {
    return rotate_left(state ^ (word * MULTIPLIER_B), 31) * MULTIPLIER_A;
}

static inline uint64_t avalanche(uint64_t h) {
    h ^= h >> 33;
    h *= MULTIPLIER_B;
    h ^= h >> 29;
    h *= MULTIPLIER_C;
    return h ^ (h >> 32);
}

weft_diff_text_hash weft_diff_hash_bytes(const void *bytes, size_t count, uint64_t seed) {
    assert(bytes != NULL || count == 0);
    const uint8_t *p = bytes;
    uint64_t state = seed ^ ((uint64_t)count * MULTIPLIER_A);
    uint64_t seen = 0;
    size_t left = count;
    while (left >= 8) {
        uint64_t word;
        memcpy(&word, p, 8);
        seen |= word;
        state = absorb(state, word);
        p += 8;
        left -= 8;
    }
    assert(left == count % 8);
    if (left > 0) {
        /* The last 1 to 7 bytes in one word, from fixed-size reads that may
        ** overlap: a copy of 'left' bytes would call memcpy and then stall
        ** reading back what it stored byte by byte. For a given length the
        ** word still determines the bytes, and the length is in the state. */
        uint64_t word;
        if (left >= 4) {
            uint32_t first, last;
            memcpy(&first, p, 4);
            memcpy(&last, p + left - 4, 4);
            word = first | ((uint64_t)last << 32);
        } else {
            word = p[0] | ((uint64_t)p[left / 2] << 8) | ((uint64_t)p[left - 1] << 16);
        }
        seen |= word;
        state = absorb(state, word);
    }
    return (weft_diff_text_hash){avalanche(state), (seen & HIGH_BITS) != 0};
}

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
** The hash multiplies pairs of 64-bit words into 128 bits and folds the two
** halves together (a "multiply and fold", as wyhash does): one multiplication
** mixes sixteen bytes. Text ids are short (a slug, a URL, a UUID's 36
** characters), so the words are read whole, the last ones overlapping the
** first where the length is not a multiple of eight: up to 16 bytes take two
** dependent multiplications, 17 to 32 bytes four, two of them independent,
** where folding word by word took a multiplication chain per eight bytes.
** Longer text runs the same two lanes over each 32 bytes. A per-process seed
** keys every word and the length enters the last multiplication, so strings
** that share a prefix, or inputs crafted to collide for one process, do not
** collide in general. Collisions cost time only: the diff still confirms
** equal hashes with the caller's own equality.
*/
#include "diff_internal.h"

#include <assert.h>
#include <string.h>

/* Odd constants with bits spread over all bytes: the golden ratio's, two
** avalanche multipliers and pi's fraction, each in 64 bits. */
#define SECRET_0 UINT64_C(0x9E3779B97F4A7C15)
#define SECRET_1 UINT64_C(0xC2B2AE3D27D4EB4F)
#define SECRET_2 UINT64_C(0x165667B19E3779F9)
#define SECRET_3 UINT64_C(0x243F6A8885A308D3)
#define HIGH_BITS UINT64_C(0x8080808080808080)

/* The 128-bit product of a and b, its halves folded into 64 bits. */
static inline uint64_t fold_multiply(uint64_t a, uint64_t b) {
#if defined(__SIZEOF_INT128__)
    unsigned __int128 product = (unsigned __int128)a * b;
    return (uint64_t)product ^ (uint64_t)(product >> 64);
#else
    /* Four 32-bit products where the compiler has no 128-bit type. */
    uint64_t a_lo = (uint32_t)a, a_hi = a >> 32, b_lo = (uint32_t)b, b_hi = b >> 32;
    uint64_t lo_lo = a_lo * b_lo, hi_lo = a_hi * b_lo, lo_hi = a_lo * b_hi, hi_hi = a_hi * b_hi;
    uint64_t middle = (lo_lo >> 32) + (uint32_t)hi_lo + lo_hi;
    uint64_t low = (middle << 32) | (uint32_t)lo_lo;
    uint64_t high = hi_hi + (hi_lo >> 32) + (middle >> 32);
    return low ^ high;
#endif
}

static inline uint64_t read64(const uint8_t *p) {
    uint64_t word;
    memcpy(&word, p, 8);
    return word;
}

static inline uint64_t read32(const uint8_t *p) {
    uint32_t word;
    memcpy(&word, p, 4);
    return word;
}

weft_diff_text_hash weft_diff_hash_bytes(const void *bytes, size_t count, uint64_t seed) {
    assert(bytes != NULL || count == 0);
    const uint8_t *p = bytes;
    /* Keys from the seed: a word equal to its key would zero a product, so the
    ** keys must be unknown to whoever picks the text. */
    const uint64_t key1 = seed ^ SECRET_0, key2 = seed ^ SECRET_1;
    uint64_t a, b, seen;
    if (count <= 16) {
        /* Two words that together hold every byte: 8 or 4 bytes from each end,
        ** overlapping, or for 1 to 3 bytes the first, middle and last (with
        ** the length in the hash, these determine the text). */
        if (count >= 8) {
            a = read64(p);
            b = read64(p + count - 8);
        } else if (count >= 4) {
            a = read32(p);
            b = read32(p + count - 4);
        } else if (count > 0) {
            a = ((uint64_t)p[0] << 16) | ((uint64_t)p[count / 2] << 8) | p[count - 1];
            b = 0;
        } else {
            a = b = 0;
        }
        seen = a | b;
        a ^= key1;
        b ^= key2;
    } else {
        /* Each full 32 bytes but the last in two lanes; then the rest: its
        ** first 16 bytes if it has more than 16, and the text's last 16,
        ** which may overlap bytes already read. */
        uint64_t lane1 = seed ^ SECRET_2, lane2 = seed ^ SECRET_3;
        size_t left = count;
        seen = 0;
        while (left > 32) {
            uint64_t w0 = read64(p), w1 = read64(p + 8), w2 = read64(p + 16), w3 = read64(p + 24);
            seen |= w0 | w1 | w2 | w3;
            lane1 = fold_multiply(w0 ^ key1, w1 ^ lane1);
            lane2 = fold_multiply(w2 ^ key2, w3 ^ lane2);
            p += 32;
            left -= 32;
        }
        assert(left >= 1 && left <= 32);
        if (left > 16) {
            uint64_t w0 = read64(p), w1 = read64(p + 8);
            seen |= w0 | w1;
            lane1 = fold_multiply(w0 ^ key1, w1 ^ lane1);
        }
        const uint8_t *end = p + left;
        uint64_t w2 = read64(end - 16), w3 = read64(end - 8);
        seen |= w2 | w3;
        a = lane1;
        b = fold_multiply(w2 ^ key2, w3 ^ lane2);
    }
    uint64_t h = fold_multiply(a, b);
    h = fold_multiply(h ^ SECRET_2, (uint64_t)count ^ key2);
    return (weft_diff_text_hash){h, (seen & HIGH_BITS) != 0};
}

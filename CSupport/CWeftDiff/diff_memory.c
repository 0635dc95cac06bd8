/*
** diff_memory.c - where a diff's memory comes from.
**
** A diff measures all of its arrays first (a layout function run on a carver
** without a base) and then asks for one block: no per-array allocation, and
** one reset frees everything. Small diffs take the caller's stack buffer and
** never touch an arena, because a lease round trip (a mutex twice and a
** jemalloc reset, about a microsecond) would cost more than the diff itself.
*/
#include "diff_internal.h"

#include <string.h>

void *weft_diff_carve(carver *c, size_t count, size_t size) {
    uint64_t offset = (c->used + 15u) & ~(uint64_t)15u;
    uint64_t bytes = (uint64_t)count * (uint64_t)size;
    /* A zero count still takes one byte, so its pointer lies inside the block. */
    c->used = offset + (bytes > 0 ? bytes : 1u);
    return c->base != NULL ? c->base + offset : NULL;
}

weft_rc weft_diff_block_acquire(diff_block *b, void *stack, uint64_t bytes) {
    memset(b, 0, sizeof(*b));
    if (bytes <= STACK_BLOCK_BYTES) {
        b->base = stack;
        b->memory = WEFT_DIFF_MEMORY_STACK;
        return WEFT_OK;
    }
    if (bytes > SIZE_MAX) return WEFT_ENOMEM;

    weft_scratch_t *lease = NULL;
    if (weft_scratch_acquire(&lease) == WEFT_OK) {
        void *p = weft_arena_alloc(weft_scratch_arena(lease), (size_t)bytes);
        if (p == NULL) {
            /* Releasing a lease we hold on this thread cannot fail. */
            (void)weft_scratch_release(lease);
            return WEFT_ENOMEM;
        }
        b->base = p;
        b->lease = lease;
        b->memory = WEFT_DIFF_MEMORY_SCRATCH;
        return WEFT_OK;
    }

    /* Every scratch arena is leased (hundreds of diffs at once) or jemalloc
    ** refused a new one: fall back to the diff subsystem's arena rather than
    ** fail a diff that has plenty of memory available. */
    weft_arena_t *arena = NULL;
    if (weft_arena_for(WEFT_SUBSYSTEM_DIFF, &arena) != WEFT_OK) return WEFT_ENOMEM;
    void *p = weft_arena_alloc(arena, (size_t)bytes);
    if (p == NULL) return WEFT_ENOMEM;
    b->base = p;
    b->arena = arena;
    b->memory = WEFT_DIFF_MEMORY_SUBSYSTEM;
    return WEFT_OK;
}

void weft_diff_block_release(diff_block *b) {
    switch (b->memory) {
    case WEFT_DIFF_MEMORY_STACK:
        break;
    case WEFT_DIFF_MEMORY_SCRATCH:
        (void)weft_scratch_release(b->lease);
        break;
    case WEFT_DIFF_MEMORY_SUBSYSTEM:
        weft_arena_free(b->arena, b->base);
        break;
    }
    b->base = NULL;
}

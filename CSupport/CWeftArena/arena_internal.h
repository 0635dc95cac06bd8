/*
** arena_internal.h - layout of an arena record, shared by arena.c and scratch.c.
*/
#ifndef CWEFT_ARENA_INTERNAL_H
#define CWEFT_ARENA_INTERNAL_H

#include "CWeftArena.h"
#include <stdatomic.h>

/* One jemalloc arena and the counters jemalloc cannot give us: its own
** ndalloc is not lowered by a reset, so live counts are kept here. */
struct weft_arena_s {
    unsigned index;                  /* jemalloc arena index from "arenas.create" */
    atomic_bool ready;               /* index is valid; set once, with release order */
    atomic_uint_fast64_t allocations; /* ever made */
    atomic_int_fast64_t live;         /* made minus freed, zeroed by a reset */
    atomic_uint_fast64_t resets;
};

/* Create the jemalloc arena behind 'a' (index and ready flag). */
weft_rc weft_arena_init_record(struct weft_arena_s *a);

/* Forget every live allocation of 'a' after jemalloc reset it. */
void weft_arena_note_reset(struct weft_arena_s *a);

/* Add the statistics of 'a' to *acc (jemalloc epoch must be fresh). */
weft_rc weft_arena_stats_accumulate(const struct weft_arena_s *a, weft_arena_stats *acc);

/* Advance jemalloc's statistics epoch so that stats.* reads are current. */
weft_rc weft_arena_refresh_epoch(void);

#endif

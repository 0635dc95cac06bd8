/*
** C++'s global allocation operators, by their Itanium ABI names, on malloc and
** free: see include/CWeftSanitizerSupport.h for why. Every variant Debian's
** libjemalloc exports is defined here, since any one left to jemalloc would
** pair its allocator with the other's. The names cannot carry weft_: they are
** the ones the C++ ABI looks up (scripts/check-c-symbols allows this file).
*/
/* posix_memalign */
#define _POSIX_C_SOURCE 200112L
#include "CWeftSanitizerSupport.h"

#include <stdio.h>
#include <stdlib.h>

/* std::nothrow_t and std::align_val_t cross the ABI as a reference and a size_t. */
typedef struct nothrow_tag nothrow_tag;

/* Plain malloc and free, not a jemalloc arena as the rest of the C core uses:
** these operators exist to hand C++ allocations to whichever malloc the
** process has (the sanitizer's, which must see them, in a sanitized build). An
** arena would be jemalloc's again, the very pairing this file undoes. */

/* malloc's own alignment on the platforms Weft builds for (glibc, x86-64 and
** arm64): larger ones go through posix_memalign. */
#define MALLOC_ALIGNMENT 16u

static void *new_or_abort(size_t size, size_t alignment) {
    /* operator new(0) must return a unique pointer. */
    if (size == 0) size = 1;
    void *p = NULL;
    if (alignment <= MALLOC_ALIGNMENT) {
        p = malloc(size);
    } else if (posix_memalign(&p, alignment, size) != 0) {
        p = NULL;
    }
    if (p == NULL) {
        fprintf(stderr, "operator new: out of memory for %zu bytes aligned to %zu\n", size, alignment);
        abort();
    }
    return p;
}

static void *new_or_null(size_t size, size_t alignment) {
    if (size == 0) size = 1;
    if (alignment <= MALLOC_ALIGNMENT) return malloc(size);
    void *p = NULL;
    return posix_memalign(&p, alignment, size) == 0 ? p : NULL;
}

void *_Znwm(size_t size) { return new_or_abort(size, 0); }
void *_Znam(size_t size) { return new_or_abort(size, 0); }
void *_ZnwmSt11align_val_t(size_t size, size_t alignment) { return new_or_abort(size, alignment); }
void *_ZnamSt11align_val_t(size_t size, size_t alignment) { return new_or_abort(size, alignment); }
void *_ZnwmRKSt9nothrow_t(size_t size, const nothrow_tag *tag) {
    (void)tag;
    return new_or_null(size, 0);
}
void *_ZnamRKSt9nothrow_t(size_t size, const nothrow_tag *tag) {
    (void)tag;
    return new_or_null(size, 0);
}
void *_ZnwmSt11align_val_tRKSt9nothrow_t(size_t size, size_t alignment, const nothrow_tag *tag) {
    (void)tag;
    return new_or_null(size, alignment);
}
void *_ZnamSt11align_val_tRKSt9nothrow_t(size_t size, size_t alignment, const nothrow_tag *tag) {
    (void)tag;
    return new_or_null(size, alignment);
}

void _ZdlPv(void *p) { free(p); }
void _ZdaPv(void *p) { free(p); }
void _ZdlPvm(void *p, size_t size) {
    (void)size;
    free(p);
}
void _ZdaPvm(void *p, size_t size) {
    (void)size;
    free(p);
}
void _ZdlPvSt11align_val_t(void *p, size_t alignment) {
    (void)alignment;
    free(p);
}
void _ZdaPvSt11align_val_t(void *p, size_t alignment) {
    (void)alignment;
    free(p);
}
void _ZdlPvmSt11align_val_t(void *p, size_t size, size_t alignment) {
    (void)size;
    (void)alignment;
    free(p);
}
void _ZdaPvmSt11align_val_t(void *p, size_t size, size_t alignment) {
    (void)size;
    (void)alignment;
    free(p);
}
void _ZdlPvRKSt9nothrow_t(void *p, const nothrow_tag *tag) {
    (void)tag;
    free(p);
}
void _ZdaPvRKSt9nothrow_t(void *p, const nothrow_tag *tag) {
    (void)tag;
    free(p);
}
void _ZdlPvSt11align_val_tRKSt9nothrow_t(void *p, size_t alignment, const nothrow_tag *tag) {
    (void)alignment;
    (void)tag;
    free(p);
}
void _ZdaPvSt11align_val_tRKSt9nothrow_t(void *p, size_t alignment, const nothrow_tag *tag) {
    (void)alignment;
    (void)tag;
    free(p);
}

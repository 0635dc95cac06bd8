/*
** shim.h - Debian's libjemalloc-dev, seen through pkg-config "jemalloc".
**
** Linking it makes jemalloc the malloc of the whole process (the Debian build has
** no je_ prefix). Weft's C targets use only its non-standard API: mallocx,
** dallocx, sdallocx and mallctl on arenas of their own.
*/
#ifndef CJEMALLOC_SHIM_H
#define CJEMALLOC_SHIM_H
#include <jemalloc/jemalloc.h>
#endif

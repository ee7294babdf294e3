#include "MemoryTuning.h"

// Any C library header says which C library this is (glibc defines __GLIBC__ in it).
#include <stdlib.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

void sitegen_map_large_allocations(void) {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 4 * 1024 * 1024);
#endif
}

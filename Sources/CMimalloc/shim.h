#include <mimalloc.h>
#include <stdbool.h>
#include <stdlib.h>

/* Whether the process's `malloc` is mimalloc's: a block from it lies in mimalloc's heap. */
static inline bool sitegen_malloc_is_mimalloc(void) {
    void *block = malloc(16);
    if (block == NULL) return false;
    bool found = mi_is_in_heap_region(block);
    free(block);
    return found;
}

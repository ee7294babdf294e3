#include <mimalloc.h>

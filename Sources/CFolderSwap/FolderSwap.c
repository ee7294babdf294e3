// Swift's Glibc module does not declare renameat2 (it needs _GNU_SOURCE), hence this file.
#define _GNU_SOURCE
#include "FolderSwap.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>

#if defined(__APPLE__)
int sitegen_exchange_paths(const char *first, const char *second) {
    return renamex_np(first, second, RENAME_SWAP);
}
#elif defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>
#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif
int sitegen_exchange_paths(const char *first, const char *second) {
    // The system call, not glibc's wrapper: glibc before 2.28 has no renameat2.
    return (int)syscall(SYS_renameat2, AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
}
#else
int sitegen_exchange_paths(const char *first, const char *second) {
    (void)first;
    (void)second;
    errno = ENOSYS;
    return -1;
}
#endif

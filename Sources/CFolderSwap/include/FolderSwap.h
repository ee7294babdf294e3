#ifndef SITEGEN_FOLDER_SWAP_H
#define SITEGEN_FOLDER_SWAP_H

/// Exchanges two paths in one step (Linux `renameat2(RENAME_EXCHANGE)`, macOS
/// `renamex_np(RENAME_SWAP)`): there is no moment at which either name is missing.
/// Returns 0, or -1 with `errno` set (ENOSYS, EINVAL or ENOTSUP where the system or the file
/// system cannot exchange).
int sitegen_exchange_paths(const char *first, const char *second);

#endif

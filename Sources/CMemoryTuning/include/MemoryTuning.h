#ifndef SITEGEN_MEMORY_TUNING_H
#define SITEGEN_MEMORY_TUNING_H

/// Allocations of 4 MB and more get their own mapping and go back to the system when freed
/// (glibc's `M_MMAP_THRESHOLD`; nothing elsewhere). Without it glibc raises the threshold after
/// the first large buffer is freed, and later ones (a group's JSON list, a sitemap) stay in the
/// heap: a 100,000-skill build peaked about 90 MB higher. Sitegen's command calls it once.
void sitegen_map_large_allocations(void);

#endif

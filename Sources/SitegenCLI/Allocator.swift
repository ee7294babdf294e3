import CMimalloc
import Foundation

/// The command runs on mimalloc (Debian `libmimalloc-dev`): linked before the C library, its
/// `malloc` and `free` are the ones the whole process calls, Swift's runtime, Foundation and
/// libcmark included. A build makes and frees millions of short strings and arrays on two
/// threads; against glibc's allocator a build of 10,000 skills took about 4 % less time and CPU
/// (ten alternations), one of 100,000 skills 8 % less (docs/performance.md).
enum Allocator {
    /// "mimalloc 2.0.9" when a block from `malloc` is mimalloc's; "the C library's" when it is not
    /// (a link that put the C library first, say).
    static var name: String {
        guard sitegen_malloc_is_mimalloc() else { return "the C library's" }
        let version = Int(mi_version())
        return "mimalloc \(version / 100).\(version % 100 / 10).\(version % 10)"
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How many files (and so connections) the process may hold open. Every connection costs a
/// descriptor, and so do the files a build reads and the server sends, so the server takes what
/// the system allows and keeps its connection limit below it.
enum OpenFileLimit {
    /// Descriptors kept for everything that is not a connection: builds, served files, the
    /// watcher, the log.
    static let reserve = 256

    /// Raises the soft limit to the hard one (macOS caps it at `OPEN_MAX`) and returns the soft
    /// limit now in force, nil when it cannot be read.
    static func raise() -> Int? {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return nil }
        var wanted = limit.rlim_max
        #if canImport(Darwin)
            wanted = min(wanted, rlim_t(OPEN_MAX))
        #endif
        if limit.rlim_cur < wanted {
            var raised = limit
            raised.rlim_cur = wanted
            if setrlimit(resource, &raised) == 0 { limit = raised }
        }
        return limit.rlim_cur >= rlim_t(Int.max) ? Int.max : Int(limit.rlim_cur)
    }

    /// Raises the open-file limit and returns the connection limit under it, saying so when the
    /// limit lowered it: what `serve` and `collect` both start with.
    static func connectionCap(wanted: Int, say: (String) -> Void) -> Int {
        let openFiles = raise()
        let connections = connections(wanted: wanted, openFiles: openFiles)
        if connections < wanted, let openFiles {
            say(
                "note: the open-file limit (\(openFiles)) allows \(connections) connections at once; raise it with `ulimit -n` for more"
            )
        }
        return connections
    }

    /// The connection limit that leaves `reserve` descriptors free under `openFiles`.
    static func connections(wanted: Int, openFiles: Int?) -> Int {
        guard let openFiles else { return wanted }
        return max(1, min(wanted, openFiles - reserve))
    }

    #if canImport(Glibc)
        private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
        private static let resource = RLIMIT_NOFILE
    #endif
}

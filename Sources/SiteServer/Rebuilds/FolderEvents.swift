#if canImport(Glibc)
    import ContentLoading
    import Dispatch
    import Foundation
    import Glibc
    import Synchronization

    /// Linux inotify on every folder under the watched ones: the kernel says when something in
    /// them changed, so an idle server does no work at all. Each signal on `changes` means "look
    /// again"; `takeChanged` says which files the events named, and the look compares just those
    /// with the last fingerprint, so an event too many costs one `lstat`, never a wrong build.
    final class FolderEvents: Sendable {
        let changes: AsyncStream<Void>
        private let continuation: AsyncStream<Void>.Continuation
        private let descriptor: Int32
        private let roots: [URL]
        /// Set when an event concerned a folder (created, moved, removed) or events were lost:
        /// the folders are walked again before the next look. Edits to files need no walk.
        private let foldersChanged = Atomic<Bool>(false)
        /// Set with `foldersChanged`, or when an event's folder is unknown: the next look cannot go
        /// by `changed` alone.
        private let unsure = Atomic<Bool>(true)
        /// Each watch's folder, to name the files events are about.
        private let folders = Mutex<[Int32: String]>([:])
        /// Files events named since the last `takeChanged`.
        private let changed = Mutex<Set<String>>([])
        /// Files created or written to and not closed since (nor removed or moved): a save still
        /// under way.
        private let writing = Mutex<Set<String>>([])
        /// When the last event that concerned the build came (`DispatchTime` nanoseconds).
        private let lastEvent = Atomic<UInt64>(0)

        static let mask = UInt32(
            IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB
                | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)

        /// Events that start or continue a save, and those that end one (`settled`).
        static let writeMask = UInt32(IN_CREATE | IN_MODIFY)
        static let doneMask = UInt32(IN_CLOSE_WRITE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO)

        /// Events after which the folders must be walked again.
        static let folderMask = UInt32(IN_ISDIR | IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED | IN_Q_OVERFLOW)

        /// Nil when inotify is not available or a folder cannot be watched (missing, out of
        /// watches): the caller polls instead.
        init?(folders: [URL]) {
            let descriptor = inotify_init1(Int32(O_NONBLOCK | O_CLOEXEC))
            guard descriptor >= 0 else { return nil }
            self.descriptor = descriptor
            roots = folders
            let (changes, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
            self.changes = changes
            self.continuation = continuation
            guard watchNewFolders() else {
                close(descriptor)
                return nil
            }
            // The read source waits in the kernel (epoll), not on a thread; its cancel handler is the
            // only place the descriptor is closed, after the last read. Sources may be cancelled from
            // any thread; corelibs-libdispatch just does not mark them Sendable.
            nonisolated(unsafe) let source = DispatchSource.makeReadSource(
                fileDescriptor: descriptor, queue: DispatchQueue(label: "sitegen.folder-events"))
            source.setEventHandler {
                if self.drain() { continuation.yield() }
            }
            source.setCancelHandler {
                close(descriptor)
                continuation.finish()
            }
            continuation.onTermination = { _ in source.cancel() }
            source.resume()
        }

        /// Whether the burst of events seems over: no file is open for writing, as far as the
        /// events tell, and none came for `quiet`.
        func settled(quiet: Duration) -> Bool {
            let since = DispatchTime.now().uptimeNanoseconds &- lastEvent.load(ordering: .acquiring)
            return .nanoseconds(Int64(clamping: since)) >= quiet && writing.withLock { $0.isEmpty }
        }

        /// Stops watching: `changes` ends and the descriptor is closed.
        func stop() {
            continuation.finish()
        }

        /// Called after each burst of events, before the sources are looked at: when folders came
        /// or went, watches every folder not watched yet, so a file written into a new folder is
        /// seen either by the look or by the new watch. False when a watched root is gone or the
        /// system is out of watches.
        func catchUp() -> Bool {
            foldersChanged.exchange(false, ordering: .acquiringAndReleasing) ? watchNewFolders() : true
        }

        /// The files events named since the last call (absolute paths), or nil when events said
        /// more than which files changed (folders came or went, events were lost): then the caller
        /// looks at everything.
        func takeChanged() -> Set<String>? {
            let paths = changed.withLock { paths in
                defer { paths = [] }
                return paths
            }
            return unsure.exchange(false, ordering: .acquiringAndReleasing) ? nil : paths
        }

        /// Adds a watch for every folder not watched yet (inotify ignores repeats).
        private func watchNewFolders() -> Bool {
            for root in roots {
                let rootPath = root.standardizedFileURL.path
                let watch = inotify_add_watch(descriptor, rootPath, Self.mask)
                guard watch >= 0 else { return false }
                folders.withLock { $0[watch] = rootPath }
                var watched = true
                SourceTree.walk(rootPath) { entry in
                    guard case .folder(let path, _) = entry, watched else { return }
                    let watch = inotify_add_watch(descriptor, path, Self.mask)
                    if watch >= 0 {
                        folders.withLock { $0[watch] = path }
                    } else if errno != ENOENT, errno != ENOTDIR {
                        // A folder removed since the walk saw it is not an error.
                        watched = false
                    }
                }
                guard watched else { return false }
            }
            return true
        }

        /// Reads every pending event; true if one concerns something the build reads. Hidden names
        /// (editors' swap and backup files) are skipped as the build and the fingerprint skip them.
        private func drain() -> Bool {
            var relevant = false
            let header = MemoryLayout<inotify_event>.size
            while let bytes = DescriptorBytes.available(descriptor, upTo: 64 * 1024) {
                var offset = 0
                while offset + header <= bytes.count {
                    let event = Event(bytes, at: offset)
                    let nameStart = offset + header
                    let name = bytes[nameStart..<min(nameStart + Int(event.len), bytes.count)].prefix { $0 != 0 }
                    if event.mask & Self.folderMask != 0 {
                        foldersChanged.store(true, ordering: .releasing)
                        unsure.store(true, ordering: .releasing)
                    }
                    if event.mask & UInt32(IN_Q_OVERFLOW) != 0 || name.first != UInt8(ascii: ".") {
                        relevant = true
                        if let folder = folders.withLock({ $0[event.wd] }), !name.isEmpty {
                            let path = folder + "/" + String(decoding: name, as: UTF8.self)
                            changed.withLock { _ = $0.insert(path) }
                            if event.mask & UInt32(IN_ISDIR) == 0, event.mask & Self.writeMask != 0 {
                                writing.withLock { _ = $0.insert(path) }
                            } else if event.mask & Self.doneMask != 0 {
                                writing.withLock { _ = $0.remove(path) }
                            }
                        } else {
                            unsure.store(true, ordering: .releasing)
                        }
                    }
                    offset = nameStart + Int(event.len)
                }
                if relevant { lastEvent.store(DispatchTime.now().uptimeNanoseconds, ordering: .releasing) }
            }
            return relevant
        }
    }

    /// The fixed part of an `inotify_event`, read from the bytes the kernel wrote in the
    /// machine's own byte order.
    private struct Event {
        let wd: Int32
        let mask: UInt32
        let len: UInt32

        init(_ bytes: [UInt8], at offset: Int) {
            func word(_ at: Int) -> UInt32 {
                let k = offset + at
                let value =
                    UInt32(bytes[k]) | UInt32(bytes[k + 1]) << 8 | UInt32(bytes[k + 2]) << 16 | UInt32(bytes[k + 3])
                    << 24
                return UInt32(littleEndian: value)
            }
            wd = Int32(bitPattern: word(0))
            mask = word(4)
            len = word(12)
        }
    }
#endif

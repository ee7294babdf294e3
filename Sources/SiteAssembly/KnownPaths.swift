/// Every path of a site as the link check finds its links' targets: each path's link as written
/// from the site's root (`a/b/` for `a/b/index.html`, `a.css` for `a.css`), by the hash the check
/// makes of a link's bytes as it reads them. Made once per build (and kept by `sitegen serve`
/// while the site's paths stay), so a link a run of pages has not seen yet costs one lookup
/// instead of a string made, joined with the index file's name and looked up in the set.
///
/// A link found here gets the verdict the set would give it: the table holds only rests that
/// the check's own reading would take as a plain path (`LinkCheck.plainTarget`), and a hit is
/// compared byte for byte with the rest it was made from.
struct KnownPaths: Sendable {
    let existing: Set<String>
    /// By hash of a rest: its place in `rests` and `targets`.
    private let places: [UInt64: Int32]
    private let rests: [String]
    /// Each rest's target, as `LinkTargets.hash` gives it.
    private let targets: [UInt64]

    init(existing: Set<String>, indexFile: String) {
        self.existing = existing
        var places: [UInt64: Int32] = [:]
        var rests: [String] = []
        var targets: [UInt64] = []
        places.reserveCapacity(existing.count)
        rests.reserveCapacity(existing.count)
        targets.reserveCapacity(existing.count)
        let suffix = "/" + indexFile
        for path in existing {
            let rest =
                path == indexFile
                ? "" : path.hasSuffix(suffix) ? String(path.utf8.dropLast(indexFile.utf8.count)) ?? path : path
            guard let hash = Self.hash(ofPlain: rest, indexFile: indexFile), places[hash] == nil else { continue }
            places[hash] = Int32(rests.count)
            rests.append(rest)
            targets.append(LinkTargets.hash(path))
        }
        self.places = places
        self.rests = rests
        self.targets = targets
    }

    /// The target of the path `rest` names, when it is one of the site's paths; `hash` is the
    /// rest's FNV-1a hash, as `hash(ofPlain:)` makes it.
    func target(ofRest rest: UnsafeBufferPointer<UInt8>, hash: UInt64) -> UInt64? {
        guard let place = places[hash] else { return nil }
        var known = rests[Int(place)]
        let same = known.withUTF8 { $0.elementsEqual(rest) }
        return same ? targets[Int(place)] : nil
    }

    /// The hash the check makes of `rest` (`LinkCheck.restHash`), when the check reads it as a
    /// plain path (`LinkCheck.plainTarget`: nothing to decode, cut or trim); nil for any other
    /// rest, which the check decides the long way.
    static func hash(ofPlain rest: String, indexFile: String = "index.html") -> UInt64? {
        guard LinkCheck.plainTarget(Substring(rest), indexFile: indexFile) != "\0" else { return nil }
        return LinkCheck.restHash(rest.utf8)
    }
}

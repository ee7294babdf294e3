import CatalogueModel
import Foundation
import Parallel

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
    /// Set by a build that patches the same set (`LiveSite`), so that one holds it alone meanwhile.
    var existing: Set<String>
    /// By hash of a rest (`key`): its place in `restEnds` and `targets`, or -1 for a path that went.
    private var places: NumberTable
    /// Every rest's bytes, one after the other, and where each ends: one buffer, so a lookup
    /// on many threads at once retains no string of its own.
    private var restBytes: [UInt8]
    private var restEnds: [Int]
    /// Each rest's target, as `LinkTargets.hash` gives it.
    private var targets: [UInt64]

    let indexFile: String

    init(existing: Set<String>, indexFile: String) {
        self.existing = existing
        self.indexFile = indexFile
        places = NumberTable(minimumCapacity: existing.count)
        restBytes = []
        restEnds = []
        targets = []
        restEnds.reserveCapacity(existing.count)
        targets.reserveCapacity(existing.count)
        // Each path's rest and hashes on all cores, then put in on one: made path by path, the
        // table was a few hundredths of a second that the first pages' check waited for.
        let made = Array(existing).parallelMap { path -> (hash: UInt64, rest: String, target: UInt64)? in
            Self.entry(path, indexFile: indexFile).map { ($0.0, $0.1, LinkTargets.hash(path)) }
        }
        for case (let hash, let rest, let target)? in made { add(hash: hash, rest: rest, target: target) }
    }

    /// `last`'s table for the site's paths now, `existing`: the paths that went are taken out
    /// and those that came put in, instead of all 30,000 of a large site's made again when a
    /// skill comes or goes. A path that went and came again is put in again.
    /// - Parameter came: the paths in `existing` and not in `last`'s, and `went` the others,
    ///   when they are known; else both sets are compared.
    init(patching last: KnownPaths, existing: Set<String>, came: [String]? = nil, went: [String]? = nil) {
        self = last
        self.existing = existing
        for path in went ?? last.existing.filter({ !existing.contains($0) }) {
            guard let (hash, rest) = Self.entry(path, indexFile: indexFile), let place = place(of: hash),
                rest.utf8.elementsEqual(restBytes[restRange(Int(place))])
            else { continue }
            places.set(Self.key(hash), to: -1)
        }
        for path in came ?? existing.filter({ !last.existing.contains($0) }) { add(path) }
    }

    /// A path's rest (its link from the root) and that rest's hash, when the check reads it as a plain path.
    private static func entry(_ path: String, indexFile: String) -> (UInt64, String)? {
        let rest =
            path == indexFile
            ? ""
            : path.hasSuffix("/" + indexFile) ? String(path.utf8.dropLast(indexFile.utf8.count)) ?? path : path
        return hash(ofPlain: rest, indexFile: indexFile).map { ($0, rest) }
    }

    private mutating func add(_ path: String) {
        guard let (hash, rest) = Self.entry(path, indexFile: indexFile) else { return }
        add(hash: hash, rest: rest, target: LinkTargets.hash(path))
    }

    private mutating func add(hash: UInt64, rest: String, target: UInt64) {
        guard place(of: hash) == nil else { return }
        places.set(Self.key(hash), to: Int32(restEnds.count))
        restBytes.append(contentsOf: rest.utf8)
        restEnds.append(restBytes.count)
        targets.append(target)
    }

    /// The table's key for a hash: the table takes no zero. A hash of 0 shares its key with a
    /// hash of 1, as two paths whose hashes are alike share one: the second is not put in, and
    /// a link to it is decided the long way (`target(ofRest:hash:)` compares the bytes).
    @inline(__always)
    private static func key(_ hash: UInt64) -> UInt64 { hash == 0 ? 1 : hash }

    private func place(of hash: UInt64) -> Int32? {
        guard let place = places.number(of: Self.key(hash)), place >= 0 else { return nil }
        return place
    }

    /// Where the rest at `place` lies in `restBytes`.
    private func restRange(_ place: Int) -> Range<Int> {
        (place == 0 ? 0 : restEnds[place - 1])..<restEnds[place]
    }

    /// The target of the path the page holds at `rest`, when it is one of the site's paths; `hash` is the
    /// rest's FNV-1a hash, as `hash(ofPlain:)` makes it.
    func target(ofRest rest: Range<Int>, in page: MarkupScanner, hash: UInt64) -> UInt64? {
        guard let place = place(of: hash) else { return nil }
        let range = restRange(Int(place))
        guard range.count == rest.count, page.same(rest, as: restBytes, range.lowerBound) else { return nil }
        return targets[Int(place)]
    }

    /// The hash the check makes of `rest` (`LinkCheck.restHash`), when the check reads it as a
    /// plain path (`LinkCheck.plainTarget`: nothing to decode, cut or trim); nil for any other
    /// rest, which the check decides the long way.
    static func hash(ofPlain rest: String, indexFile: String = "index.html") -> UInt64? {
        guard LinkCheck.plainTarget(Substring(rest), indexFile: indexFile) != "\0" else { return nil }
        return LinkCheck.restHash(rest.utf8)
    }
}

import CatalogueModel
import ContentLoading
import Foundation
import PageRendering
import Parallel

/// Every path of a build's site: the planned ones in the plan's order, and the static files.
struct SitePaths: Sendable {
    var planned: [String]
    var generated: Set<String>
    /// `generated` as static files are checked against it (`StaticFiles.caseless`), once made.
    var caseless: Set<String>?
    var staticPaths: [String]
    /// Every path: `generated`, and the static files when there are any (then a set of its own).
    var existing: Set<String> { withStatic ?? generated }
    private var withStatic: Set<String>?
    /// `existing` as the link check looks links up, once made: kept with the paths.
    var known: KnownPaths?
    /// How many pages (HTML files) the site has.
    var pageCount: Int

    /// For paths patched from the last build's: the paths that came and went since.
    var came: [String]?
    var went: [String]?
    /// For patched paths: the plan's paths before, for `unpatch`.
    private var plannedBefore: [String]?

    /// No paths: what stands in a kept build while its own are taken out and patched.
    static let none = SitePaths(planned: [], generated: [], staticPaths: [])

    init(planned: [String], generated: Set<String>, staticPaths: [String]) {
        self.planned = planned
        self.generated = generated
        self.staticPaths = staticPaths
        withStatic = staticPaths.isEmpty ? nil : generated.union(staticPaths)
        pageCount = (withStatic ?? generated).reduce(0) { $0 + ($1.hasSuffix(".html") ? 1 : 0) }
    }

    /// Makes these the paths of a plan whose static files are these ones: those that came
    /// and went, found by walking both plans' paths side by side, put in and taken out,
    /// instead of 30,000 paths hashed into sets again when a skill comes or goes. False, with
    /// the paths as they were, when either plan names a path twice (the walk's places are a
    /// set's only for unique paths).
    mutating func patch(planned: [String]) -> Bool {
        guard generated.count == self.planned.count else { return false }
        let changes = PlaceWalk.changes(of: planned, in: self.planned)
        let came = changes.came.map { planned[$0] }
        let went = changes.went.map { self.planned[$0] }
        // Static paths are never generated ones (`StaticFiles.collect`): a generated path
        // that went leaves `existing` too.
        var removed: [String] = []
        var inserted: [String] = []
        for path in went where generated.remove(path) != nil {
            withStatic?.remove(path)
            removed.append(path)
        }
        for path in came where generated.insert(path).inserted {
            withStatic?.insert(path)
            inserted.append(path)
        }
        // A path found out of step may have gone from one place and come at another.
        let lastPlanned = self.planned
        let removedPaths = Set(removed)
        self.came = inserted.filter { !removedPaths.contains($0) }
        self.went = removed.filter { !generated.contains($0) }
        self.planned = planned
        plannedBefore = lastPlanned
        // Made again from the patched paths when a static file asks for it.
        caseless = nil
        pageCount +=
            (self.came ?? []).count { $0.hasSuffix(".html") } - (self.went ?? []).count { $0.hasSuffix(".html") }
        guard generated.count == planned.count else {
            unpatch(to: lastPlanned)
            return false
        }
        return true
    }

    /// Forgets what `patch` changed: these paths are a good build's.
    mutating func kept() {
        came = nil
        went = nil
        plannedBefore = nil
    }

    /// Undoes `patch`: the paths of the plan before it.
    mutating func unpatch() {
        unpatch(to: plannedBefore ?? planned)
    }

    private mutating func unpatch(to lastPlanned: [String]) {
        for path in came ?? [] {
            generated.remove(path)
            withStatic?.remove(path)
        }
        for path in went ?? [] {
            generated.insert(path)
            withStatic?.insert(path)
        }
        pageCount -= (came ?? []).count { $0.hasSuffix(".html") } - (went ?? []).count { $0.hasSuffix(".html") }
        planned = lastPlanned
        plannedBefore = nil
        came = nil
        went = nil
    }
}

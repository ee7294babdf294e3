import CatalogueModel
import Foundation
import MustacheCompiler
import PageRendering
import Parallel

/// Every internal reference in a generated page must lead to a generated (or static) file: a
/// broken link is a bug in a template or in sitegen, so it fails the build. Checked: `href`,
/// `src`, `srcset` and `action` attributes of HTML and XML files, and sitemaps' `<loc>`, when
/// they are relative (`../x/`), site-absolute (`/catalogue/x/`, which must lie under the base
/// path) or absolute below `base_url`. A reference ending in `/` means its `index.html`.
enum LinkCheck {
    struct Broken: Sendable, Equatable {
        /// The page holding the link (path in the site).
        package var page: String
        /// The link as written in the page.
        package var link: String
        /// Why it does not resolve.
        package var reason: String
    }

    static let hrefName = Array("href".utf8), srcName = Array("src".utf8), srcsetName = Array("srcset".utf8)
    static let locName = Array("loc".utf8)
    static let actionName = Array("action".utf8), scriptName = Array("script".utf8), styleName = Array("style".utf8)

    /// One diagnostic per broken target, naming the first page (in path order) that links to it.
    package static func diagnostics(_ files: [OutputFile], config: SiteConfig, outputDisplay: String) -> [Diagnostic] {
        diagnostics(broken: check(files, config: config), outputDisplay: outputDisplay)
    }

    /// One diagnostic per broken target, from links found in any number of batches.
    package static func diagnostics(broken: [Broken], outputDisplay: String) -> [Diagnostic] {
        // Pages in path order (a stable sort keeps each page's links in order), whatever batches they came in.
        let broken = broken.enumerated().sorted { a, b in
            a.element.page != b.element.page ? a.element.page < b.element.page : a.offset < b.offset
        }.map(\.element)
        var byReason: [String: (first: Broken, count: Int)] = [:]
        var order: [String] = []
        for item in broken {
            if let seen = byReason[item.reason] {
                byReason[item.reason] = (seen.first, seen.count + 1)
            } else {
                byReason[item.reason] = (item, 1)
                order.append(item.reason)
            }
        }
        return order.compactMap { reason in
            guard let (first, count) = byReason[reason] else { return nil }
            let others = count > 1 ? " (and \(count - 1) more link\(count == 2 ? "" : "s") like it)" : ""
            return .error(outputDisplay + "/" + first.page, "broken link `\(first.link)`: \(reason)\(others)")
        }
    }

    /// All broken references, pages in path order, links in page order.
    package static func check(_ files: [OutputFile], config: SiteConfig) -> [Broken] {
        check(files, existing: Set(files.map(\.path)), config: config)
    }

    /// Broken references in `files`, given every path the build generates (`existing`), so the
    /// site can be checked a batch of pages at a time. Pages are checked on all cores, in runs
    /// that each keep their own verdicts; the result is in page order whatever core checked what.
    package static func check(_ files: [OutputFile], existing: Set<String>, config: SiteConfig) -> [Broken] {
        check(files, known: nil, existing: existing, config: config, recording: false).broken
    }

    /// `check`, with the site's paths made into a table once for every batch (`KnownPaths`),
    /// stepping over `linkFree` markup where pages hold it.
    static func check(
        _ files: [OutputFile], known: KnownPaths, config: SiteConfig, linkFree: LinkFreeMarkup? = nil
    ) -> [Broken] {
        check(files, known: known, existing: known.existing, config: config, recording: false, linkFree: linkFree)
            .broken
    }

    /// `check`, and for each HTML or XML file the targets its internal links lead to
    /// (`LinkTargets`), so a later build can tell which pages a removed path may break.
    package static func checkRecording(_ files: [OutputFile], existing: Set<String>, config: SiteConfig)
        -> (broken: [Broken], targets: [(path: String, targets: LinkTargets)])
    {
        check(files, known: nil, existing: existing, config: config, recording: true)
    }

    /// `checkRecording`, with the site's paths made into a table once (`KnownPaths`), stepping
    /// over `linkFree` markup.
    static func checkRecording(
        _ files: [OutputFile], known: KnownPaths, config: SiteConfig, linkFree: LinkFreeMarkup? = nil
    ) -> (broken: [Broken], targets: [(path: String, targets: LinkTargets)]) {
        check(files, known: known, existing: known.existing, config: config, recording: true, linkFree: linkFree)
    }

    /// What a check found: the broken references and, recording, each file's targets.
    struct Found: Sendable {
        var broken: [Broken] = []
        var targets: [(path: String, targets: LinkTargets)] = []

        static func + (a: Found, b: Found) -> Found {
            Found(broken: a.broken + b.broken, targets: a.targets + b.targets)
        }
    }

    /// `check`, or with `recording` `checkRecording`, with the site's paths made into a table.
    static func check(
        _ files: [OutputFile], known: KnownPaths, config: SiteConfig, linkFree: LinkFreeMarkup?, recording: Bool
    ) -> Found {
        let found = check(
            files, known: known, existing: known.existing, config: config, recording: recording, linkFree: linkFree)
        return Found(broken: found.broken, targets: found.targets)
    }

    /// What the check found in a run of pages it read as they were rendered.
    struct Look: Sendable {
        var broken: [Broken] = []
        /// With `recording`, each page's targets (`checkRecording`).
        var targets: [(path: String, targets: LinkTargets)] = []
        /// How many files were looked at.
        var files = 0
        /// How long the look took, on the core that rendered the run.
        var seconds = 0.0
    }

    /// `check` (with `recording`, `checkRecording`) of a run of pages on the thread that rendered
    /// them (`SiteRenderer.render(_:then:looking:)`), with one checker for the run, stepping over the
    /// repeated markup at `places` (each file's) as it was read before (`MarkupReading`).
    static func look(
        at files: [OutputFile], places: [[TemplateMark]] = [], known: KnownPaths, config: SiteConfig,
        linkFree: LinkFreeMarkup?, recording: Bool
    ) -> Look {
        look(
            at: files, places: places, known: known, existing: known.existing, config: config, linkFree: linkFree,
            recording: recording)
    }

    /// `look`, with the table of the site's paths when it is made (`KnownPaths`), else with the
    /// paths alone: the verdicts are the same (the table gives the set's), and the first pages
    /// need not wait for it.
    /// - Parameter round: the build's check, when the pages' repeated markup may be decided
    ///   once per depth for the whole build (not with `recording`: each page's targets are kept).
    static func look(
        at files: [OutputFile], places: [[TemplateMark]] = [], known: KnownPaths?, existing: Set<String>,
        config: SiteConfig, linkFree: LinkFreeMarkup?, recording: Bool, round: Round? = nil
    ) -> Look {
        let clock = ContinuousClock()
        let start = clock.now
        var checker = Checker(existing: existing, config: config, known: known, linkFree: linkFree)
        checker.round = recording ? nil : round
        var look = Look(files: files.count)
        checker.check(files, places: places, recording: recording, into: &look)
        look.seconds = (clock.now - start).seconds
        return look
    }

    private static func check(
        _ files: [OutputFile], known: KnownPaths?, existing: Set<String>, config: SiteConfig, recording: Bool,
        linkFree: LinkFreeMarkup? = nil
    ) -> (broken: [Broken], targets: [(path: String, targets: LinkTargets)]) {
        // Only the files the check reads are sorted: a batch's API files and badges are most of it.
        let sorted = files.filter(reads).sorted(by: { $0.path < $1.path })
        // Few, long runs: each keeps its verdicts, which most links of its later pages reuse.
        let length = max(32, sorted.count / (2 * Cores.active))
        let runs = stride(from: 0, to: sorted.count, by: length).map { sorted[$0..<min(sorted.count, $0 + length)] }
        let results = runs.parallelMap { run -> Look in
            var checker = Checker(existing: existing, config: config, known: known, linkFree: linkFree)
            var look = Look(files: run.count)
            checker.check(run, recording: recording, into: &look)
            return look
        }
        return (results.flatMap(\.broken), results.flatMap(\.targets))
    }

    /// Checks pages one at a time against the set of all files of the site.
    struct Checker {
        package let existing: Set<String>
        package let config: SiteConfig
        /// `existing` as a table of links, when the build made one.
        let known: KnownPaths?
        /// Markup to step over (`LinkFreeMarkup`), when the build has some.
        let linkFree: LinkFreeMarkup?
        /// The build's check, when repeated markup is decided once per page depth (`Round`).
        var round: Round?
        // Most links start from the site root (`../../` × depth, the base path, the base URL), so
        // their verdict depends only on the rest: decided once per run, not once per page.
        private var verdicts: [Substring: Verdict] = [:]
        /// The same verdicts for links written `../` × depth + rest without entities (nearly all),
        /// found by a hash of the rest's bytes in the page: no string is made for such a link
        /// unless it is broken or new to the run.
        private var byteVerdicts: [UInt64: (rest: [UInt8], verdict: Verdict)] = [:]

        package init(existing: Set<String>, config: SiteConfig) {
            self.init(existing: existing, config: config, known: nil)
        }

        /// The base URL (when it has a host) and the base path, as bytes: the prefixes `fromRoot`
        /// tries before the way back to the root.
        private let baseURL: [UInt8]?
        private let basePath: [UInt8]

        init(existing: Set<String>, config: SiteConfig, known: KnownPaths?, linkFree: LinkFreeMarkup? = nil) {
            self.existing = existing
            self.config = config
            self.known = known
            self.linkFree = linkFree
            baseURL = config.hasHost ? Array(config.baseURL.utf8) : nil
            basePath = Array(config.basePath.utf8)
        }

        /// Why a link does not resolve (nil when it does), and the hash of the site path it
        /// leads to (`LinkTargets.hash`; nil for links that leave the site or lead nowhere).
        struct Verdict {
            var reason: String?
            var target: UInt64?
        }

        /// The broken references of one file, in page order; nothing for files that are not HTML or XML.
        package mutating func check(_ file: OutputFile) -> [Broken] {
            var targets: LinkTargets?
            return check(file, recording: &targets)
        }

        /// Each of `files` in turn, their broken references and (with `recording`) targets
        /// added to `look`; the `k`th file holds repeated markup at `places[k]`, when given.
        mutating func check(
            _ files: some Collection<OutputFile>, places: [[TemplateMark]] = [], recording: Bool, into look: inout Look
        ) {
            for (k, file) in files.enumerated() {
                var found: LinkTargets? = recording ? LinkTargets() : nil
                look.broken += check(file, places: k < places.count ? places[k] : [], recording: &found)
                if let found, found.checked { look.targets.append((file.path, found)) }
            }
        }

        /// `check`, adding the targets of the file's links to `targets` when it is given (and
        /// marking it checked when the file is HTML or XML).
        mutating func check(_ file: OutputFile, places: [TemplateMark] = [], recording targets: inout LinkTargets?)
            -> [Broken]
        {
            guard LinkCheck.reads(file), case .data(let data) = file.contents else { return [] }
            targets?.checked = true
            let directory = file.path.slashSeparated(omittingEmpty: false).dropLast().map(
                String.init)
            let rootPrefix = String(repeating: "../", count: directory.count)
            var broken: [Broken] = []
            MarkupScanner.reading(data) { page in
                var steps = places.isEmpty ? [] : MarkupReading.steps(at: places, of: page, linkFree: linkFree)
                if let round, targets == nil {
                    for k in steps.indices
                    where steps[k].reading.isResolved(in: round, depth: directory.count)
                        || resolves(steps[k], in: page, directory: directory, rootPrefix: rootPrefix)
                    {
                        steps[k].reading.markResolved(in: round, depth: directory.count)
                        // Stepped over with nothing to visit.
                        steps[k].references = []
                    }
                }
                LinkCheck.scan(page, linkFree: linkFree, steps: steps) { reference in
                    if reference.kind != .srcset,
                        let verdict = fromRootVerdict(page, reference.range, depth: directory.count)
                    {
                        if let target = verdict.target { targets?.insert(target) }
                        if let reason = verdict.reason {
                            broken.append(
                                Broken(
                                    page: file.path,
                                    link: page.text(reference.range),
                                    reason: reason))
                        }
                        return
                    }
                    for link in LinkCheck.links(in: reference, of: page) {
                        let verdict = verdict(link, directory: directory, rootPrefix: rootPrefix)
                        if let target = verdict.target { targets?.insert(target) }
                        if let reason = verdict.reason {
                            broken.append(Broken(page: file.path, link: link, reason: reason))
                        }
                    }
                }
            }
            return broken
        }

        /// Whether every reference of the repeated markup at `step` resolves, as the scan would
        /// decide each in the page, and would in any page of the same depth: each is written from
        /// the root (`../` × depth, the base path or URL) or leaves the site. A link written from
        /// the page's folder (`x/`, `../y/`) may resolve in one folder and not in another.
        private mutating func resolves(
            _ step: Step, in page: MarkupScanner, directory: [String], rootPrefix: String
        ) -> Bool {
            for reference in step.references {
                let range = (reference.range.lowerBound + step.start)..<(reference.range.upperBound + step.start)
                if reference.kind != .srcset,
                    let verdict = fromRootVerdict(page, range, depth: directory.count)
                {
                    guard verdict.reason == nil else { return false }
                    continue
                }
                for link in LinkCheck.links(in: RawReference(kind: reference.kind, range: range), of: page)
                where !LinkCheck.isDecidedWithoutFolder(link)
                    || verdict(link, directory: directory, rootPrefix: rootPrefix).reason != nil
                {
                    return false
                }
            }
            return true
        }

        /// Why `link` does not resolve, and where it leads.
        private mutating func verdict(_ link: String, directory: [String], rootPrefix: String) -> Verdict {
            guard let rest = fromRoot(link, rootPrefix: rootPrefix, config: config) else {
                return fullVerdict(link, directory: directory)
            }
            // Navigation and cards repeat the same links page after page: one lookup.
            if let known = verdicts[rest] { return known }
            // Any other rest is decided from the link as written, as `problem` decides it: the
            // rest alone is not the link (a space after the prefix, a `?` or `#`, a character
            // that would combine with the prefix's last one).
            guard let verdict = plainVerdict(rest) else { return fullVerdict(link, directory: directory) }
            verdicts[rest] = verdict
            return verdict
        }

        /// The verdict on the rest of a link after the way back to the site root, when it is a
        /// plain path to a file that exists: settled without resolving it, it is its target.
        private func plainVerdict(_ rest: Substring) -> Verdict? {
            let plain = LinkCheck.plainTarget(rest, indexFile: config.urls.indexFile)
            return existing.contains(plain) ? Verdict(reason: nil, target: LinkTargets.hash(plain)) : nil
        }

        /// `problem`'s verdict, with the link's target.
        private func fullVerdict(_ link: String, directory: [String]) -> Verdict {
            switch resolve(link, directory: directory, config: config) {
            case .outside: Verdict(reason: nil, target: nil)
            case .invalid(let reason): Verdict(reason: reason, target: nil)
            case .path(let target):
                Verdict(
                    reason: problem(target: target, existing: existing, config: config),
                    target: LinkTargets.hash(target))
            }
        }

        /// `verdict` of a value as the page holds it, when it is the way back to the root (the
        /// base URL, the base path or `../` × `depth`, tried in `fromRoot`'s order) and a plain
        /// path to a file that exists (`plainVerdict`), with no entity to decode or space to trim.
        /// Nil for any other value, which `verdict` decides.
        private mutating func fromRootVerdict(_ page: MarkupScanner, _ value: Range<Int>, depth: Int) -> Verdict? {
            let start: Int
            if let baseURL, page.has(baseURL, at: value) {
                start = baseURL.count
            } else if page.has(basePath, at: value) {
                start = basePath.count
            } else {
                start = 3 * depth
                guard value.count >= start else { return nil }
                let at = value.lowerBound
                for k in 0..<depth
                where page[at + 3 * k] != 0x2E || page[at + 3 * k + 1] != 0x2E || page[at + 3 * k + 2] != 0x2F {
                    return nil
                }
            }
            let rest = (value.lowerBound + start)..<value.upperBound
            guard let hash = LinkCheck.restHash(page.slice(rest)) else { return nil }
            if let target = known?.target(ofRest: rest, in: page, hash: hash) {
                return Verdict(reason: nil, target: target)
            }
            if let known = byteVerdicts[hash], page.same(rest, as: known.rest, 0), known.rest.count == rest.count {
                return known.verdict
            }
            guard let verdict = plainVerdict(Substring(page.text(rest))) else { return nil }
            if byteVerdicts[hash] == nil { byteVerdicts[hash] = (Array(page.slice(rest)), verdict) }
            return verdict
        }
    }

    /// Whether the check reads `file`'s links: HTML and XML files.
    static func reads(_ file: OutputFile) -> Bool { file.path.hasSuffix(".html") || file.path.hasSuffix(".xml") }

    /// The FNV-1a hash of a link's rest after the way back to the root (`LinkTargets.hash` of its
    /// bytes), when `fromRoot` would take it with no entity to decode: no `:` or `&`, no empty or
    /// dot segment, no leading `.` or `/`. Nil for any other rest.
    static func restHash(_ rest: some Sequence<UInt8>) -> UInt64? {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        var previous: UInt8 = 0x2F
        for byte in rest {
            if byte == 0x26 || byte == 0x3A || (previous == 0x2F && (byte == 0x2E || byte == 0x2F)) { return nil }
            previous = byte
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// The file a plain site path (`a/b/`, `a/b.css`) names; a path that `problem` would decode,
    /// cut or trim gives a name no file has, so `problem` decides those.
    /// - Parameter indexFile: the file a folder is served as (the URL scheme's).
    static func plainTarget(_ rest: Substring, indexFile: String) -> String {
        for byte in rest.utf8 where byte == 0x25 || byte == 0x3F || byte == 0x23 || byte <= 0x20 || byte >= 0x80 {
            return "\0"  // % ? # space, controls, non-ASCII
        }
        return rest.utf8.last ?? 0x2F == 0x2F ? rest + indexFile : String(rest)
    }

    /// The part of `link` after the way back to the site root, when it is written that way and
    /// the rest is a plain relative path (no `..`, no scheme, not site-absolute).
    static func fromRoot(_ link: String, rootPrefix: String, config: SiteConfig) -> Substring? {
        // Prefixes compared as bytes: comparing characters cost more than the rest of the check.
        func after(_ prefix: String) -> Substring? {
            guard link.utf8.starts(with: prefix.utf8) else { return nil }
            return link[link.utf8.index(link.utf8.startIndex, offsetBy: prefix.utf8.count)...]
        }
        // The root prefix last: at the site's root it is empty, and would take every link (the
        // sitemap's and the feed's absolute URLs) only to turn it down for its ":".
        guard let rest = (config.hasHost ? after(config.baseURL) : nil) ?? after(config.basePath) ?? after(rootPrefix)
        else {
            return nil
        }
        // Byte checks: Foundation's `contains` costs more than the whole rest of the check.
        var previous: UInt8 = 0x2F
        for byte in rest.utf8 {
            // ":", "/.", "//", leading "." or "/"
            if byte == 0x3A || (previous == 0x2F && (byte == 0x2E || byte == 0x2F)) { return nil }
            previous = byte
        }
        return rest
    }

    /// Why `link`, found in a page in `directory`, does not resolve; nil when it does or is external.
    package static func problem(_ link: String, directory: [String], existing: Set<String>, config: SiteConfig)
        -> String?
    {
        switch resolve(link, directory: directory, config: config) {
        case .outside: nil
        case .invalid(let reason): reason
        case .path(let target): problem(target: target, existing: existing, config: config)
        }
    }

    /// Where a link leads.
    enum Resolution: Equatable {
        /// Off the site, to this page (`#top`, `?q=1`), or nowhere (empty).
        case outside
        /// A site path (`skills/a/index.html`).
        case path(String)
        /// It cannot lead anywhere on the site, for this reason.
        case invalid(String)
    }

    /// Whether `resolve` decides `link` without the page's folder: a link that leaves the site
    /// or is written from its root (`/…`, a scheme), not one written from the page's folder.
    static func isDecidedWithoutFolder(_ link: String) -> Bool {
        let text = link.trimmingWhitespace()
        return text.isEmpty || text.hasPrefix("#") || text.hasPrefix("?") || text.hasPrefix("/") || hasScheme(text)
    }

    /// Where `link`, found in a page in `directory`, leads.
    static func resolve(_ link: String, directory: [String], config: SiteConfig) -> Resolution {
        let text = link.trimmingWhitespace()
        if text.isEmpty || text.hasPrefix("#") || text.hasPrefix("?") { return .outside }
        var segments: [String]
        var rest: Substring
        if text.hasPrefix("//") {
            return .outside
        } else if hasScheme(text) {
            guard config.hasHost, text.hasPrefix(config.baseURL) else { return .outside }
            segments = []
            rest = text.dropFirst(config.baseURL.count)
        } else if text.hasPrefix("/") {
            let base = config.basePath
            guard text.hasPrefix(base) else {
                return .invalid("it starts with `/` but lies outside the site's base path `\(base)`")
            }
            segments = []
            rest = text.dropFirst(base.count)
        } else {
            segments = directory
            rest = Substring(text)
        }
        if let cut = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<cut] }
        var decoded = String(rest)
        if decoded.contains("%") {
            guard let plain = decoded.removingPercentEncoding else {
                return .invalid("it is not valid percent-encoding")
            }
            decoded = plain
        }
        let parts = decoded.split(separator: "/", omittingEmptySubsequences: false)
        for (index, part) in parts.enumerated() {
            switch part {
            case ".": continue
            case "..":
                guard !segments.isEmpty else { return .invalid("it leads above the site's root") }
                segments.removeLast()
            case "" where index < parts.count - 1: continue
            default: segments.append(String(part))
            }
        }
        if segments.last?.isEmpty ?? true {
            if !segments.isEmpty { segments.removeLast() }
            segments.append(config.urls.indexFile)
        }
        return .path(segments.joined(separator: "/"))
    }

    /// Why nothing answers at the site path `target`; nil when something does.
    static func problem(target: String, existing: Set<String>, config: SiteConfig) -> String? {
        if existing.contains(target) { return nil }
        // The rating form posts to an endpoint the site owner runs (or `sitegen serve` answers):
        // no file is generated there on purpose.
        if case .sitePath(let endpoint)? = config.ratingForm?.endpoint, target == endpoint.prefix(while: { $0 != "?" })
        {
            return nil
        }
        // So does the search form, to the search service (`sitegen serve` answers it too).
        if let search = config.search?.path, target == (search.hasSuffix("/") ? search + config.urls.indexFile : search)
        {
            return nil
        }
        if existing.contains(target + "/" + config.urls.indexFile) {
            return "`\(target)` is a folder; end the link with `/`"
        }
        return "nothing is generated at `\(target)`"
    }

    static func hasScheme(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":") else { return false }
        let scheme = text[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }

    /// Values of the checked attributes in a page, entities decoded. A small tokenizer, not a
    /// regular expression: it skips comments, `<script>`/`<style>` bodies and text, so JSON-LD
    /// or an escaped `href="…"` in a description never counts as a link.
    static func references(in data: Data) -> [String] {
        var found: [String] = []
        MarkupScanner.reading(data) { page -> Void in scan(page) { found += links(in: $0, of: page) } }
        return found
    }

    /// Markup `scan` steps over: `references` are where its checked values stand from its start.
    struct Step {
        var start: Int
        var end: Int
        var references: [RawReference]
        /// The reading `references` belongs to.
        var reading: MarkupReading
    }

    /// One build's link check. Within it the site's paths stay the same, so a link resolves the
    /// same way on every page of one depth: markup repeated on many pages (`MarkupReading`) is
    /// then decided once per depth, not on each page.
    final class Round: Sendable {
        let number: Int

        init() {
            Self.lock.lock()
            defer { Self.lock.unlock() }
            Self.made += 1
            number = Self.made
        }

        private static let lock = NSLock()
        /// Read and written under `lock` only.
        nonisolated(unsafe) private static var made = 0
    }

    /// A checked value where it stands in a page's bytes, entities not yet decoded.
    struct RawReference {
        enum Kind { case attribute, srcset, loc }
        var kind: Kind
        var range: Range<Int>
    }

    /// The links a raw reference holds, entities decoded: a `srcset` holds several.
    static func links(in reference: RawReference, of page: MarkupScanner) -> [String] {
        let value = decodeEntities(page.text(reference.range))
        switch reference.kind {
        case .attribute:
            return [value]
        case .loc:
            return [value.trimmingWhitespace()]
        case .srcset:
            return value.split(separator: ",").compactMap { candidate in
                candidate.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).first.map(String.init)
            }
        }
    }

    /// The tokenizer of `references(in:)`: calls `visit` with each checked value, in page order.
    /// Inlined into its callers, so `visit` is too: it runs for every link of every page.
    /// - Parameter linkFree: markup to step over where a tag starts (`LinkFreeMarkup`).
    /// - Parameter steps: repeated markup read before (`MarkupReading`), by place, ascending: where
    ///   one starts between tags, its references are visited and the tokenizer goes on after it.
    /// - Returns: whether every tag, comment, script or style body and sitemap `<loc>` text
    ///   ended within the bytes (the text after the last one may run to the end).
    @inline(__always) @discardableResult
    static func scan(
        _ scanner: MarkupScanner, linkFree: LinkFreeMarkup? = nil, steps: [Step] = [],
        _ visit: (RawReference) -> Void
    ) -> Bool {
        let names = MarkupScanner.Names()
        let n = scanner.n
        var i = 0
        var ended = true
        func skip(past pattern: [UInt8], from index: Int) -> Int {
            if let end = scanner.skip(past: pattern, from: index) { return end }
            ended = false
            return n
        }
        let commentStart = Array("<!--".utf8)
        let commentEnd = Array("-->".utf8)
        let tagEnd: [UInt8] = [0x3E]
        let scriptEnd = Array("</script".utf8)
        let styleEnd = Array("</style".utf8)
        var step = 0
        while i < n {
            // Between tags, as the tokenizer is when it reads a step's markup alone.
            if step < steps.count {
                while step < steps.count && steps[step].start < i { step += 1 }
                if step < steps.count && steps[step].start == i {
                    for reference in steps[step].references {
                        visit(
                            RawReference(
                                kind: reference.kind,
                                range: (reference.range.lowerBound + i)..<(reference.range.upperBound + i)))
                    }
                    i = steps[step].end
                    step += 1
                    continue
                }
            }
            guard scanner[i] == 0x3C else {  // "<"
                // Text between tags: jump to the next "<".
                i = scanner.find(0x3C, from: i)
                continue
            }
            if let linkFree, let length = linkFree.length(at: i, of: scanner) {
                i += length
                continue
            }
            if scanner.starts(commentStart, at: i) {
                i = skip(past: commentEnd, from: i + 4)
                continue
            }
            guard i + 1 < n, (scanner[i + 1] | 0x20) >= 0x61 && (scanner[i + 1] | 0x20) <= 0x7A else {
                // End tags, doctype, processing instructions: nothing to check.
                i = skip(past: tagEnd, from: i + 1)
                continue
            }
            var j = i + 1
            let nameStart = j
            while j < n && MarkupScanner.isNameByte(scanner[j]) { j += 1 }
            let nameEnd = j
            let skipsBody =
                scanner.isName(names.script, nameStart, j)
                ? names.script : scanner.isName(names.style, nameStart, j) ? names.style : nil
            let tag = scanner.attributes(from: j, names, visit)
            j = tag.end
            if j >= n || !tag.quotesClosed { ended = false }
            i = min(j + 1, n)
            // A sitemap's `<loc>` holds its URL as text.
            if scanner.isName(names.loc, nameStart, nameEnd) {
                var end = i
                while end < n && scanner[end] != 0x3C { end += 1 }
                if end >= n { ended = false }
                visit(RawReference(kind: .loc, range: i..<end))
                i = end
                continue
            }
            if let skipsBody {
                i = skip(past: skipsBody == names.script ? scriptEnd : styleEnd, from: i)
            }
        }
        return ended
    }

    /// The entities templates and escaping produce in attribute values.
    static func decodeEntities(_ text: String) -> String {
        guard text.utf8.contains(0x26) else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[amp...]
            guard let semicolon = after.firstIndex(of: ";"), after.distance(from: amp, to: semicolon) <= 10 else {
                out += "&"
                rest = rest[rest.index(after: amp)...]
                continue
            }
            let name = after[after.index(after: amp)..<semicolon]
            var replacement: String?
            switch name {
            case "amp": replacement = "&"
            case "lt": replacement = "<"
            case "gt": replacement = ">"
            case "quot": replacement = "\""
            case "apos": replacement = "'"
            default:
                if name.hasPrefix("#x") || name.hasPrefix("#X") {
                    replacement = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
                } else if name.hasPrefix("#") {
                    replacement = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) }
                }
            }
            if let replacement {
                out += replacement
                rest = rest[rest.index(after: semicolon)...]
            } else {
                out += "&"
                rest = rest[rest.index(after: amp)...]
            }
        }
        out += rest
        return out
    }
}

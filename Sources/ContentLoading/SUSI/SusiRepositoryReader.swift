import CatalogueModel
import Foundation

/// Collects the skills of SUSI skill files found while loading, then gives each its own page.
package struct SusiRepositoryReader {
    package private(set) var skills: [Skill] = []
    /// `::tags` by skill id, for the import.
    package private(set) var tags: [String: [String]] = [:]

    package init() {}

    static let strayKind = "not in the SUSI layout"
    static let controlKind = "SUSI control character"
    static let tooLargeKind = "SUSI file too large"

    /// The SUSI server reads skill files with Java's lenient UTF-8 decoder, so a stray Latin-1
    /// byte in one of hundreds of community files costs a warning, not the build.
    static let lenientUTF8 = SourceText.InvalidUTF8.replace(
        warning: "not valid UTF-8; the invalid bytes are read as �, as SUSI's server does; save the file as UTF-8",
        kind: "SUSI file not UTF-8")

    /// A SUSI file's bytes as text, as SUSI's server reads them: invalid UTF-8 and control
    /// characters cost a warning each, not the build.
    package static func text(_ data: Data, displayPath: String, _ log: inout DiagnosticLog) -> String? {
        guard var text = SourceText.decode(data, displayPath: displayPath, invalidUTF8: lenientUTF8, &log) else {
            return nil
        }
        if let control = ControlCharacters.first(in: text) {
            let more = control.count > 1 ? " and \(control.count - 1) more" : ""
            log.append(
                Diagnostic.warning(
                    displayPath, line: control.line, column: control.column,
                    "control character \(control.name)\(more) removed: it cannot appear on a page"
                ).kind(controlKind))
            text = ControlCharacters.removed(from: text)
        }
        return text
    }

    /// Reads one `.txt` file; `contentPath` is its path relative to the content root.
    package mutating func read(
        _ file: ContentFile, contentPath: String, id: String, source: ContentSource,
        budget: ReadBudget = ReadBudget(), _ log: inout DiagnosticLog
    ) {
        guard let location = SusiLayout.location(contentPath: contentPath) else {
            if SusiLayout.isUnderModels(contentPath: contentPath) {
                log.append(
                    Diagnostic.warning(
                        file.displayPath,
                        "a SUSI skill file must sit at models/<model>/<group>/<language>/<skill>.txt; this one is ignored"
                    ).kind(Self.strayKind))
            }
            return
        }
        let data: Data
        do {
            data = try source.read(file.url, limit: InputLimits.skillFileBytes)
        } catch {
            if case .tooLarge = error {
                log.append(
                    Diagnostic.warning(file.displayPath, error.description + ", so this skill is skipped").kind(
                        Self.tooLargeKind))
            } else {
                log.error(file.displayPath, error.description)
            }
            return
        }
        guard budget.take(data.count) else {
            log.append(budget.exceeded(file.displayPath))
            return
        }
        guard let text = Self.text(data, displayPath: file.displayPath, &log) else { return }
        let result = SusiSkillFileReader.read(text, location: location, id: id, displayPath: file.displayPath)
        log.append(contentsOf: result.diagnostics)
        if let skill = result.skill {
            skills.append(skill)
            if !result.tags.isEmpty { tags[skill.id] = result.tags }
        }
    }
}

/// Page URLs come from skill ids and ignore case and punctuation (`skills/…/ifsc-to-bank-details/`).
/// A real SUSI repository holds files whose names differ only in those (`IFSC_to_Bank_Details.txt`,
/// `IFSC_to_Bank_details.txt`) or have no letters or digits at all (`🎉.txt`). Unlike hand-made
/// content, nobody can rename them before every build, so:
/// - a file name without letters or digits gets the skill's name added to its id
///   (`…/en/🎉 Confetti` → `…/en/confetti/`), so the page name says something;
/// - a page name already taken gets a number (`…/ifsc-to-bank-details-2/`) and a warning.
enum SusiPageNames {
    package static let kind = "SUSI page renamed"

    /// Gives `susi` skills ids whose pages are free, keeping those of `existing` skills.
    static func assign(_ susi: [Skill], avoiding existing: [Skill], _ log: inout DiagnosticLog) -> [Skill] {
        // Nothing to name: a large Markdown catalogue need not have its page names collected.
        guard !susi.isEmpty else { return [] }
        func key(_ id: String) -> String { SiteURLs.standard.skillPage(id).lowercased() }
        var taken = Set<String>()
        var owner: [String: String] = [:]
        for skill in existing where taken.insert(key(skill.id)).inserted { owner[key(skill.id)] = skill.id }
        let susi = susi.map { skill in
            guard Slug.segment(skill.tag) == "_", Slug.segment(skill.name) != "_" else { return skill }
            var named = skill
            named.id += " " + skill.name.replacingOccurrences(of: "/", with: " ")
            return named
        }
        var clashing: [Int] = []
        for (index, skill) in susi.enumerated() {
            let page = key(skill.id)
            if taken.insert(page).inserted { owner[page] = skill.id } else { clashing.append(index) }
        }
        var result = susi
        for index in clashing {
            let skill = susi[index]
            var number = 2
            while taken.contains(key(skill.id + "-\(number)")) { number += 1 }
            let id = skill.id + "-\(number)"
            taken.insert(key(id))
            let other = owner[key(skill.id)].map { "`\($0)`" } ?? "another skill"
            log.append(
                Diagnostic.warning(
                    skill.sourcePath, line: skill.sourceLine,
                    "skill `\(skill.id)` would share its page with \(other) (page names ignore case and punctuation); it is published at \(SiteURLs.standard.skillPage(id))"
                )
                .kind(kind))
            result[index].id = id
        }
        return result
    }
}

/// Where skill files are listed from: `CONTENT/skills/`, or, when `--content` points straight at
/// a SUSI checkout (a folder with `models/` and no `skills/`), that checkout's `models/`.
enum SkillFolder {
    struct Listing: Sendable {
        /// Sorted by `relativePath`.
        package var files: [ContentFile]
        /// Prepended to a file's `relativePath` to give its path relative to the content root.
        var contentPrefix: String
        /// The listed folder's path as each file's `path` begins, with the slash after it.
        var folderPath: String
        /// What each file's `relativePath` begins with (`models/` for a SUSI checkout).
        var relativePrefix = ""

        /// The place of the file whose `path` is `path`, found by its relative path (files are
        /// sorted by it) rather than by making every file's path: at 10,000 files that was a
        /// string per file per change.
        func place(of path: String) -> Int? {
            if let relative = relative(path) { return places(ofRelative: relative).first }
            // A path spelt otherwise than the folder (other bytes, the same text) is compared whole.
            guard ParsedContent.path(path, touches: String(folderPath.dropLast())) else { return nil }
            return files.firstIndex { $0.path == path }
        }

        /// The places of the files whose relative path is `relative`, as strings compare: more
        /// than one only for names on disk that are two spellings of the same text.
        func places(ofRelative relative: String) -> Range<Int> {
            var low = 0
            var high = files.count
            while low < high {
                let middle = (low + high) / 2
                if files[middle].relativePath < relative { low = middle + 1 } else { high = middle }
            }
            var end = low
            while end < files.count, files[end].relativePath == relative { end += 1 }
            return low..<end
        }

        /// `path`'s relative path as a file of this listing would hold it, when its bytes begin
        /// with the folder's.
        func relative(_ path: String) -> String? {
            let bytes = path.utf8
            guard bytes.count > folderPath.utf8.count, bytes.starts(with: folderPath.utf8) else { return nil }
            return relativePrefix + String(decoding: bytes.dropFirst(folderPath.utf8.count), as: UTF8.self)
        }
    }

    /// The path of `folder` as `ContentFile.path` begins for the files below it.
    private static func prefix(of folder: URL) -> String {
        let path = folder.path
        return path.hasSuffix("/") ? path : path + "/"
    }

    /// A SUSI checkout's `models/`, listed when the content folder has no `skills/`.
    static func models(in location: ContentLocation) -> URL { location.root.appendingPathComponent("models") }

    /// Both folders a listing may come from: a change in either may change it.
    static func folders(in location: ContentLocation) -> [URL] { [location.skills, models(in: location)] }

    package static func list(_ location: ContentLocation, _ log: inout DiagnosticLog) -> Listing {
        let source = location.source
        let models = models(in: location)
        if !source.exists(location.skills), source.isFolder(models) {
            let files = ContentFile.list(
                in: models, display: location.display + "/models", root: location.root,
                source: source, &log
            ).map { $0.prefixed("models/") }
            return Listing(files: files, contentPrefix: "", folderPath: prefix(of: models), relativePrefix: "models/")
        }
        return Listing(
            files: ContentFile.list(
                in: location.skills, display: location.display + "/skills", root: location.root,
                source: source, &log),
            contentPrefix: "skills/", folderPath: prefix(of: location.skills))
    }
}

import CatalogueModel
import ContentLoading
import Foundation
import PageRendering

/// `sitegen import susi`: turns the `.txt` skill files of a SUSI skill repository into Markdown
/// skill files, for people leaving the `.txt` format. Files are read exactly as a build reads
/// them, so the imported catalogue shows the same thing. `::author_email` is not carried over.
public enum SusiImport {
    public struct Options: Sendable {
        /// The SUSI checkout (any folder with `models/<model>/<group>/<language>/<skill>.txt` below it).
        public var repository: URL
        public var repositoryDisplay: String
        /// A content folder's `skills/` folder, or a folder inside it.
        public var destination: URL
        public var destinationDisplay: String
        public var force: Bool

        public init(
            repository: URL, repositoryDisplay: String, destination: URL, destinationDisplay: String,
            force: Bool = false
        ) {
            self.repository = repository
            self.repositoryDisplay = repositoryDisplay
            self.destination = destination
            self.destinationDisplay = destinationDisplay
            self.force = force
        }
    }

    public struct Report: Sendable {
        public var skills: Int
        public var images: Int
        /// Skill files in the layout that gave no skill (empty, no name).
        public var skipped: Int
        /// Paths written, relative to the content folder, sorted.
        public var written: [String]
        public var warnings: [Diagnostic]
        public var destinationDisplay: String
        public var imagesDisplay: String

        public var summary: String {
            var line = "Imported \(skills.grouped) SUSI skill\(skills == 1 ? "" : "s") into \(destinationDisplay)/"
            if images > 0 { line += " and \(images.grouped) image\(images == 1 ? "" : "s") into \(imagesDisplay)/" }
            if skipped > 0 { line += "; \(skipped.grouped) file\(skipped == 1 ? "" : "s") skipped (see the warnings)" }
            return line
        }
    }

    /// One file the import writes.
    package struct Planned: Equatable {
        /// Path relative to the content folder.
        package var path: String
        package enum Contents: Equatable {
            case text(String)
            case copy(URL)
        }
        package var contents: Contents
    }

    /// Imported images go under this folder of the content folder, keeping their repository path.
    static let imageFolder = "images/susi"

    public static func run(_ options: Options) throws(BuildFailure) -> Report {
        var log = DiagnosticLog()
        let plan = plan(options, &log)
        guard let plan, !log.hasErrors else { throw BuildFailure(log.items) }
        let fm = FileManager.default
        let contentDisplay = Self.contentDisplay(options.destinationDisplay, depth: plan.depthBelowContent)
        func shown(_ path: String) -> String { contentDisplay.isEmpty ? path : contentDisplay + "/" + path }
        // Links are refused before anything is written, so a refused import writes nothing.
        let links = plan.files.compactMap { file -> String? in
            let place = plan.place(of: file, options)
            return LinkFreeFolder.firstLink(in: place.relative, below: place.root, rootDisplay: place.rootDisplay)
        }
        if !links.isEmpty {
            for link in Set(links).sorted() {
                log.error(link, "a symbolic link; \(ImportedFile.linkAdvice); nothing was written")
            }
            throw BuildFailure(log.items)
        }
        if !options.force {
            let existing = plan.files.filter {
                fm.fileExists(atPath: plan.contentRoot.appendingPathComponent($0.path).path)
            }
            if !existing.isEmpty {
                let shown = existing.prefix(3).map { "`\(shown($0.path))`" }.joined(separator: ", ")
                let more = existing.count > 3 ? " and \(existing.count - 3) more" : ""
                log.error(
                    options.destinationDisplay,
                    "\(existing.count.grouped) file\(existing.count == 1 ? "" : "s") already exist\(existing.count == 1 ? "s" : "") (\(shown)\(more)); nothing was written. Pass --force to overwrite them"
                )
                throw BuildFailure(log.items)
            }
        }
        do {
            // The folder the user named (and so the content folder above it), links and all.
            try fm.createDirectory(at: options.destination, withIntermediateDirectories: true)
        } catch {
            throw BuildFailure(
                log.items + [
                    .error(options.destinationDisplay, "cannot create the folder: \(error.localizedDescription)")
                ])
        }
        for file in plan.files {
            let place = plan.place(of: file, options)
            do {
                let data: Data
                switch file.contents {
                case .text(let text):
                    data = Data(text.utf8)
                case .copy(let source):
                    data = try Data(contentsOf: source)
                }
                try ImportedFile.write(data, to: place.relative, below: place.root, rootDisplay: place.rootDisplay)
            } catch let refused as ImportedFile.Refused {
                throw BuildFailure(
                    log.items + [
                        .error(place.rootDisplay + "/" + place.relative, "cannot write the imported file: \(refused)")
                    ])
            } catch {
                throw BuildFailure(
                    log.items + [
                        .error(
                            place.rootDisplay + "/" + place.relative,
                            "cannot read the file to import: \(error.localizedDescription)")
                    ])
            }
        }
        let images = plan.files.filter { if case .copy = $0.contents { true } else { false } }.count
        return Report(
            skills: plan.files.count - images, images: images, skipped: plan.skipped,
            written: plan.files.map(\.path).sorted(), warnings: log.warnings.sorted(),
            destinationDisplay: options.destinationDisplay,
            imagesDisplay: shown(imageFolder))
    }

    package struct Plan {
        package var contentRoot: URL
        /// How many folders `destination` lies below the content folder (1 for `Content/skills`).
        var depthBelowContent: Int
        package var files: [Planned]
        package var skipped: Int

        /// Where a file goes: below the folder the user named (`--to`) for skills, below the
        /// content folder for images. Links are refused only below that folder, since a link in
        /// the path the user typed is theirs to choose.
        package func place(of file: Planned, _ options: Options) -> (root: URL, rootDisplay: String, relative: String) {
            let below = file.path.split(separator: "/").dropFirst(depthBelowContent).joined(separator: "/")
            if case .text = file.contents {
                var shown = options.destinationDisplay
                if shown.count > 1 && shown.hasSuffix("/") { shown.removeLast() }
                return (options.destination, shown, below)
            }
            let content = SusiImport.contentDisplay(options.destinationDisplay, depth: depthBelowContent)
            return (contentRoot, content.isEmpty ? "." : content, file.path)
        }
    }

    /// Reads the repository and decides every file to write; writes nothing.
    package static func plan(_ options: Options, _ log: inout DiagnosticLog) -> Plan? {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: options.repository.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            log.error(options.repositoryDisplay, "SUSI repository folder not found")
            return nil
        }
        // Images are named relative to the content folder, so find it: the folder holding the
        // `skills` folder that the destination is (or lies in).
        let parts = options.destination.standardizedFileURL.pathComponents
        guard let skillsIndex = parts.lastIndex(of: "skills"), skillsIndex > 0 else {
            log.error(
                options.destinationDisplay,
                "--to must be a content folder's skills/ folder or a folder inside it (e.g. Content/skills), so that images can go beside it"
            )
            return nil
        }
        var contentRoot = URL(fileURLWithPath: "/")
        for part in parts[1..<skillsIndex] { contentRoot.appendPathComponent(part) }
        let destinationPrefix = parts[skillsIndex...].joined(separator: "/")

        var reader = SusiRepositoryReader()
        var inLayout = 0
        for file in ContentFile.list(in: options.repository, display: options.repositoryDisplay, source: .disk, &log) {
            guard file.pathExtension.lowercased() == "txt" else { continue }
            if SusiLayout.location(contentPath: file.relativePath) != nil { inLayout += 1 }
            reader.read(
                file, contentPath: file.relativePath, id: String(file.relativePath.dropLast(4)), source: .disk, &log)
        }
        if inLayout == 0 {
            log.error(
                options.repositoryDisplay,
                "no SUSI skill files found (expected models/<model>/<group>/<language>/<skill>.txt below this folder)")
            return nil
        }

        var files: [Planned] = []
        var images = Set<String>()
        let ids = destinations(for: reader.skills, &log)
        for (skill, id) in zip(reader.skills, ids) {
            let path = destinationPrefix + "/" + id + ".md"
            var imageValue: String?
            switch skill.image {
            case .local(let source)?:
                let url = options.repository.appendingPathComponent(source)
                let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .isSymbolicLinkKey])
                if values?.isRegularFile == true && values?.isSymbolicLink != true {
                    let target = imageFolder + "/" + source
                    imageValue = target
                    if images.insert(target).inserted { files.append(Planned(path: target, contents: .copy(url))) }
                } else {
                    log.warning(
                        skill.sourcePath,
                        "image `\(source)` not found in \(options.repositoryDisplay)/; the imported skill has no image")
                }
            case .remote(let url)?:
                imageValue = url
            case nil:
                break
            }
            files.append(
                Planned(
                    path: path,
                    contents: .text(
                        FrontMatterWriter.markdown(for: skill, image: imageValue, tags: reader.tags[skill.id] ?? []))))
        }
        return Plan(
            contentRoot: contentRoot, depthBelowContent: parts.count - skillsIndex, files: files,
            skipped: inLayout - reader.skills.count)
    }

    /// Each skill's id below the destination (its file path without `.md`).
    /// `…/models/general/Weather/en/forecast` becomes `…/general/Weather/en/forecast`. The file name
    /// stays the SUSI tag, so SUSI rating dumps still find the skill; where that name would give
    /// no readable page or another skill's page (`🎉`, `IFSC_to_Bank_details` beside
    /// `IFSC_to_Bank_Details`), the file goes one folder down, named after the skill
    /// (`…/en/confetti/🎉.md`), since a Markdown skill's page comes from its path alone.
    static func destinations(for skills: [Skill], _ log: inout DiagnosticLog) -> [String] {
        func key(_ id: String) -> String { SiteURLs.standard.skillPage(id).lowercased() }
        let natural = skills.map { skill -> String in
            var segments = skill.id.split(separator: "/").map(String.init)
            if segments.count >= 5 { segments.remove(at: segments.count - 5) }
            return segments.joined(separator: "/")
        }
        var taken: [String: Int] = [:]
        for (index, id) in natural.enumerated() where Slug.segment(skills[index].tag) != "_" && taken[key(id)] == nil {
            taken[key(id)] = index
        }
        var result = natural
        for (index, skill) in skills.enumerated() where taken[key(natural[index])] != index {
            let readable = Slug.segment(skill.tag) != "_"
            let folder = natural[index].split(separator: "/").dropLast().joined(separator: "/")
            let base = Slug.segment(skill.name) == "_" ? "skill" : Slug.segment(skill.name)
            var number = 1
            func candidate() -> String {
                (folder.isEmpty ? "" : folder + "/") + (number == 1 ? base : "\(base)-\(number)") + "/" + skill.tag
            }
            while taken[key(candidate())] != nil { number += 1 }
            result[index] = candidate()
            taken[key(result[index])] = index
            if readable, let owner = taken[key(natural[index])] {
                log.warning(
                    skill.sourcePath,
                    "`\(skill.tag)` would share its page with `\(skills[owner].tag)` (page names ignore case and punctuation); it is imported as \(result[index]).md"
                )
            }
        }
        return result
    }

    /// The content folder as the user would write it, from the destination they typed
    /// (`Content/skills` → `Content`).
    static func contentDisplay(_ destination: String, depth: Int) -> String {
        var parts = destination.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if parts.last == "" { parts.removeLast() }
        guard parts.count >= depth else { return "" }
        return parts.dropLast(depth).joined(separator: "/")
    }
}

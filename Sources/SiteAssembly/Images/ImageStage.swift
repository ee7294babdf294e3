import CatalogueModel
import ContentLoading
import Foundation
import ImageCoding
import PageRendering
import Parallel

/// The images stage, between load and model: every local skill image read once, checked and
/// sized for the boxes the theme shows it in (`SizedImage`), on all cores; files with the same
/// bytes once. An image that cannot be sized safely (unreadable, truncated, larger than the
/// pixel limit, SVG under another name) is a warning naming its file, and its skills show the
/// placeholder: it is not published.
enum ImageStage {
    struct Output: Sendable {
        var sized = SizedImages.none
        /// Distinct images sized by the encoder in this build, and those whose copies all came from the cache.
        var made = 0
        var reused = 0
        /// The cache keys of every copy this build made or found: what a pruned cache keeps.
        var cacheKeys: Set<String> = []
        /// Why nothing was sized though the site has local images: printed as a note.
        var note: String?
    }

    static let withoutLibvips =
        "images are published as they are: libvips could not be loaded (apt-get install libvips42, or set "
        + "SITEGEN_VIPS_LIBRARY to its file; see docs/images.md)"

    /// What a run found of each image, for the next run of a kept site (`sitegen serve`): a file
    /// that did not change since is neither read nor hashed again.
    struct Memo: Sendable {
        enum Found: Sendable {
            case image(hash: String, SizedImage)
            case unreadable(String)
        }

        var settings = ImageSettings()
        /// By content path.
        var found: [String: Found] = [:]
    }

    /// - Parameters:
    ///   - memo: the last run's findings, reused for each path `unchanged` says did not change.
    ///   - unchanged: whether the file at a content path is known not to have changed since `memo`.
    static func run(
        _ loaded: inout LoadedContent, location: ContentLocation, cache: ImageCache, memo: inout Memo,
        unchanged: (String) -> Bool = { _ in false }, _ log: inout DiagnosticLog
    ) -> Output {
        let settings = loaded.config.images
        let previous = memo.found
        let last = memo.settings == settings ? previous : [:]
        memo = Memo(settings: settings)
        guard settings.resize else { return Output() }
        var paths = Set<String>()
        for skill in loaded.skills {
            if case .local(let path)? = skill.image { paths.insert(path) }
        }
        // libvips is loaded only here, for a site that has images to size.
        guard paths.isEmpty || ImageCodec.isAvailable else { return Output(note: withoutLibvips) }
        let sorted = paths.sorted()
        var found: [String: Memo.Found] = [:]
        for path in sorted where unchanged(path) { found[path] = last[path] }
        let source = location.source
        let root = location.root
        let toRead = sorted.filter { found[$0] == nil }
        let read = toRead.parallelMapSingly { path in
            Result { () throws(RegularFile.Failure) -> (data: Data, hash: String) in
                let data = try source.read(root.appendingPathComponent(path), limit: InputLimits.staticFileBytes)
                return (data, AssetFingerprint.hex(of: data))
            }
        }
        var byHash: [String: SizedImage] = [:]
        for case .image(let hash, let image) in found.values { byHash[hash] = image }
        let remembered = Set(byHash.keys)
        // Each distinct content once, in a fixed order: copies found in the cache are the same
        // whichever file of a pair was sized first.
        var distinct: [String: Data] = [:]
        for case .success(let file) in read where byHash[file.hash] == nil { distinct[file.hash] = file.data }
        let hashes = distinct.keys.sorted()
        // The last run's copies, for images edited back or renamed: the memo holds them already.
        var withKept = cache
        if !hashes.isEmpty {
            for case .image(_, let image) in previous.values {
                for copy in image.made { withKept.kept[copy.key] = copy.data }
            }
        }
        let lookup = withKept
        let sized = hashes.map { ($0, distinct[$0] ?? Data()) }.parallelMapSingly { hash, data in
            SizedImage(data, hash: hash, settings: settings, cache: lookup)
        }
        for (hash, image) in zip(hashes, sized) { byHash[hash] = image }
        for (path, file) in zip(toRead, read) {
            switch file {
            case .failure(let failure): found[path] = .unreadable(failure.description)
            case .success(let file): found[path] = byHash[file.hash].map { .image(hash: file.hash, $0) }
            }
        }
        var output = Output()
        var used = Set<String>()
        for case .image(let hash, let image) in found.values where used.insert(hash).inserted {
            for copy in image.made { output.cacheKeys.insert(copy.key) }
            if case .sized = image.outcome {
                let encoded = !remembered.contains(hash) && !image.made.allSatisfy { $0.reused }
                if encoded { output.made += 1 } else { output.reused += 1 }
            }
        }
        memo.found = found
        var files: [OutputFile] = []
        for path in sorted {
            let display = location.display + "/" + path
            let outcome: SizedImage.Outcome
            switch found[path] {
            case .unreadable(let reason)?: outcome = .refused(reason)
            case .image(_, let image)?: outcome = image.outcome
            case nil: outcome = .refused("could not be sized")
            }
            switch outcome {
            case .refused(let reason):
                log.warning(display, "image \(reason); its skills show the placeholder")
                output.sized.refused.insert(path)
            case .sized(let sizing, let copies, let kind):
                let named = path.split(separator: ".").last.map { $0.lowercased() } ?? ""
                if !kind.extensions.contains(named) {
                    log.warning(
                        display,
                        "image holds \(kind.rawValue) data though its name says \(named); it is sized as \(kind.rawValue)"
                    )
                }
                guard sizing.isSized else { continue }
                // `a.png.56.png` may be another skill's own image: then `a.png` is shown as given.
                if let clash = copies.map({ path + $0.suffix }).first(where: paths.contains) {
                    let reason = "a copy of it would be named `\(clash)`, another skill's image"
                    log.warning(display, "image is shown as given: " + reason)
                    continue
                }
                output.sized.sizings[path] = sizing
                for copy in copies { files.append(OutputFile(path: path + copy.suffix, data: copy.data)) }
            }
        }
        output.sized.files = files.sorted { $0.path < $1.path }
        if !output.sized.refused.isEmpty {
            for index in loaded.skills.indices {
                if case .local(let path)? = loaded.skills[index].image, output.sized.refused.contains(path) {
                    loaded.skills[index].image = nil
                }
            }
        }
        return output
    }
}

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
        /// The content paths shown as the placeholder.
        var refused: Set<String> = []
        /// Distinct images sized by the encoder in this build, and those whose copies all came from the cache.
        var made = 0
        var reused = 0
        /// Every copy of this build, by key: what the next build of a kept site looks in first.
        var copies: [String: Data] = [:]
        /// Why nothing was sized though the site has local images: printed as a note.
        var note: String?
    }

    static let withoutLibvips =
        "images are published as they are: libvips could not be loaded (apt-get install libvips42, or set "
        + "SITEGEN_VIPS_LIBRARY to its file; see docs/images.md)"

    static func run(
        _ loaded: inout LoadedContent, location: ContentLocation, cache: ImageCache, _ log: inout DiagnosticLog
    ) -> Output {
        let settings = loaded.config.images
        guard settings.resize else { return Output() }
        var paths = Set<String>()
        for skill in loaded.skills {
            if case .local(let path)? = skill.image { paths.insert(path) }
        }
        // libvips is loaded only here, for a site that has images to size.
        guard paths.isEmpty || ImageCodec.isAvailable else { return Output(note: withoutLibvips) }
        let source = location.source
        let root = location.root
        let read = paths.sorted().parallelMapSingly { path in
            Result { () throws(RegularFile.Failure) -> (data: Data, hash: String) in
                let data = try source.read(root.appendingPathComponent(path), limit: InputLimits.staticFileBytes)
                return (data, AssetFingerprint.hex(of: data))
            }
        }
        // Each distinct content once, in a fixed order: copies found in the cache are the same
        // whichever file of a pair was sized first.
        var distinct: [String: Data] = [:]
        for case .success(let file) in read { distinct[file.hash] = file.data }
        let hashes = distinct.keys.sorted()
        let sized = hashes.map { ($0, distinct[$0] ?? Data()) }.parallelMapSingly { hash, data in
            SizedImage(data, hash: hash, settings: settings, cache: cache)
        }
        let byHash = Dictionary(uniqueKeysWithValues: zip(hashes, sized))
        var output = Output()
        for image in sized {
            for copy in image.made { output.copies[copy.key] = copy.data }
            if case .sized = image.outcome {
                if image.made.allSatisfy({ $0.reused }) { output.reused += 1 } else { output.made += 1 }
            }
        }
        var files: [OutputFile] = []
        for (path, file) in zip(paths.sorted(), read) {
            let display = location.display + "/" + path
            let outcome: SizedImage.Outcome
            switch file {
            case .failure(let failure): outcome = .refused(failure.description)
            case .success(let file): outcome = byHash[file.hash]?.outcome ?? .refused("could not be sized")
            }
            switch outcome {
            case .refused(let reason):
                log.warning(display, "image \(reason); its skills show the placeholder")
                output.refused.insert(path)
            case .sized(let sizing, let copies, let kind):
                let named = path.split(separator: ".").last.map { $0.lowercased() } ?? ""
                if !kind.extensions.contains(named) {
                    log.warning(
                        display,
                        "image holds \(kind.rawValue) data though its name says \(named); it is sized as \(kind.rawValue)"
                    )
                }
                guard sizing.isSized else { continue }
                output.sized.sizings[path] = sizing
                for copy in copies { files.append(OutputFile(path: path + copy.suffix, data: copy.data)) }
            }
        }
        output.sized.files = files.sorted { $0.path < $1.path }
        if !output.refused.isEmpty {
            for index in loaded.skills.indices {
                if case .local(let path)? = loaded.skills[index].image, output.refused.contains(path) {
                    loaded.skills[index].image = nil
                }
            }
        }
        return output
    }
}

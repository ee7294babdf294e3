import CatalogueModel
import ContentLoading
import Foundation
import PageRendering
import Parallel

/// One batch written into a sink on another thread, and how it went.
struct BatchWrite: Sendable {
    let result: Result<Void, any Error>
    let seconds: Double

    /// The sink is not `Sendable`: the build hands it to this write and touches it again only
    /// after waiting for it, so one thread at a time uses it.
    private struct Handed: @unchecked Sendable {
        let sink: any OutputSink
    }

    static func start(_ files: [OutputFile], into sink: any OutputSink, from source: ContentSource) -> Background<Self>
    {
        let handed = Handed(sink: sink)
        // Shared: the build waits for a batch's write when the next batch is rendered (as the
        // kernel's writing slows with a large site's files), and then writes beside it.
        return Background(sharing: true) {
            let clock = ContinuousClock()
            let start = clock.now
            let result = Result { try handed.sink.write(files, from: source) }
            return BatchWrite(result: result, seconds: (clock.now - start).seconds)
        }
    }
}

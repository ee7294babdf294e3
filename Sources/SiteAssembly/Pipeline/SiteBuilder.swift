import CatalogueModel
import ContentLoading
import Foundation
import PageRendering
import Parallel

/// A full build: the pipeline (`LiveSite.run`) with nothing kept. Content is read through the
/// options' content source and the site goes into an output folder, a sink or nowhere, so the
/// same pipeline builds on disk or in memory. The only stage that touches the output is the
/// last, and only when all others succeeded.
public enum SiteBuilder {
    /// Everything `build` does but the write (`sitegen check`): reading, validation, rendering
    /// every page and the link check. Throws when there are errors (or warnings, with `strict`).
    public static func check(_ options: BuildOptions) throws(BuildFailure) -> BuildReport {
        try run(options, into: .nowhere)
    }

    /// Builds into the output folder, which is replaced only when the whole build succeeded.
    public static func build(_ options: BuildOptions) throws(BuildFailure) -> BuildReport {
        try run(options, into: .folder)
    }

    /// Builds into `sink` instead of the output folder (`options.output` is not looked at).
    public static func build(_ options: BuildOptions, into sink: any OutputSink) throws(BuildFailure) -> BuildReport {
        try run(options, into: .sink(sink))
    }

    private static func run(_ options: BuildOptions, into destination: LiveSite.Destination) throws(BuildFailure)
        -> BuildReport
    {
        var site = LiveSite()
        return try site.run(options, into: destination).report
    }

    package static func fail(on diagnostics: [Diagnostic], strict: Bool) throws(BuildFailure) {
        let failing = diagnostics.contains { $0.severity == .error || (strict && $0.severity == .warning) }
        if failing {
            throw BuildFailure(
                strict
                    ? diagnostics.map {
                        var d = $0
                        d.severity = .error
                        return d
                    } : diagnostics)
        }
    }
}

extension Duration {
    package var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}

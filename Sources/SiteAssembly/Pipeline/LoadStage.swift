import CatalogueModel
import ContentLoading
import Foundation
import PageRendering

extension LiveSite {
    /// The load stage: `site.yml`, the skills and the ratings. Kept, a file whose stamp is the
    /// same as when it was read (and that is not in `changed`) is taken as it was parsed.
    mutating func load(
        _ options: BuildOptions, keeps: Bool, changed: Set<String>, changedOnly: Bool, appended: [AppendedVotes]
    ) -> LoadedContent {
        guard keeps else {
            return ContentLoader.load(
                options.content, baseURLOverride: options.baseURL, recordedVotes: options.recordedVotes)
        }
        return ContentLoader.load(
            options.content, baseURLOverride: options.baseURL, recordedVotes: options.recordedVotes,
            keeping: &parsed, changed: changed, changedOnly: changedOnly, appended: appended)
    }

    /// The theme stage: the templates, assets and strings in the site's language, and whether
    /// they are the last good build's (then its compiled theme is taken). `changed` is what the
    /// kernel named since the last run, when it named everything.
    mutating func theme(
        _ options: BuildOptions, language: String, changed: Set<String>?, _ log: inout DiagnosticLog
    ) -> (theme: Theme, same: Bool) {
        var theme: Theme
        // A change the kernel named that touched no template leaves the theme as it was
        // loaded (reading and compiling it was most of a vote's time for templates).
        if let changed, let kept = loadedTheme, kept.language == language, kept.folder == options.templates,
            !Self.touches(changed, folder: options.templates)
        {
            log.append(contentsOf: kept.diagnostics)
            theme = kept.theme
        } else {
            var themeLog = DiagnosticLog()
            theme = options.loadTheme(language: language, &themeLog)
            loadedTheme = LoadedTheme(
                theme: theme, diagnostics: themeLog.items, language: language, folder: options.templates)
            log.append(contentsOf: themeLog.items)
        }
        if let last, Self.sameFiles(theme, last.theme) { return (last.theme, true) }
        if let engine = options.templateEngine { theme.engine = engine(theme) }
        return (theme, false)
    }

    /// Whether a path in `changed` (as the watcher spells them) may lie in `folder`; true for a
    /// folder spelt otherwise than its standard path, whose events would not name it so.
    private static func touches(_ changed: Set<String>, folder: URL?) -> Bool {
        guard let folder else { return false }
        let path = folder.path
        guard path == folder.standardizedFileURL.path else { return true }
        return changed.contains { ParsedContent.path($0, touches: path) }
    }

    /// Whether two themes were loaded from the same templates, assets and strings.
    private static func sameFiles(_ a: Theme, _ b: Theme) -> Bool {
        a.assets == b.assets && a.strings == b.strings && a.sources.count == b.sources.count
            && a.sources.allSatisfy { name, source in b.sources[name].map { $0 == source } ?? false }
    }
}

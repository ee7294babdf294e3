import Foundation
import PackagePlugin

/// Generates `DefaultTheme.swift` from `Templates/` during the build, so `Templates/` is the theme's
/// only source and the binary still renders from any folder (CONTRIBUTING.md, "The built-in theme").
@main
struct EmbeddedThemePlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let templates = context.package.directoryURL.appending(path: "Templates")
        let output = context.pluginWorkDirectoryURL.appending(path: "DefaultTheme.swift")
        let (files, folders) = contents(of: templates)
        return [
            .buildCommand(
                displayName: "Building the theme into the binary",
                executable: try context.tool(named: "ThemeEmbedder").url,
                arguments: [output.path, templates.path] + files.map(\.path),
                // Every file, so an edit rebuilds; every folder too, whose modification time changes
                // when a file is added, because SwiftPM asks this plugin for its inputs only when it
                // plans a build, and it plans again only when a target's own folder changes.
                inputFiles: [templates] + folders + files,
                outputFiles: [output])
        ]
    }

    /// The files and folders below `folder`, hidden ones and what is inside them left out (as the
    /// content loader leaves them out).
    private func contents(of folder: URL) -> (files: [URL], folders: [URL]) {
        guard
            let walk = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
        else { return ([], []) }
        var files: [URL] = []
        var folders: [URL] = []
        for case let url as URL in walk {
            if (try? url.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory == true {
                folders.append(url)
            } else {
                files.append(url)
            }
        }
        return (files.sorted { $0.path < $1.path }, folders.sorted { $0.path < $1.path })
    }
}

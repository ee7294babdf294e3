import Foundation
import PackagePlugin

/// Writes `BuildInfo.swift` before each build of the command: the commit the binary is built from,
/// for `sitegen --version`. Outside a git checkout (a source archive) the commit is "unknown".
@main
struct BuildInfoPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "Generated")
        let script = """
            mkdir -p "$1" && commit=$(git -C "$2" rev-parse --short=12 HEAD 2>/dev/null || echo unknown) && \
            dirty=$(git -C "$2" status --porcelain --untracked-files=no 2>/dev/null | head -c 1) && \
            [ -n "$dirty" ] && commit="$commit (modified)"; \
            text="enum BuildInfo { static let commit = \\"$commit\\" }"; \
            [ "$(cat "$1/BuildInfo.swift" 2>/dev/null)" = "$text" ] || printf '%s\\n' "$text" > "$1/BuildInfo.swift"
            """
        return [
            .prebuildCommand(
                displayName: "Recording the commit for sitegen --version",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "sh", output.path, context.package.directoryURL.path],
                outputFilesDirectory: output)
        ]
    }
}

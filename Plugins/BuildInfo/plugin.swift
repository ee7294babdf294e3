import Foundation
import PackagePlugin

/// Writes `BuildInfo.swift`: the commit the binary is built from, for `sitegen --version`. Outside
/// a git checkout (a source archive) the commit is "unknown".
///
/// A build command whose inputs are git's `HEAD` and index, not a prebuild command: SwiftPM reuses
/// its build plan while `Package.swift` is unchanged, and with it a prebuild command's last output,
/// so a binary built after a commit named an older one. The index changes with every commit, `git
/// add` and checkout; the script then writes the file only when its text changed.
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
        let git = context.package.directoryURL.appending(path: ".git")
        let inputs = ["HEAD", "index"].map { git.appending(path: $0) }.filter {
            FileManager.default.fileExists(atPath: $0.path)
        }
        return [
            .buildCommand(
                displayName: "Recording the commit for sitegen --version",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "sh", output.path, context.package.directoryURL.path],
                inputFiles: inputs,
                outputFiles: [output.appending(path: "BuildInfo.swift")])
        ]
    }
}

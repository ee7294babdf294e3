// Benchmarks/incremental.sh: the kept build of `sitegen serve` (LiveSite) in one process, on a
// catalogue on disk: one whole build, then edits of a skill file, votes appended to a log, and a
// skill file added and deleted again,
// each applied as serve applies them (the changed path as inotify names it, the vote's line
// known). Prints the median wall and CPU time of each kind and the median of each stage.
// The numbers leave out serve's HTTP and its writes to the output folder: `incremental.py`
// measures those from outside. Not a test: nothing is asserted. Linked with mimalloc, as the
// command is (Sources/SitegenCLI/Allocator.swift).
import CMimalloc
import CatalogueModel
import ContentLoading
import Foundation
import Parallel
import SiteAssembly

let arguments = CommandLine.arguments.dropFirst()
func option(_ name: String) -> String? {
    guard let at = arguments.firstIndex(of: name), arguments.index(after: at) < arguments.endIndex else { return nil }
    return arguments[arguments.index(after: at)]
}
guard let contentPath = option("--content") else {
    print(
        "usage: incremental-benchmark --content DIR [--tries N] [--only KIND]   (DIR from Benchmarks/generate.py)")
    exit(2)
}
let tries = option("--tries").flatMap(Int.init) ?? 15
/// `edit`, `rename`, `vote`, `new skill` or `deleted skill` to time kinds alone (for a profiler), several
/// separated by commas; all by default. A new skill is deleted again by the next `deleted skill`,
/// timed or not.
let only = option("--only").map { Set($0.split(separator: ",").map(String.init)) }
let root = URL(fileURLWithPath: contentPath).standardizedFileURL
let location = ContentLocation(root: root, display: "Content")
let options = BuildOptions(content: location, templates: nil, output: URL(fileURLWithPath: "/nonexistent"))

/// Seconds of CPU this process has used, on all its threads.
func cpuSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

struct Sample {
    var wall: Double
    var cpu: Double
    var report: BuildReport
    /// Pages and files rendered again, and files whose bytes changed.
    var rendered: Int
    var written: Int
    /// Seconds until the edited skill's own page was made, when it was made before the rest.
    var first: Double?
}

var site = LiveSite()
@MainActor func measure(_ change: () throws -> (changed: Set<String>, appended: [AppendedVotes])) rethrows -> Sample {
    let (changed, appended) = try change()
    // As in `sitegen serve`, where a save rarely comes before the last build is freed.
    LaterRelease.settle()
    let cpu = cpuSeconds()
    let started = ContinuousClock.now
    var first: Double?
    do {
        let update = try site.apply(options, changed: changed, changedOnly: true, appended: appended) { _, _ in
            first = (ContinuousClock.now - started).seconds
        }
        return Sample(
            wall: (ContinuousClock.now - started).seconds, cpu: cpuSeconds() - cpu, report: update.report,
            rendered: update.rendered, written: update.written.count, first: first)
    } catch {
        print("build failed:", error.diagnostics.map(\.description).joined(separator: "\n"))
        exit(1)
    }
}

/// The measured runs, by kind. A function rather than top-level code: its values are locals
/// the closures capture, not main.swift's globals.
@MainActor func run() throws -> [(kind: String, samples: [Sample])] {
    let votes = root.appendingPathComponent("ratings/benchmark-votes.jsonl")
    try? FileManager.default.removeItem(at: votes)
    try Data(#"{"skill":"none","stars":5}"#.utf8 + [0x0A]).write(to: votes)
    let first = measure { ([], []) }
    print(
        "whole build: \(String(format: "%.2f", first.wall)) s wall, \(String(format: "%.2f", first.cpu)) s CPU",
        "(mimalloc \(mi_version()))")

    let skillFiles =
        (FileManager.default.enumerator(atPath: root.appendingPathComponent("skills").path)?
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".md") }.sorted()) ?? []
    guard !skillFiles.isEmpty else {
        print("no .md skills under \(contentPath)/skills")
        exit(2)
    }
    var samples: [String: [Sample]] = [:]
    // Edited files are put back at the end: the catalogue is the same for the next run (and for
    // comparing builds of it).
    var originals: [URL: Data] = [:]
    defer { for (file, data) in originals { try? data.write(to: file) } }
    func timed(_ kind: String, _ change: () throws -> (changed: Set<String>, appended: [AppendedVotes])) rethrows {
        guard only?.contains(kind) ?? true else { return }
        samples[kind, default: []].append(try measure(change))
    }
    for attempt in 0..<tries {
        let file = root.appendingPathComponent("skills").appendingPathComponent(
            skillFiles[(attempt * 7919) % skillFiles.count])
        try timed("edit") {
            if originals[file] == nil { originals[file] = try Data(contentsOf: file) }
            let text = try String(contentsOf: file, encoding: .utf8)
            try Data((text + " edited\(attempt)\n").utf8).write(to: file)
            return ([file.path], [])
        }
        // A name shows on listings, group pages and other skills' related lists as well.
        let renamed = root.appendingPathComponent("skills").appendingPathComponent(
            skillFiles[(attempt * 6007 + 3) % skillFiles.count])
        try timed("rename") {
            if originals[renamed] == nil { originals[renamed] = try Data(contentsOf: renamed) }
            let text = try String(contentsOf: renamed, encoding: .utf8)
            try Data(text.replacingOccurrences(of: "name: \"", with: "name: \"Renamed\(attempt) ").utf8).write(
                to: renamed)
            return ([renamed.path], [])
        }
        let voted = skillFiles[(attempt * 104_729 + 13) % skillFiles.count].dropLast(3)
        try timed("vote") {
            let line = #"{"skill":"\#(voted)","stars":4,"user":"benchmark-\#(attempt)"}"# + "\n"
            let before = location.source.stamp(votes.path)
            let handle = try FileHandle(forWritingTo: votes)
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(line.utf8))
            try handle.close()
            guard let before, let after = location.source.stamp(votes.path) else { return ([votes.path], []) }
            return (
                [votes.path],
                [
                    AppendedVotes(
                        path: votes.path, lines: line, skill: String(voted), user: "benchmark-\(attempt)",
                        before: before, after: after)
                ]
            )
        }
        // A new skill beside the edited one, deleted again by the next change.
        let added = file.deletingLastPathComponent().appendingPathComponent("benchmark-new-\(attempt).md")
        try timed("new skill") {
            let text = try String(contentsOf: file, encoding: .utf8)
            try Data(text.replacingOccurrences(of: "name: \"", with: "name: \"New ").utf8).write(to: added)
            return ([added.path], [])
        }
        // Deleted even when not timed: a new skill left behind would be an edit in the next run.
        let delete = { () -> (changed: Set<String>, appended: [AppendedVotes]) in
            try? FileManager.default.removeItem(at: added)
            return ([added.path], [])
        }
        if only?.contains("deleted skill") ?? true {
            timed("deleted skill", delete)
        } else if only?.contains("new skill") ?? true {
            _ = measure(delete)
        }
    }
    try? FileManager.default.removeItem(at: votes)
    return ["edit", "rename", "vote", "new skill", "deleted skill"].compactMap { kind in
        samples[kind].map { (kind, $0) }
    }
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
for (name, samples) in try run() {
    let wall = samples.map(\.wall)
    print(
        "\(name): median \(String(format: "%.0f", median(wall) * 1000)) ms wall (min \(String(format: "%.0f", (wall.min() ?? 0) * 1000))), "
            + "\(String(format: "%.0f", median(samples.map(\.cpu)) * 1000)) ms CPU, \(samples.count) tries; last: \(samples.last?.rendered ?? 0) rendered, \(samples.last?.written ?? 0) written"
    )
    let firsts = samples.compactMap(\.first)
    if !firsts.isEmpty {
        print(
            "    its own page first: median \(String(format: "%.0f", median(firsts) * 1000)) ms "
                + "(min \(String(format: "%.0f", (firsts.min() ?? 0) * 1000))), \(firsts.count) of \(samples.count) tries"
        )
    }
    // Each stage's median over the tries: one try's stages are as noisy as its whole.
    let names = samples.first?.report.stages.map(\.name) ?? []
    let width = names.map(\.count).max() ?? 0
    for name in names {
        let seconds = median(samples.map { $0.report.stages.first { $0.name == name }?.seconds ?? 0 })
        print(
            "    " + name.padding(toLength: width + 2, withPad: " ", startingAt: 0)
                + String(format: "%6.1f ms", seconds * 1000))
    }
}

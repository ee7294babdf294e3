import CatalogueModel
import Foundation
import Parallel

/// How long each named stage of a build took; a stage run once per batch (render, link check,
/// write) adds up. `sitegen build --verbose` prints them. A batch is written while the next one
/// renders, so the stages can add up to more than the whole build.
struct StageTimes {
    /// In pipeline order, which is the order they are reported in.
    enum Stage: String, CaseIterable {
        case load, images, templates, model
        /// The renderer's preparation: every description through Markdown, the listings' data.
        case renderSetup = "render setup"
        case plan, render
        case linkCheck = "link check"
        case write
    }

    private var seconds: [Stage: Double] = [:]
    private let clock = ContinuousClock()

    /// The stages that ran, in pipeline order, with their seconds.
    var stages: [(name: String, seconds: Double)] {
        Stage.allCases.compactMap { stage in seconds[stage].map { (stage.rawValue, $0) } }
    }

    /// Adds `seconds` to `stage`: for work timed on another thread.
    package mutating func add(_ seconds: Double, to stage: Stage) {
        self.seconds[stage, default: 0] += seconds
    }

    /// Moves a share of `from`'s time to `to`: the link check's part of a render that checked
    /// each run of pages as it made them (`seconds` of it on all cores, counted as its share of
    /// the render's wall time).
    package mutating func move(coreSeconds seconds: Double, from: Stage, to: Stage) {
        let share = min(seconds / Double(Cores.active), self.seconds[from] ?? 0)
        self.seconds[from, default: 0] -= share
        self.seconds[to, default: 0] += share
    }

    package mutating func time<T, E: Error>(_ stage: Stage, _ body: () throws(E) -> T) throws(E) -> T {
        let start = clock.now
        defer { seconds[stage, default: 0] += (clock.now - start).seconds }
        return try body()
    }
}

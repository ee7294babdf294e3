import Foundation

/// How long each named stage of a build took, in the order the stages first ran; a stage run
/// once per batch (render, link check, write) adds up. `sitegen build --verbose` prints them.
struct StageTimes {
    enum Stage: String {
        case load, templates, model
        /// The renderer's preparation: every description through Markdown, the listings' data.
        case renderSetup = "render setup"
        case plan, render
        case linkCheck = "link check"
        case write
    }

    private(set) var stages: [(name: String, seconds: Double)] = []
    private let clock = ContinuousClock()

    mutating func time<T, E: Error>(_ stage: Stage, _ body: () throws(E) -> T) throws(E) -> T {
        let start = clock.now
        defer { add(stage, (clock.now - start).seconds) }
        return try body()
    }

    private mutating func add(_ stage: Stage, _ seconds: Double) {
        if let index = stages.firstIndex(where: { $0.name == stage.rawValue }) {
            stages[index].seconds += seconds
        } else {
            stages.append((stage.rawValue, seconds))
        }
    }
}

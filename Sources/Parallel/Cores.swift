import Foundation

/// How many cores the process may run on, read once: `ProcessInfo.activeProcessorCount` reads
/// the control group's quota and CPU set from files on every call, and a build asked for it at
/// every parallel step (thousands of times, 0.7 % of a build of 10,000 skills).
/// `sitegen serve` reads it when it starts: a CPU limit changed while it runs is not seen.
package enum Cores {
    package static let active = ProcessInfo.processInfo.activeProcessorCount
}

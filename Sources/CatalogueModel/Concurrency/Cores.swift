import Foundation

/// How many cores the process may run on, read once: `ProcessInfo.activeProcessorCount` reads
/// the control group's quota and CPU set from files on every call, and a build asked for it at
/// every parallel step (thousands of times, 0.7 % of a build of 10,000 skills).
package enum Cores {
    package static let active = ProcessInfo.processInfo.activeProcessorCount
}

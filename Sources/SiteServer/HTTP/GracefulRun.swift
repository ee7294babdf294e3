import Hummingbird
import Logging
import ServiceLifecycle

/// Runs a server application until the caller is cancelled (or, with `handlesSignals`, until
/// SIGINT or SIGTERM), shutting it down gracefully: open requests finish, so a vote being
/// committed is still answered. The service group runs outside the caller's task for that reason.
enum GracefulRun {
    static func run(_ app: some Service, handlesSignals: Bool, logger: Logger) async throws {
        let services = ServiceGroup(
            configuration: .init(
                services: [app], gracefulShutdownSignals: handlesSignals ? [.sigterm, .sigint] : [], logger: logger))
        let serving = Task { try await services.run() }
        try await withTaskCancellationHandler {
            try await serving.value
        } onCancel: {
            Task { await services.triggerGracefulShutdown() }
        }
    }
}

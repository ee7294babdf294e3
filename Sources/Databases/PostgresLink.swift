import Foundation
import Logging
import PostgresNIO

/// A PostgreSQL pool that answers within a deadline, says at once while the server is down, and
/// is back as soon as the server is. PostgresNIO's pool, left alone, queues a query while it cannot
/// connect and fails the queue only when its circuit breaker trips after 60 s
/// (postgres-nio 1.33.2, `ConnectionPool.swift:135`, not configurable through `PostgresClient`),
/// longer than a proxy waits; and it retries with a backoff of 100 ms × 1.25ⁿ, up to a minute
/// (`PoolStateMachine.swift:876`), so after an outage it stays away for seconds after the server
/// is back. Here an operation that finds the server unreachable marks it down and replaces the
/// pool (a new one has no backoff); until a probe connects, operations fail at once.
package actor PostgresLink {
    package static let logger = Logger(label: "sitegen.database")

    package let address: PostgresAddress
    private var client: PostgresClient
    private var running: Task<Void, Never>
    private var down = false
    private var probe: (started: ContinuousClock.Instant, result: Task<Bool, Never>)?

    /// How long a request's statement may take, pool lease included: well inside a proxy's 60 s,
    /// so the voter gets a 503 to retry rather than the proxy's 504.
    package static let requestDeadline: Duration = .seconds(4)
    /// For the work of a build (every vote, the search index's update), which is large but not urgent.
    package static let bulkDeadline: Duration = .seconds(120)
    /// At most one probe this often while the server is down; the requests between fail at once.
    static let probeInterval: Duration = .milliseconds(250)

    init(_ address: PostgresAddress) {
        self.address = address
        let client = PostgresClient(configuration: address.clientConfiguration)
        self.client = client
        self.running = Task { await client.run() }
    }

    /// A link for `body` to tables `schema` brought to its latest version first, holding `lock`
    /// while it migrates; the link's connections close when `body` returns.
    package static func with<T: Sendable>(
        _ address: PostgresAddress, migrating schema: Schema, lock: Int64, _ body: (PostgresLink) async throws -> T
    ) async throws -> T {
        // Migrated over one connection of its own first: an unreachable server or a wrong password
        // fails here at once, where the pool would retry for a minute before giving up.
        try await schema.migrate(address, lock: lock)
        let link = PostgresLink(address)
        do {
            let result = try await body(link)
            await link.close()
            return result
        } catch {
            await link.close()
            throw error
        }
    }

    private func close() async {
        running.cancel()
        await running.value
    }

    /// Runs `operation` on the pool within `deadline`. Throws `PostgresUnavailable` when the
    /// server cannot be reached (or did not answer in time), else what `operation` throws.
    package func perform<T: Sendable>(
        within deadline: Duration = requestDeadline,
        _ operation: @escaping @Sendable (PostgresClient) async throws -> T
    ) async throws -> T {
        if down {
            guard await reachable() else { throw PostgresUnavailable(reason: "the server does not answer") }
        }
        let client = self.client
        do {
            return try await Deadline.run(
                within: deadline, orThrow: PostgresUnavailable(reason: "no answer within \(deadline)")
            ) { try await operation(client) }
        } catch {
            guard Self.meansUnreachable(error) else { throw error }
            markDown(client)
            throw PostgresUnavailable(
                reason: error is PostgresUnavailable
                    ? "no answer within \(deadline)" : PostgresProblem.describe(error))
        }
    }

    /// `perform`, throwing what goes wrong as an error that names the database.
    package func named<T: Sendable>(
        within deadline: Duration, _ operation: @escaping @Sendable (PostgresClient) async throws -> T
    ) async throws(DatabaseFailure) -> T {
        do {
            return try await perform(within: deadline, operation)
        } catch let error as PostgresUnavailable {
            throw DatabaseFailure(database: address.display, error.description, unavailable: true)
        } catch {
            throw DatabaseFailure(database: address.display, PostgresProblem.describe(error))
        }
    }

    /// Replaces the pool the failure came from (once, however many operations saw it fail).
    private func markDown(_ failed: PostgresClient) {
        // A late failure of a pool replaced already says nothing about the server now.
        guard failed === client else { return }
        if !down { probe = nil }
        down = true
        running.cancel()
        let fresh = PostgresClient(configuration: address.clientConfiguration)
        client = fresh
        running = Task { await fresh.run() }
    }

    /// Whether a connection of its own gets through now. Probes are shared, and spaced: a request
    /// soon after a failed probe waits for the next one rather than failing on the old answer, so
    /// the first request after the server is back finds it.
    private func reachable() async -> Bool {
        if let probe {
            if await probe.result.value { return true }
            let due = probe.started + Self.probeInterval
            if ContinuousClock.now < due { try? await Task.sleep(until: due, clock: .continuous) }
            if let latest = self.probe, latest.started != probe.started { return await latest.result.value }
        }
        let now = ContinuousClock.now
        let address = self.address
        let result = Task { () -> Bool in
            guard var configuration = try? address.connectionConfiguration() else { return false }
            configuration.options.connectTimeout = .seconds(2)
            guard
                let connection = try? await PostgresConnection.connect(
                    configuration: configuration, id: 0, logger: PostgresLink.logger)
            else { return false }
            try? await connection.close()
            return true
        }
        probe = (now, result)
        let up = await result.value
        if up { down = false }
        return up
    }

    /// Anything but the server's own refusal of a statement: a closed connection, a connect that
    /// failed, the pool giving up, a deadline; and the server's words for "not now" (SQLSTATE
    /// class 08, connection exception; 57P01–57P03, shutting down or starting; 53300, too many clients).
    static func meansUnreachable(_ error: any Error) -> Bool {
        if let error = error as? PostgresTransactionError {
            guard let inner = error.beginError ?? error.commitError ?? error.closureError else { return true }
            return meansUnreachable(inner)
        }
        guard let error = error as? PSQLError else { return !(error is CancellationError) }
        guard let state = error.serverInfo?[.sqlState] else { return true }
        return state.hasPrefix("08") || ["57P01", "57P02", "57P03", "53300"].contains(state)
    }
}

/// The server could not be reached, or did not answer in time: try again in a few seconds.
package struct PostgresUnavailable: Error, CustomStringConvertible {
    package var reason: String
    package var description: String { "PostgreSQL is unavailable: \(reason)" }
}

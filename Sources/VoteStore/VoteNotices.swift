import Databases
import PostgresNIO

/// What another instance sharing the store did, as `VoteStore.followOtherWriters` hears it.
public enum OtherWriters: Sendable, Equatable {
    /// It committed a vote for `skill`.
    case voted(skill: String)
    /// Listening (again): votes committed while not listening were not heard, so the caller
    /// reads the store afresh. `afterLoss` says the connection had been lost.
    case listening(afterLoss: Bool)
    /// The connection it listened on is lost (or none could be made); it is made again.
    case lost
}

/// PostgreSQL's LISTEN/NOTIFY for votes: a vote's own statement sends a notice, which the server
/// delivers on commit to every session listening in the database (and to none if the statement
/// kept a later vote). The payload is the recording store's id, a space, and the skill.
enum VoteNotices {
    static let channel = "sitegen_votes"

    static func payload(store: String, skill: String) -> String { store + " " + skill }

    /// The skill of a notice from a store other than `store`; nil for its own or a stranger's.
    static func skill(in payload: String, from other: String) -> String? {
        guard let space = payload.firstIndex(of: " ") else { return nil }
        let sender = payload[..<space]
        guard sender != other, sender.utf8.count == 36 else { return nil }
        return String(payload[payload.index(after: space)...])
    }

    /// How often an idle listening connection is asked whether it is still there: a network that
    /// drops packets without closing the connection would otherwise go unnoticed for good, since
    /// a listener only ever reads.
    static let keepAliveInterval: Duration = .seconds(15)

    private struct Silent: Error {}

    private static func keepAlive(_ connection: PostgresConnection) async throws {
        while true {
            try await Task.sleep(for: keepAliveInterval)
            try await Deadline.run(within: PostgresLink.requestDeadline, orThrow: Silent()) {
                _ = try await connection.wholeResult("SELECT 1", logger: PostgresVoteStore.logger)
            }
        }
    }

    /// Listens over a connection of its own until cancelled. A lost connection (the server
    /// stopped or restarted, the network cut) is made again, 250 ms after the loss and then
    /// at most every 2 s, without end: the service outlives an outage of its database.
    static func follow(
        _ address: PostgresAddress, ignoring store: String, _ heard: @escaping @Sendable (OtherWriters) async -> Void
    ) async {
        var lost = false
        var wait = Duration.milliseconds(250)
        while !Task.isCancelled {
            do {
                var configuration = try address.connectionConfiguration()
                configuration.options.connectTimeout = .seconds(2)
                let connection = try await PostgresConnection.connect(
                    configuration: configuration, id: 0, logger: PostgresVoteStore.logger)
                do {
                    try await connection.listen(on: channel) { notices in
                        await heard(.listening(afterLoss: lost))
                        lost = false
                        wait = .milliseconds(250)
                        try await withThrowingTaskGroup(of: Void.self) { group in
                            group.addTask {
                                for try await notice in notices {
                                    if let skill = skill(in: notice.payload, from: store) {
                                        await heard(.voted(skill: skill))
                                    }
                                }
                            }
                            group.addTask { try await keepAlive(connection) }
                            // Whichever ends first (the server closed the connection, or it stopped
                            // answering) ends the other, and the connection is made again.
                            _ = try await group.next()
                            group.cancelAll()
                        }
                    }
                } catch {}
                try? await connection.close()
            } catch {}
            guard !Task.isCancelled else { return }
            if !lost { await heard(.lost) }
            lost = true
            try? await Task.sleep(for: wait)
            wait = min(wait * 2, .seconds(2))
        }
    }
}

import Foundation
import Testing

@testable import CatalogueModel
@testable import VoteStore

/// The server ending the store's connection while a large result is on its way: what a
/// PostgreSQL that is stopped does to every connection (SIGTERM to each backend, as
/// `pg_terminate_backend` sends to one). A backend blocked on a full socket then closes it
/// without a last message, so the rows already sent arrive with the end of the connection. The
/// read fails as "unavailable" and the process lives on; the next read has every vote.
@Suite struct EndedReadTests {
    static let votes = 200_000

    @Test(.enabled("needs a PostgreSQL server in SITEGEN_TEST_POSTGRES") { TestPostgres.address != nil })
    func aConnectionEndedWhileVotesStreamFailsTheReadAndNotTheProcess() async throws {
        try await Backend.postgres.withEmptyDatabase { database in
            try await database.withStore(create: true) { (store: any VoteStore) async throws in
                // About 19 MB of rows: more than a socket's buffers, so the server waits on the reader.
                try await RawSQL.execute(
                    [
                        """
                        INSERT INTO sitegen_votes (skill, voter, stars, voted_at, comment)
                        SELECT 'group/skill-' || (g % 100), 'voter-' || g, 1 + g % 5, 1709287200000 + g, repeat('x', 40)
                        FROM generate_series(1, \(Self.votes)) AS g
                        """
                    ], in: database)
                var ended = 0
                for attempt in 1...4 {
                    let read = Task { try await store.votes() }
                    try await Task.sleep(for: .milliseconds(40 * attempt))
                    try await RawSQL.execute(
                        [
                            """
                            SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                            WHERE datname = current_database() AND pid <> pg_backend_pid()
                            """
                        ], in: database)
                    switch await read.result {
                    case .success(let votes):
                        #expect(votes.count == Self.votes, "attempt \(attempt): a whole read has every vote")
                    case .failure(let error):
                        ended += 1
                        let failure = error as? VoteStoreError
                        #expect(failure?.unavailable == true, "attempt \(attempt): \(error)")
                    }
                }
                // A read that always finished before the end came would test nothing.
                #expect(ended > 0, "no read was under way when its connection ended")
                #expect(try await store.votes().count == Self.votes)
            }
        }
    }
}

import Logging
import PostgresNIO

/// Every statement runs through these, which take a result whole instead of as an `AsyncSequence`.
/// postgres-nio 1.33.2 stops reading after each batch of rows that the sequence's consumer has
/// not taken yet (`AdaptiveRowBuffer.didYield` always says stop, `PostgresRowSequence.swift:137`);
/// when the server closes the connection in that gap, NIO hands over the rows still in the socket
/// without a read and the row stream's state machine stops the process
/// (`RowStreamStateMachine.swift:94`, "How can we receive a body part, after a
/// channelReadComplete…"). The collecting API (`PSQLRowStream.all()`) asks for more rows in the
/// same event-loop turn as each batch arrives, so there is no gap. A vote store's rows fit in memory anyway.
extension PostgresConnection {
    /// The rows of `query`, all of them; a closed connection fails the statement like any other error.
    @discardableResult
    package func wholeResult(_ query: PostgresQuery, logger: Logger) async throws -> [PostgresRow] {
        let result: EventLoopFuture<PostgresQueryResult> = self.query(query, logger: logger)
        return try await result.get().rows
    }
}

extension PostgresClient {
    /// `PostgresConnection.wholeResult` on a connection leased from the pool.
    @discardableResult
    package func wholeResult(_ query: PostgresQuery, logger: Logger) async throws -> [PostgresRow] {
        try await withConnection { connection in try await connection.wholeResult(query, logger: logger) }
    }
}

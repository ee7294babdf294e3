/// The vote store's tables, built up by numbered migrations. `sitegen_schema` holds one row, the
/// version the database is at; opening a store applies the migrations after it, in one
/// transaction, and refuses a version above `latest` (a newer sitegen's database) untouched.
/// Migrations only ever add: a release that needs a table changed adds a migration that copies,
/// never one that drops what a user's votes are in.
enum VoteSchema {
    struct Migration: Sendable {
        var version: Int
        var sqlite: [String]
        var postgres: [String]
    }

    /// The version table itself, created when missing (it is not a migration: it records them).
    static let createVersionTable = "CREATE TABLE IF NOT EXISTS sitegen_schema (version INTEGER NOT NULL)"

    static let migrations: [Migration] = [
        // One row per voter per skill. The time is milliseconds since 1970 (UTC) on both backends,
        // so a vote reads back exactly and orders without time zones. `COLLATE "C"` makes
        // PostgreSQL order text by bytes, as SQLite does, so `votes()` agrees on both.
        Migration(
            version: 1,
            sqlite: [
                """
                CREATE TABLE sitegen_votes (
                    skill TEXT NOT NULL,
                    voter TEXT NOT NULL,
                    stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5),
                    voted_at INTEGER NOT NULL,
                    PRIMARY KEY (skill, voter)
                ) WITHOUT ROWID
                """
            ],
            postgres: [
                """
                CREATE TABLE sitegen_votes (
                    skill TEXT COLLATE "C" NOT NULL,
                    voter TEXT COLLATE "C" NOT NULL,
                    stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5),
                    voted_at BIGINT NOT NULL,
                    PRIMARY KEY (skill, voter)
                )
                """
            ]
        ),
        // A voter's words beside the stars, for reviews later; nothing reads it into pages yet.
        Migration(
            version: 2,
            sqlite: ["ALTER TABLE sitegen_votes ADD COLUMN comment TEXT"],
            postgres: ["ALTER TABLE sitegen_votes ADD COLUMN comment TEXT"]
        ),
    ]

    static var latest: Int { migrations.last?.version ?? 0 }

    /// The migrations a database at `version` still needs; nil when it is newer than this sitegen.
    static func pending(after version: Int) -> [Migration]? {
        guard version <= latest else { return nil }
        return migrations.filter { $0.version > version }
    }
}

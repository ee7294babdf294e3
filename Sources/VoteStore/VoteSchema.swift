import Databases

/// The vote store's tables (`Schema`), versioned in `sitegen_schema`.
enum VoteSchema {
    static let tables = Schema(name: "vote", versionTable: "sitegen_schema", migrations: migrations)

    static var latest: Int { tables.latest }

    static let migrations: [Schema.Migration] = [
        // One row per voter per skill. The time is milliseconds since 1970 (UTC) on both backends,
        // so a vote reads back exactly and orders without time zones. `COLLATE "C"` makes
        // PostgreSQL order text by bytes, as SQLite does, so `votes()` agrees on both.
        Schema.Migration(
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
        Schema.Migration(
            version: 2,
            sqlite: ["ALTER TABLE sitegen_votes ADD COLUMN comment TEXT"],
            postgres: ["ALTER TABLE sitegen_votes ADD COLUMN comment TEXT"]
        ),
        // The rate limit that instances sharing the database share (`VoteRateLimit`): one token
        // bucket per client, refilled by the database's clock. A bucket untouched for a whole
        // period is full, the same as none, so such rows are swept, by a scan once a period: an
        // index on the time would make every vote's update of its bucket write the index too
        // (no HOT update). SQLite's one writer keeps its limit in memory.
        Schema.Migration(
            version: 3,
            sqlite: [],
            postgres: [
                """
                CREATE TABLE sitegen_rate_buckets (
                    client TEXT COLLATE "C" PRIMARY KEY,
                    tokens DOUBLE PRECISION NOT NULL,
                    updated_at BIGINT NOT NULL,
                    admitted BOOLEAN NOT NULL
                )
                """
            ]
        ),
    ]
}

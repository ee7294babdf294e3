import Databases

/// The search index's tables (`Schema`), with a version table of their own
/// (`sitegen_search_schema`): the index may share a database with the votes, and each part
/// upgrades on its own. Though the index can always be made again from the content, it is never
/// dropped behind the user's back.
enum SearchSchema {
    static let tables = Schema(name: "search index", versionTable: "sitegen_search_schema", migrations: migrations)

    static let migrations: [Schema.Migration] = [
        // One row per skill: its id, the digest of its text as written (what an update compares),
        // and the rating that breaks ties. SQLite keeps the text in an FTS5 table beside it, joined
        // by rowid; `unicode61 remove_diacritics 2` folds case and accents, and the prefix indexes
        // make the prefix match of each query word cheap. PostgreSQL keeps the text in the row and
        // a weighted tsvector made from it (A name, B examples, C the rest) under a GIN index; the
        // `simple` configuration folds case and stems nothing, as FTS5 does, in any language.
        Schema.Migration(
            version: 1,
            sqlite: [
                """
                CREATE TABLE sitegen_search_skills (
                    docid INTEGER PRIMARY KEY,
                    id TEXT NOT NULL UNIQUE,
                    digest TEXT NOT NULL,
                    score REAL NOT NULL,
                    votes INTEGER NOT NULL
                )
                """,
                """
                CREATE VIRTUAL TABLE sitegen_search_text USING fts5(
                    name, examples, description, author, grp,
                    tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3')
                """,
            ],
            postgres: [
                """
                CREATE TABLE sitegen_search_skills (
                    id TEXT COLLATE "C" PRIMARY KEY,
                    digest TEXT NOT NULL,
                    score DOUBLE PRECISION NOT NULL,
                    votes INTEGER NOT NULL,
                    name TEXT NOT NULL,
                    examples TEXT NOT NULL,
                    description TEXT NOT NULL,
                    author TEXT NOT NULL,
                    grp TEXT NOT NULL,
                    document tsvector GENERATED ALWAYS AS (
                        setweight(to_tsvector('simple'::regconfig, name), 'A')
                        || setweight(to_tsvector('simple'::regconfig, examples), 'B')
                        || setweight(to_tsvector('simple'::regconfig, description || ' ' || author || ' ' || grp), 'C')
                    ) STORED
                )
                """,
                "CREATE INDEX sitegen_search_document ON sitegen_search_skills USING GIN (document)",
            ]
        )
    ]

    /// Relevance weights, name first. bm25 takes one per FTS5 column (name, examples,
    /// description, author, group); ts_rank_cd one per tsvector weight, D to A.
    static let bm25Weights = "10.0, 4.0, 1.0, 1.0, 1.0"
    static let tsRankWeights = "{0.1, 0.1, 0.4, 1.0}"
}

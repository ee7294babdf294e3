// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "sitegen",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "sitegen", targets: ["SitegenCLI"]),
        .library(name: "SiteGen", targets: ["CatalogueModel", "ContentLoading", "PageRendering", "SiteAssembly"]),
        // For Fuzz/'s FuzzTemplate, which drives the engine alone.
        .library(name: "MustacheCompiler", targets: ["MustacheCompiler"]),
        // What only tests and Fuzz/ use: the readers from raw bytes, the engine under hostile
        // input, a site built into memory. Kept out of the library that ships.
        .library(name: "SiteGenTesting", targets: ["SiteGenTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.0.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
        // The vote store's two backends (issue #16): SQLite, the embedded default, and PostgreSQL.
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
        // SHA-256 for the content hash in theme assets' names (postgres-nio builds it already).
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
    ],
    targets: [
        // The system libcmark (Debian libcmark-dev), wrapped once by `Markdown` in PageRendering.
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]
        ),
        // The system libvips (Debian libvips-dev), wrapped once by `ImageCodec` in ImageCoding.
        // No pkgConfig: its flags carry a `-pthread` SwiftPM warns of (see Sources/CVips/shim.h).
        .systemLibrary(
            name: "CVips",
            providers: [.apt(["libvips-dev"])]
        ),
        // renameat2/renamex_np, which Swift's system modules do not declare: the output swap.
        .target(name: "CFolderSwap"),
        // The command's allocator (Debian libmimalloc-dev): see Sources/SitegenCLI/Allocator.swift.
        .systemLibrary(
            name: "CMimalloc",
            providers: [.apt(["libmimalloc-dev"]), .brew(["mimalloc"])]
        ),
        // Mustache templates compiled once per build and rendered from typed page data.
        .target(name: "MustacheCompiler"),
        // swift-mustache rendering the same typed data: the reference the compiled engine must equal.
        .target(
            name: "MustacheOracle",
            dependencies: [
                "MustacheCompiler",
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        // The layers of the engine, lowest first: each imports only targets listed before it
        // (scripts/check-layers enforces it; CONTRIBUTING.md draws them).
        // Images' bytes to smaller ones in web formats (libvips): no files, no model.
        .target(name: "ImageCoding", dependencies: ["CVips"]),
        // Work on all cores (parallel maps, background tasks, releases off the critical path): the
        // threading every layer uses, kept out of the model's values.
        .target(name: "Parallel"),
        // Skills, counts, statistics, diagnostics: pure values, no file APIs.
        .target(name: "CatalogueModel", dependencies: ["Parallel"]),
        // Readers: from the content source's bytes to the model.
        .target(
            name: "ContentLoading",
            dependencies: [
                "CatalogueModel",
                "Parallel",
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        // Templates, SVG, HTML, feeds and API: from the model to bytes. The libcmark wrapper lives here.
        .target(
            name: "PageRendering",
            dependencies: [
                "CatalogueModel",
                "Parallel",
                "CCmark",
                "MustacheCompiler",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            // DefaultTheme.swift, generated from Templates/ at build time.
            plugins: ["EmbeddedTheme"]
        ),
        // What both databases' users share: PostgreSQL addresses and connections with their
        // deadlines, the schema migrations, the error that names a database.
        .target(
            name: "Databases",
            dependencies: [
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        // Votes kept in a database (SQLite or PostgreSQL): recorded one per voter per skill, read
        // back as the same events a `.jsonl` rating file holds.
        .target(
            name: "VoteStore",
            dependencies: [
                "CatalogueModel",
                "ContentLoading",
                "Databases",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        // The catalogue's full-text index: SQLite FTS5 or PostgreSQL full-text search, in the vote
        // store's databases.
        .target(
            name: "CatalogueSearch",
            dependencies: [
                "CatalogueModel",
                "Databases",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        // The build: the plan's execution, the writer, staging and the swap, the link check, import.
        .target(
            name: "SiteAssembly",
            dependencies: [
                "CatalogueModel",
                "Parallel",
                "ContentLoading",
                "PageRendering",
                "MustacheCompiler",
                "CFolderSwap",
                "ImageCoding",
            ]
        ),
        // Test-only entry points (see the product above): above the build, used by nothing that ships.
        .target(
            name: "SiteGenTesting",
            dependencies: [
                "CatalogueModel", "ContentLoading", "PageRendering", "MustacheCompiler", "SiteAssembly", "ImageCoding",
            ]
        ),
        // `sitegen serve`: HTTP lives here so the engine's layers stay free of it.
        .target(
            name: "SiteServer",
            dependencies: [
                "CatalogueModel",
                "ContentLoading",
                "PageRendering",
                "SiteAssembly",
                "CatalogueSearch",
                "Databases",
                "VoteStore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // Named apart from the library so the two never collide on case-insensitive file systems.
        .executableTarget(
            name: "SitegenCLI",
            dependencies: [
                "CatalogueModel",
                "ContentLoading",
                "PageRendering",
                "SiteAssembly",
                "SiteServer",
                "VoteStore",
                "CMimalloc",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            plugins: ["BuildInfo"]
        ),
        // `sitegen --version`'s commit, recorded at build time.
        .plugin(name: "BuildInfo", capability: .buildTool()),
        // The default theme built into sitegen: Templates/ is its only source (CONTRIBUTING.md, "The theme").
        .plugin(name: "EmbeddedTheme", capability: .buildTool(), dependencies: ["ThemeEmbedder"]),
        .executableTarget(name: "ThemeEmbedder"),
        // Benchmarks/templates.sh: the two template engines on the skill page, timed.
        .executableTarget(
            name: "template-benchmark",
            dependencies: [
                "CatalogueModel",
                "ContentLoading",
                "PageRendering",
                "SiteAssembly",
                "MustacheCompiler",
                "MustacheOracle",
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            path: "Benchmarks/TemplateBenchmark"
        ),
        // Benchmarks/incremental.sh: serve's kept build after an edit and after a vote, timed in one process.
        .executableTarget(
            name: "incremental-benchmark",
            dependencies: ["CatalogueModel", "ContentLoading", "SiteAssembly", "Parallel", "CMimalloc"],
            path: "Benchmarks/IncrementalBenchmark"
        ),
        // Benchmarks/search.sh: the search index's updates and queries, timed.
        .executableTarget(
            name: "search-benchmark",
            dependencies: ["CatalogueModel", "CatalogueSearch", "Databases", "PageRendering"],
            path: "Benchmarks/SearchBenchmark"
        ),
        // Benchmarks/related.sh: RelatedSkills at 10,000 and 100,000 skills, timed.
        .executableTarget(
            name: "related-benchmark",
            dependencies: ["CatalogueModel", "ContentLoading"],
            path: "Benchmarks/RelatedBenchmark"
        ),
        .testTarget(
            name: "SiteGenTests",
            // swift-mustache renders whole sites beside the compiled engine (WholeSiteOracleTests).
            // The vote store's tests reach both databases beside it, to set up old and newer schemas.
            dependencies: [
                "CatalogueModel", "ContentLoading", "PageRendering", "SiteAssembly", "MustacheCompiler",
                "MustacheOracle", "VoteStore", "Parallel", "Databases",
                "CatalogueSearch", "SiteGenTesting",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            // Golden files are read through #filePath, not bundled.
            exclude: ["Golden"]
        ),
        // The compiled engine against swift-mustache: hand-written, theme and generated templates.
        .testTarget(
            name: "MustacheCompilerTests",
            dependencies: [
                "MustacheCompiler",
                "MustacheOracle",
                "CatalogueModel",
                "ContentLoading",
                "PageRendering",
                "SiteAssembly",
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        .testTarget(
            name: "SiteServerTests",
            dependencies: [
                "SiteServer",
                "SiteGenTesting",
                "CatalogueModel",
                "ContentLoading",
                "PageRendering",
                "SiteAssembly",
                "CatalogueSearch",
                // `sitegen collect`'s tests read what the service stored.
                "VoteStore",
                // PostgresAddress, for the relay that takes the database away from one service.
                "Databases",
                // A raw HTTP client: the tests send paths and bodies no polite client would.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

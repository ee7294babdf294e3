// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "sitegen",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "sitegen", targets: ["SitegenCLI"]),
        .library(name: "SiteGen", targets: ["SiteGen"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.0.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
    ],
    targets: [
        // The system libcmark (Debian libcmark-dev), wrapped once by `Markdown` in SiteGen.
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]
        ),
        // renameat2/renamex_np, which Swift's system modules do not declare: the output swap.
        .target(name: "CFolderSwap"),
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
        .target(
            name: "SiteGen",
            dependencies: [
                "CCmark",
                "CFolderSwap",
                "MustacheCompiler",
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        // `sitegen serve`: HTTP lives here so the SiteGen engine stays free of it.
        .target(
            name: "SiteServer",
            dependencies: [
                "SiteGen",
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
                "SiteGen",
                "SiteServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Benchmarks/templates.sh: the two template engines on the skill page, timed.
        .executableTarget(
            name: "template-benchmark",
            dependencies: [
                "SiteGen",
                "MustacheCompiler",
                "MustacheOracle",
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            path: "Benchmarks/TemplateBenchmark"
        ),
        .testTarget(
            name: "SiteGenTests",
            // swift-mustache renders whole sites beside the compiled engine (WholeSiteOracleTests).
            dependencies: ["SiteGen", "MustacheCompiler", "MustacheOracle"],
            // Golden files are read through #filePath, not bundled.
            exclude: ["Golden"]
        ),
        // The compiled engine against swift-mustache: hand-written, theme and generated templates.
        .testTarget(
            name: "MustacheCompilerTests",
            dependencies: [
                "MustacheCompiler",
                "MustacheOracle",
                "SiteGen",
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        .testTarget(
            name: "SiteServerTests",
            dependencies: [
                "SiteServer",
                "SiteGen",
                // A raw HTTP client: the tests send paths and bodies no polite client would.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version:6.0
// libFuzzer targets, one per content reader, and one for the template engine. A package of its own so the main build and tests
// never compile them; `scripts/fuzz` builds and runs them (see CONTRIBUTING.md).
import PackageDescription

let readers = [
    "FuzzVoteLines", "FuzzCountsJSON", "FuzzSusiStore", "FuzzFrontMatter", "FuzzSusiSkillFile", "FuzzSiteConfig",
    "FuzzPlainYAML", "FuzzSusiQuery", "FuzzSkillImage",
]

let package = Package(
    name: "sitegen-fuzz",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "sitegen", path: "..")],
    targets: [
        .systemLibrary(name: "CLibFuzzer"),
        .target(name: "FuzzInput", dependencies: ["CLibFuzzer", .product(name: "SiteGen", package: "sitegen")]),
        .executableTarget(
            name: "FuzzTemplate",
            dependencies: [
                "FuzzInput", .product(name: "MustacheCompiler", package: "sitegen"),
                .product(name: "SiteGenTesting", package: "sitegen"),
            ]),
    ]
        + readers.map { name in
            .executableTarget(
                name: name,
                dependencies: [
                    "FuzzInput", .product(name: "SiteGen", package: "sitegen"),
                    .product(name: "SiteGenTesting", package: "sitegen"),
                ])
        },
    swiftLanguageModes: [.v6]
)

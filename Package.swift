// swift-tools-version: 6.0
import PackageDescription

/// Every target is built in Swift 6 language mode with complete strict concurrency checking.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "stackterm",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "stackterm", targets: ["stackterm"]),
        .executable(name: "stackterm-replica", targets: ["stackterm-replica"]),
        .executable(name: "stackterm-dumpgen", targets: ["stackterm-dumpgen"]),
        .executable(name: "stackterm-manpage", targets: ["stackterm-manpage"]),
        .library(name: "Operations", targets: ["Operations"]),
        .library(name: "StackExchange", targets: ["StackExchange"]),
        .library(name: "StackExchangeReplica", targets: ["StackExchangeReplica"]),
        .library(name: "Browser", targets: ["Browser"]),
        .library(name: "Highlight", targets: ["Highlight"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
    ],
    targets: [
        // Layer 0: the C glue for ncursesw. Imported by Terminal only.
        .systemLibrary(
            name: "CNCursesW",
            providers: [.apt(["libncurses-dev"])]
        ),
        // Layer 0: zlib, for a gzip body that arrives without Content-Encoding. Imported by StackExchange (and the
        // replica, whose gzip-bomb fault deflates).
        .systemLibrary(
            name: "CZlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // Layer 0: libcurl loaded on first use instead of at start, and the exchange thread that drives it
        // (HTTPExchange.c). Imported by HTTPDriver only.
        .target(name: "CLazyCurl"),
        // Layer 1: every HTTP request of the program (CurlTask over CLazyCurl), its limits, redirect and proxy rules.
        .target(name: "HTTPDriver", dependencies: ["CLazyCurl"], swiftSettings: strictSettings),
        // Signals handed to the main queue through a pipe (SignalWatcher); C, because the handler must be.
        .target(name: "CSignalPipe"),
        // The spawn file action that closes every descriptor above stderr (glibc declares it only under _GNU_SOURCE).
        .target(name: "CSpawn"),
        // Layer 1: Operation/OperationQueue plumbing; knows nothing of Stack Exchange.
        .target(name: "Operations", swiftSettings: strictSettings),
        // Layer 2: the Stack Exchange API client: requests, models, operations, data managers.
        .target(
            name: "StackExchange",
            dependencies: ["Operations", "CZlib", "HTTPDriver"],
            swiftSettings: strictSettings
        ),
        // Layer 2: the ports the browser reads the local store through (list and detail caches, read marks and
        // bookmarks). The browser owns the need; Store fills it; neither imports the other.
        .target(name: "StorePorts", dependencies: ["StackExchange"], swiftSettings: strictSettings),
        // Layer 2, beside StackExchange: the local store (SQLite through GRDB). Models and SQL, no screens.
        .target(
            name: "Store",
            dependencies: ["StackExchange", "StorePorts", "Operations", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strictSettings
        ),
        // Layer 1: syntax highlighting, a code string and a language in, spans with roles out. No ncurses, no Browser.
        .target(name: "Highlight", swiftSettings: strictSettings),
        // Layer 3: UI state, actions, layout into a screen buffer. No ncurses.
        .target(
            name: "Browser", dependencies: ["StackExchange", "StorePorts", "Operations", "Highlight", "Images"], swiftSettings: strictSettings
        ),
        // Layer 4: the only importer of CNCursesW.
        .target(name: "Terminal", dependencies: ["Browser", "CNCursesW", "CSignalPipe", "CSpawn", "Images", "Operations"], swiftSettings: strictSettings),
        // The command line and the trace file, a library so that tests can reach them.
        .target(
            name: "StacktermCLI",
            dependencies: [
                "Browser", "StackExchange", "Store", "Operations", "DumpImport", "Images",
                "HTTPDriver",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "TOMLKit", package: "TOMLKit"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "stackterm",
            dependencies: [
                "Terminal", "StacktermCLI", "Browser", "StackExchange", "StorePorts", "Operations", "Store",
                "HTTPDriver", "Images",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        // Benchmarks (scripts/bench): speed targets live here, not in timed tests.
        .executableTarget(
            name: "stackterm-bench",
            dependencies: [
                "Operations", "StackExchange", "StorePorts", "Browser", "Terminal", "StackExchangeReplica", "Store", "StacktermCLI",
                "Highlight", "DumpImport", "SyntheticDump",
                "HTTPDriver", "Images",
                .product(name: "Histogram", package: "hdrhistogram-swift"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        // Beside them: the local API server.
        .target(
            name: "StackExchangeReplica",
            dependencies: [
                "CZlib", "Images",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
            ],
            resources: [.copy("Data")],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "stackterm-replica",
            dependencies: [
                "StackExchangeReplica",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        // Layer 0: libarchive's headers, for reading a data dump's .7z (issue 29). The library is not linked (no
        // pkg-config, no `link`): CLazyDump loads it on first use, as every start would otherwise load it and what it
        // brings (ICU among ten libraries). Imported by DumpImport only.
        .systemLibrary(name: "CArchive", providers: [.apt(["libarchive-dev"])]),
        .target(name: "CLazyDump"),
        // Layer 0: the picture decoders (libpng, libjpeg, libgif, libwebp) loaded on the first picture instead of at
        // every start; their headers only at build time. Imported by Images only.
        .target(name: "CLazyImages"),
        // Layer 1: pictures as values: bytes to pixels within the caps, the scale rule, the forms (blocks as cells,
        // shades, kitty, sixel, iTerm2) and the terminal probes' answers. No ncurses, no Browser.
        .target(name: "Images", dependencies: ["CLazyImages", "CZlib"], swiftSettings: strictSettings),
        // Beside Store: a data dump's archive or folder read as a stream of rows into an imported site's file.
        .target(
            name: "DumpImport",
            dependencies: ["Store", "StackExchange", "CArchive", "CLazyDump"],
            swiftSettings: strictSettings
        ),
        // Issue 29: a synthetic Stack Exchange data dump in the real format, for tests and benchmarks.
        .target(name: "SyntheticDump", swiftSettings: strictSettings),
        // The manual page's own sections (KEYS, ENVIRONMENT, FILES, EXIT STATUS) added to generate-manual's page
        // (scripts/man), from the definitions the program uses.
        .executableTarget(name: "stackterm-manpage", dependencies: ["StacktermCLI"], swiftSettings: strictSettings),
        .executableTarget(
            name: "stackterm-dumpgen",
            dependencies: ["SyntheticDump", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: strictSettings
        ),
        // What every test target shares: waiting for a condition with a deadline.
        .target(name: "TestSupport", dependencies: ["StackExchange", "Terminal"], path: "Tests/TestSupport", swiftSettings: strictSettings),
        .testTarget(name: "StoreTests", dependencies: ["TestSupport", "Store", "StorePorts", "StackExchange", "Operations", .product(name: "GRDB", package: "GRDB.swift")], swiftSettings: strictSettings),
        .testTarget(
            name: "DumpImportTests", dependencies: ["DumpImport", "SyntheticDump", "Store", "StackExchange", "TestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "HighlightTests", dependencies: ["Highlight"], swiftSettings: strictSettings),
        .testTarget(name: "ImagesTests", dependencies: ["Images"], exclude: ["Fixtures"], swiftSettings: strictSettings),
        .testTarget(name: "OperationsTests", dependencies: ["TestSupport", "Operations"], swiftSettings: strictSettings),
        .testTarget(name: "StackExchangeTests", dependencies: ["TestSupport", "StackExchange", "Operations", "HTTPDriver", "CLazyCurl"], swiftSettings: strictSettings),
        .testTarget(
            name: "IntegrationTests",
            dependencies: ["TestSupport", "StackExchange", "Operations", "StackExchangeReplica", "HTTPDriver", "CLazyCurl", "Browser"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "BrowserTests", dependencies: ["Browser", "StackExchange", "StorePorts", "Operations", "Highlight", "SyntheticDump", "Images"],
            exclude: ["Snapshots"], swiftSettings: strictSettings
        ),
        .testTarget(
            name: "TerminalTests", dependencies: ["TestSupport", "Terminal", "CSignalPipe", "StacktermCLI", "Browser", "StackExchange", "StorePorts", "Operations", "Store", "Images", "HTTPDriver"],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "StackExchangeReplicaTests", dependencies: ["TestSupport", "StackExchangeReplica", "Images"], swiftSettings: strictSettings),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["TestSupport", "StackExchangeReplica", "StackExchange", "Store", "Operations", "SyntheticDump", "Terminal", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)

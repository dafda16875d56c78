import Foundation
import Testing

/// ARCHITECTURE.md's layers, checked against what the targets really depend on: `Package.swift`'s dependency lists and
/// the `import` lines of every Swift file under `Sources/`. A target may use only targets in its own row of the layers
/// table or a row above it (the table goes bottom up), and `Browser` uses no store, terminal or C target.
struct ImportGraphTests {
    static let root = ArchitectureDocTests.root

    @Test func noTargetUsesOneAboveIt() throws {
        let graph = try ImportGraph(root: Self.root)
        let layers = try LayerTable(document: String(contentsOf: Self.root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8))
        #expect(graph.targets.count > 20, "Package.swift's targets were read: \(graph.targets.sorted())")
        #expect(graph.uses.values.reduce(0) { $0 + $1.count } > 40, "the targets' uses were read")
        let unplaced = graph.targets.filter { layers.row(of: $0) == nil }
        #expect(unplaced.isEmpty, "ARCHITECTURE.md's layers table leaves out \(unplaced.sorted())")
        let upward = layers.upwardUses(in: graph)
        #expect(upward.isEmpty, "uses of a target above the user's layer: \(upward)")
    }

    @Test func theBrowserUsesNoStoreTerminalOrCTarget() throws {
        let graph = try ImportGraph(root: Self.root)
        let forbidden = ImportGraph.browserForbidden(in: graph)
        #expect(forbidden.isEmpty, "Browser uses \(forbidden)")
        #expect(graph.uses["Browser", default: []].contains("StackExchange"), "Browser's uses were read")
    }

    @Test func libcurlsDriverIsUsedByHTTPDriverAlone() throws {
        let graph = try ImportGraph(root: Self.root)
        let users = graph.uses.filter { $0.value.contains("CLazyCurl") }.keys.sorted()
        #expect(users == ["HTTPDriver"], "CLazyCurl is used by \(users)")
    }

    @Test func aPlantedUpwardUseIsFound() throws {
        let layers = try LayerTable(document: """
            | target | what it holds |
            |---|---|
            | `CLow`, `CLowToo` | C. |
            | `Middle` | The middle. |
            | `Top` | The top. |
            """)
        var graph = ImportGraph(targets: ["CLow", "CLowToo", "Middle", "Top"], uses: [
            "Middle": ["CLow"], "Top": ["Middle", "CLowToo"], "CLow": ["CLowToo"],
        ])
        #expect(layers.upwardUses(in: graph).isEmpty)
        graph.uses["Middle", default: []].insert("Top")
        graph.uses["CLowToo", default: []].insert("Middle")
        #expect(layers.upwardUses(in: graph) == ["CLowToo → Middle", "Middle → Top"])
    }

    @Test func aPlantedBrowserImportIsFound() throws {
        let text = """
            import Foundation
            @testable import StackExchange
            // import Terminal (a comment names no import)
            internal import Store
            public import CZlib
            """
        #expect(ImportGraph.imports(in: text) == ["Foundation", "StackExchange", "Store", "CZlib"])
        let graph = ImportGraph(targets: ["Browser", "StackExchange", "Store", "CZlib", "Terminal"], uses: [
            "Browser": ["StackExchange", "Store", "CZlib"],
        ])
        #expect(ImportGraph.browserForbidden(in: graph) == ["CZlib", "Store"])
    }

    @Test func aPackageTargetsDependenciesAreRead() {
        let manifest = """
            .target(name: "A", dependencies: ["B", .product(name: "GRDB", package: "GRDB.swift")], swiftSettings: x),
            .systemLibrary(name: "B", providers: [.apt(["b-dev"])]),
            .executableTarget(
                name: "c-tool",
                dependencies: [
                    "A",
                    "B",
                ]
            ),
            .testTarget(name: "ATests", dependencies: ["A"]),
            .target(name: "Helpers", dependencies: ["A"], path: "Tests/Helpers"),
            """
        let declared = ImportGraph.declaredDependencies(in: manifest)
        #expect(declared["A"] == ["B"])
        #expect(declared["B"] == [])
        #expect(declared["c-tool"] == ["A", "B"])
        #expect(declared["ATests"] == nil, "test targets are not layered")
        #expect(declared["Helpers"] == nil, "nor the tests' own helpers")
    }
}

/// Which target uses which: `Package.swift`'s dependency lists and the `import` lines of the Swift files in each
/// target's folder under `Sources/`, joined (test targets left out: they may use anything).
struct ImportGraph {
    /// Every non-test target's name as `Package.swift` spells it.
    var targets: Set<String>
    /// For each target, the targets it uses.
    var uses: [String: Set<String>]

    init(targets: Set<String>, uses: [String: Set<String>]) {
        self.targets = targets
        self.uses = uses
    }

    init(root: URL) throws {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let declared = Self.declaredDependencies(in: manifest)
        targets = Set(declared.keys)
        uses = declared
        // A module's name is its target's with `-` as `_` (`stackterm-replica` is `stackterm_replica`).
        let byModule = Dictionary(uniqueKeysWithValues: targets.map { ($0.replacingOccurrences(of: "-", with: "_"), $0) })
        let fileManager = FileManager.default
        for target in targets {
            let folder = root.appendingPathComponent("Sources").appendingPathComponent(target)
            guard let walker = fileManager.enumerator(atPath: folder.path) else { continue }
            while let relative = walker.nextObject() as? String {
                guard relative.hasSuffix(".swift") else { continue }
                let text = try String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)
                for module in Self.imports(in: text) {
                    if let used = byModule[module], used != target { uses[target, default: []].insert(used) }
                }
            }
        }
    }

    /// The modules a Swift file's `import` lines name, whatever their access level or attributes.
    static func imports(in text: String) -> [String] {
        text.split(separator: "\n").compactMap { line -> String? in
            var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            while let first = words.first, first.hasPrefix("@") || ["public", "package", "internal", "fileprivate", "private"].contains(first) {
                words.removeFirst()
            }
            guard words.count >= 2, words[0] == "import" else { return nil }
            // `import struct Foundation.Date` names its kind first; `import A.B` uses module A.
            let name = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"].contains(words[1]) && words.count >= 3
                ? words[2] : words[1]
            return String(name.split(separator: ".").first ?? "")
        }
    }

    /// Each non-test target of `manifest` (`.target`, `.executableTarget`, `.systemLibrary`) with the targets its
    /// `dependencies:` list names as plain strings (products are other packages', not layered here).
    static func declaredDependencies(in manifest: String) -> [String: Set<String>] {
        let kinds = [".target(", ".executableTarget(", ".systemLibrary(", ".testTarget(", ".binaryTarget(", ".plugin("]
        var chunks: [(kind: String, text: Substring)] = []
        var rest = manifest[...]
        while let start = kinds.compactMap({ kind in rest.range(of: kind).map { (kind, $0) } }).min(by: { $0.1.lowerBound < $1.1.lowerBound }) {
            let after = rest[start.1.upperBound...]
            let next = kinds.compactMap { after.range(of: $0)?.lowerBound }.min() ?? after.endIndex
            chunks.append((start.0, after[..<next]))
            rest = after[next...]
        }
        var result: [String: Set<String>] = [:]
        for (kind, text) in chunks where kind != ".testTarget(" && !text.contains("path: \"Tests/") {
            guard let name = Self.firstQuoted(after: "name:", in: text) else { continue }
            var dependencies: Set<String> = []
            if let list = text.range(of: "dependencies:") {
                var depth = 0
                var inside = ""
                for character in text[list.upperBound...] {
                    if character == "[" { depth += 1 }
                    if character == "]" { depth -= 1; if depth == 0 { break } }
                    if depth > 0 { inside.append(character) }
                }
                // Plain strings at the list's own level: `.product(name: "X", …)` is skipped with its parentheses.
                var parentheses = 0
                var quoted: String?
                for character in inside {
                    if var current = quoted {
                        if character == "\"" {
                            if parentheses == 0 { dependencies.insert(current) }
                            quoted = nil
                        } else {
                            current.append(character)
                            quoted = current
                        }
                    } else if character == "\"" {
                        quoted = ""
                    } else if character == "(" {
                        parentheses += 1
                    } else if character == ")" {
                        parentheses -= 1
                    }
                }
            }
            result[name] = dependencies
        }
        return result
    }

    private static func firstQuoted(after label: String, in text: Substring) -> String? {
        guard let at = text.range(of: label) else { return nil }
        let after = text[at.upperBound...]
        guard let open = after.firstIndex(of: "\"") else { return nil }
        let name = after[after.index(after: open)...].prefix { $0 != "\"" }
        return String(name)
    }

    /// What `Browser` uses of the targets it must not: the store (`Store`; `StorePorts` is its own door), the terminal
    /// (`Terminal`) and any C target (a system library or a C target, named `C…`).
    static func browserForbidden(in graph: ImportGraph) -> [String] {
        graph.uses["Browser", default: []].filter { $0 == "Store" || $0 == "Terminal" || Self.isCTarget($0) }.sorted()
    }

    static func isCTarget(_ name: String) -> Bool {
        name.count > 1 && name.hasPrefix("C") && name.dropFirst().first?.isUppercase == true
    }
}

/// ARCHITECTURE.md's layers table, bottom up: each row names its targets in backticks in its first cell.
struct LayerTable {
    private var rows: [String: Int] = [:]

    init(document: String) throws {
        guard let start = document.range(of: "| target | what it holds |") else {
            throw LayerTableError.noTable
        }
        var index = 0
        for line in document[start.upperBound...].split(separator: "\n").dropFirst() {
            guard line.hasPrefix("|") else { break }
            if line.hasPrefix("|---") { continue }
            let cell = line.dropFirst().prefix { $0 != "|" }
            for name in SourceIndex.backtickSpans(in: String(cell)) { rows[name] = index }
            index += 1
        }
    }

    /// The row of `target`, counted from the bottom layer.
    func row(of target: String) -> Int? { rows[target] }

    /// Every use of a target in a row above the user's, as "user → used", sorted.
    func upwardUses(in graph: ImportGraph) -> [String] {
        var found: [String] = []
        for (user, used) in graph.uses {
            guard let own = row(of: user) else { continue }
            for target in used {
                if let theirs = row(of: target), theirs > own { found.append("\(user) → \(target)") }
            }
        }
        return found.sorted()
    }

    enum LayerTableError: Error { case noTable }
}

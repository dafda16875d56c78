import Foundation
import Testing

/// ARCHITECTURE.md names types, modules, members and files in backticks; each must exist in the sources, so a
/// rename that leaves the document behind fails here.
struct ArchitectureDocTests {
    /// The repository's root: three folders above this file.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func everyNameInTheArchitectureDocumentExists() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
        let sources = try SourceIndex(root: Self.root)
        let spans = SourceIndex.backtickSpans(in: text)
        let checked = spans.filter { sources.check($0) != .ignored }
        #expect(checked.count > 150, "the document names the code it describes")
        let stale = checked.filter { sources.check($0) == .missing }
        #expect(stale.isEmpty, "ARCHITECTURE.md names what the sources do not have: \(stale)")
    }

    @Test func aStaleNameIsFound() throws {
        let sources = try SourceIndex(root: Self.root)
        let text = """
            `BrowserModel` and `NoSuchScreenState`; `Sources/Browser/Model/Gone.swift` beside `Sources/Browser/Model`;
            `BrowserModel+Gone` beside `BrowserModel+List`; `BrowserModel.noSuchMember` beside `BrowserModel.handle(_:at:)`;
            `staleMember` beside `onChange`; `Gone/` beside `Render/`; `Browser` and `NoSuchModule`; `some text`
            """
        let stale = SourceIndex.backtickSpans(in: text).filter { sources.check($0) == .missing }
        #expect(stale == [
            "NoSuchScreenState", "Sources/Browser/Model/Gone.swift", "BrowserModel+Gone", "BrowserModel.noSuchMember",
            "staleMember", "Gone/", "NoSuchModule",
        ])
    }
}

/// What the sources hold, for checking names: every file and folder under `Sources/` and `Tests/`, the types
/// declared and the members named in Swift files, and the modules.
struct SourceIndex {
    enum Outcome { case found, missing, ignored }

    let root: URL
    private(set) var paths: Set<String> = []
    private(set) var types: Set<String> = []
    private(set) var members: Set<String> = []
    private(set) var modules: Set<String> = []

    init(root: URL) throws {
        self.root = root
        let fileManager = FileManager.default
        for top in ["Sources", "Tests"] {
            let base = root.appendingPathComponent(top)
            guard let walker = fileManager.enumerator(atPath: base.path) else { continue }
            while let relative = walker.nextObject() as? String {
                paths.insert("\(top)/\(relative)")
                guard top == "Sources", relative.hasSuffix(".swift") else { continue }
                let text = try String(contentsOf: base.appendingPathComponent(relative), encoding: .utf8)
                types.formUnion(Self.names(after: #"(?:class|struct|enum|protocol|actor|typealias)\s+"#, in: text))
                members.formUnion(Self.names(after: #"(?:func|var|let|case)\s+"#, in: text))
            }
        }
        modules = Set(try fileManager.contentsOfDirectory(atPath: root.appendingPathComponent("Sources").path))
    }

    /// The text between each pair of backticks.
    static func backtickSpans(in text: String) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// Whether `span` names something that exists: a path (it has a `/` or a source file's extension), a type or
    /// module (a capitalised name, maybe `Type+Facet` or `Type.member(…)`), or a member (a camel-case name).
    /// Anything else (commands, words, file names outside the repository) is not checked.
    func check(_ span: String) -> Outcome {
        if span.contains(" ") || span.contains("$") || span.contains("*") || span.hasPrefix("-") { return .ignored }
        if span.contains("/") || span.range(of: #"\.(swift|c|h|md|sh|modulemap)$"#, options: .regularExpression) != nil {
            return pathExists(span) ? .found : .missing
        }
        let typePattern = #"^([A-Z][A-Za-z0-9]*)(?:\+([A-Za-z0-9]+))?(?:\.([a-z][A-Za-z0-9]*))?(?:\(.*\))?$"#
        if let match = span.firstMatch(of: try! Regex(typePattern)) {
            let type = String(match.output[1].substring ?? "")
            if type == type.uppercased() { return .ignored }  // an environment variable or a signal's name
            guard types.contains(type) || modules.contains(type) else { return .missing }
            if let facet = match.output[2].substring, !paths.contains(where: { $0.hasSuffix("/\(type)+\(facet).swift") }) {
                return .missing
            }
            if let member = match.output[3].substring, !members.contains(String(member)) { return .missing }
            return .found
        }
        if span.range(of: #"^[a-z]+[A-Z][A-Za-z0-9]*$"#, options: .regularExpression) != nil {
            return members.contains(span) ? .found : .missing
        }
        return .ignored
    }

    /// A path from the root, or the end of a path under `Sources/` or `Tests/` (`Render/`, `Store/Account`).
    private func pathExists(_ span: String) -> Bool {
        let path = span.hasSuffix("/") ? String(span.dropLast()) : span
        if FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path) { return true }
        return paths.contains { $0.hasSuffix("/\(path)") }
    }

    private static func names(after keyword: String, in text: String) -> [String] {
        let regex = try! Regex(#"\b"# + keyword + #"([A-Za-z_][A-Za-z0-9_]*)"#)
        return text.matches(of: regex).compactMap { $0.output[1].substring.map(String.init) }
    }
}

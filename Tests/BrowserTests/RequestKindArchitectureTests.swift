import Foundation
import Testing

/// What ARCHITECTURE.md's "Adding a kind of request" claims, checked on the sources' text: a kind is its own file
/// (`BrowserRequest+Name.swift`, in its feature's folder) and the feature whose screen takes its reply; nothing else
/// names it but `Sources/Browser/Requests`, so a new kind touches nothing else, and the model's one response rule
/// (`BrowserModel+Responses`) knows no kind.
struct RequestKindArchitectureTests {
    @Test func eachKindIsNamedOnlyInRequestsAndTheOneFeatureThatTakesItsReply() throws {
        let sources = try KindScan(root: ArchitectureDocTests.root)
        #expect(sources.kinds.count >= 11, "the scan finds the browser's kinds: \(sources.kinds.map(\.name))")
        let stray = sources.strayNamings()
        #expect(stray.isEmpty, "kinds named outside their file, Requests/ and the feature that takes their reply: \(stray)")
    }

    @Test func theResponseRuleNamesNoKind() throws {
        let sources = try KindScan(root: ArchitectureDocTests.root)
        let named = sources.kindsNamed(in: KindScan.responseRule)
        #expect(named.isEmpty, "\(KindScan.responseRule) names \(named)")
    }

    /// The scan finds what it looks for: a kind named by the controller, by two screens, by a file that extends
    /// `BrowserRequest` outside Requests/, and the response rule naming a kind's type and its constructor.
    @Test func aPlantedNamingIsFound() {
        let kindFile = """
            extension BrowserRequest {
                struct Pinned: RequestKind {
                    let id: Int
                }
                public static func pinned(id: Int) -> BrowserRequest { BrowserRequest(Pinned(id: id)) }
                public static var allPinned: BrowserRequest { BrowserRequest(Pinned(id: 0)) }
            }
            """
        var files = [
            "Sources/Browser/Requests/BrowserRequest+Pinned.swift": kindFile,
            "Sources/Browser/Requests/RequestPurpose.swift": "static var pinned: RequestPurpose { BrowserRequest.Pinned.ownPurpose }",
            "Sources/Browser/Features/Pins/PinScreen.swift": "entry.request.as(BrowserRequest.Pinned.self)",
            "Sources/Browser/Features/Pins/PinScreen+More.swift": "entry.request.is(BrowserRequest.Pinned.self)",
            KindScan.responseRule: """
                guard entry.request != .allPinned else { return [] }
                if case .pinned(let note) = stored { return [] }
                """,
        ]
        let clean = KindScan(files: files)
        #expect(clean.kinds.map(\.name) == ["Pinned"])
        #expect(clean.strayNamings().isEmpty, "Requests/ and one feature's folder may name it")
        #expect(clean.kindsNamed(in: KindScan.responseRule) == ["Pinned"], "a constructor without arguments is a naming")
        #expect(KindScan(files: files.merging([KindScan.responseRule: "if case .pinned(let note) = stored {}"]) { $1 })
            .kindsNamed(in: KindScan.responseRule).isEmpty, "another enum's case of the same name is not")

        files["Sources/Browser/Controller/BrowserPorts.swift"] = "if request.is(BrowserRequest.Pinned.self) {}"
        files["Sources/Browser/Features/List/ListScreen.swift"] = "entry.request.as(BrowserRequest.Pinned.self)"
        files["Sources/Browser/Model/BrowserModel+Pins.swift"] = "extension BrowserRequest { var p: Pinned? { nil } }"
        files[KindScan.responseRule] = "if let pin = entry.request.as(BrowserRequest.Pinned.self) { _ = BrowserRequest.pinned(id: 1) }"
        let planted = KindScan(files: files)
        #expect(planted.strayNamings() == [
            "Pinned in Sources/Browser/Controller/BrowserPorts.swift",
            "Pinned in Sources/Browser/Model/BrowserModel+Pins.swift",
            "Pinned in Sources/Browser/Model/BrowserModel+Responses.swift",
            "Pinned in two features' folders: Sources/Browser/Features/List, Sources/Browser/Features/Pins",
        ])
        // A kind whose file is in one feature's folder, named by another feature: two features.
        var moved = files.filter { !$0.key.hasPrefix("Sources/Browser/Features/List") }
        moved.removeValue(forKey: "Sources/Browser/Requests/BrowserRequest+Pinned.swift")
        moved["Sources/Browser/Features/Board/BrowserRequest+Pinned.swift"] = kindFile
        #expect(KindScan(files: moved).strayNamings().contains(
            "Pinned in two features' folders: Sources/Browser/Features/Board, Sources/Browser/Features/Pins"))
        #expect(planted.kindsNamed(in: KindScan.responseRule) == ["Pinned"])
    }
}

/// The Swift sources' text, and the request kinds declared in `Sources/Browser/Requests`, for the scans above.
struct KindScan {
    /// A kind: its type's name, the file that declares it, and the static constructors that file adds (functions,
    /// named with their arguments, and properties).
    struct Kind {
        var name: String
        var file: String
        var constructorFunctions: [String]
        var constructorProperties: [String]
    }

    static let requests = "Sources/Browser/Requests/"
    static let features = "Sources/Browser/Features/"

    /// Whether `path` declares kinds: `BrowserRequest+Name.swift`, in Requests/ or a feature's folder.
    static func isKindFile(_ path: String) -> Bool {
        path.hasPrefix("Sources/Browser/") && (path as NSString).lastPathComponent.hasPrefix("BrowserRequest+")
    }

    /// The feature folder `path` is in (`Sources/Browser/Features/Name`), if it is in one.
    static func featureFolder(_ path: String) -> String? {
        guard path.hasPrefix(features) else { return nil }
        let name = path.dropFirst(features.count).split(separator: "/").first.map(String.init) ?? ""
        return features + name
    }
    static let responseRule = "Sources/Browser/Model/BrowserModel+Responses.swift"

    /// Each Swift file's text, by its path from the repository's root.
    let files: [String: String]
    let kinds: [Kind]

    init(files: [String: String]) {
        self.files = files
        kinds = files.keys.sorted().filter(Self.isKindFile).flatMap { path in
            let text = files[path] ?? ""
            let returnsARequest = #"\s*->\s*Browser(?:Request|Response)\b"#
            let functions = Self.captures(#"static\s+func\s+([a-z][A-Za-z0-9]*)\([^)]*\)"# + returnsARequest, in: text)
            let properties = Self.captures(#"static\s+var\s+([a-z][A-Za-z0-9]*)\s*:\s*Browser(?:Request|Response)\b"#, in: text)
            return Self.captures(#"struct\s+([A-Z][A-Za-z0-9]*)\s*:\s*RequestKind\b"#, in: text)
                .map { Kind(name: $0, file: path, constructorFunctions: functions, constructorProperties: properties) }
        }
    }

    init(root: URL) throws {
        var files: [String: String] = [:]
        let base = root.appendingPathComponent("Sources")
        let walker = FileManager.default.enumerator(atPath: base.path)
        while let relative = walker?.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            files["Sources/" + relative] = try String(contentsOf: base.appendingPathComponent(relative), encoding: .utf8)
        }
        self.init(files: files)
    }

    /// "K in path" for each file outside Requests/, the kinds' files and the features' folders that names kind K,
    /// and for each kind named in more than one feature's folder (its own file's folder counts as one). A file that
    /// extends `BrowserRequest` elsewhere could name any kind unqualified, so it counts as naming every kind it
    /// mentions by its bare name.
    func strayNamings() -> [String] {
        var stray: [String] = []
        for kind in kinds {
            var featureFolders: Set<String> = Set([Self.featureFolder(kind.file)].compactMap { $0 })
            for (path, text) in files.sorted(by: { $0.key < $1.key }) where !path.hasPrefix(Self.requests) && !Self.isKindFile(path) {
                guard names(kind, in: text) else { continue }
                if let folder = Self.featureFolder(path) {
                    featureFolders.insert(folder)
                } else {
                    stray.append("\(kind.name) in \(path)")
                }
            }
            if featureFolders.count > 1 {
                stray.append("\(kind.name) in two features' folders: \(featureFolders.sorted().joined(separator: ", "))")
            }
        }
        return stray
    }

    /// The kinds the file at `path` names: by type, or by one of the constructors its file adds (outside a `case`
    /// pattern, where the same name is another enum's case: `case .inbox(let items)` of a store result).
    func kindsNamed(in path: String) -> [String] {
        let text = files[path] ?? ""
        let notAPattern = #"(?<!case\s)(?<!case\s\s)"#
        return kinds.filter { kind in
            names(kind, in: text)
                || kind.constructorFunctions.contains { Self.matches(notAPattern + #"\."# + $0 + #"\s*\("#, in: text) }
                || kind.constructorProperties.contains { Self.matches(notAPattern + #"\."# + $0 + #"\b"#, in: text) }
        }.map(\.name)
    }

    /// Whether `text` names `kind`'s type: qualified (`BrowserRequest.K`), or bare inside an extension of
    /// `BrowserRequest`.
    private func names(_ kind: Kind, in text: String) -> Bool {
        if Self.matches(#"\bBrowserRequest\s*\.\s*"# + kind.name + #"\b"#, in: text) { return true }
        return Self.matches(#"\bextension\s+BrowserRequest\b"#, in: text) && Self.matches(#"\b"# + kind.name + #"\b"#, in: text)
    }

    private static func matches(_ pattern: String, in text: String) -> Bool {
        text.range(of: pattern, options: .regularExpression) != nil
    }

    private static func captures(_ pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}

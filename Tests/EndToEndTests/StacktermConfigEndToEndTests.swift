import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StackExchangeReplica
import TestSupport
import Testing

/// The config file, themes and copying, seen from outside: the real binary in tmux.
@Suite(.serialized)
struct StacktermConfigEndToEndTests {
    @Test func aReboundKeyChangesWhatTheKeyDoes() async throws {
        try await StacktermRun.with(config: "[keys]\nnext_page = \"x\"\n") { run in
            #expect(try await run.waitForStatus("1/30+"))
            // n first: were it still next_page, x would then load page 3 and the list would reach 90 rows.
            try run.tmux.send("n", "x")
            #expect(try await run.waitForStatus("1/60+"))
            let pages = run.finishedRequests(pathPrefix: "/2.3/questions").compactMap { $0.query["page"] }
            #expect(pages.sorted() == ["1", "2"])
            try run.tmux.send("?")
            let helpShown = await eventually {
                (try? run.tmux.capture())?.contains { $0.contains("x ") && $0.contains("next page") } == true
            }
            #expect(helpShown, "the help shows the binding")
        }
    }

    @Test func aBadConfigFileIsOneLineAndExit78() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("config.toml").path
        try "site = \"unix\"\npagesize = 30\n".write(toFile: path, atomically: true, encoding: .utf8)
        let (status, output) = try Self.run(["--config", path])
        #expect(status == 78)
        #expect(output == "stackterm: \(path):2: unknown key \"pagesize\" (did you mean \"page_size\"?)\n")
    }

    @Test func printConfigAndWriteDefaultConfig() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-e2e-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("stackterm/config.toml").path
        let (written, message) = try Self.run(["--config", path, "--write-default-config"])
        #expect(written == 0 && message == "wrote \(path)\n")
        let (again, refusal) = try Self.run(["--config", path, "--write-default-config"])
        #expect(again == 73 && refusal == "stackterm: \(path) exists; not overwritten\n")
        try "key = \"s3cret\"\nsite = \"unix\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let (printed, text) = try Self.run(["--config", path, "--print-config"])
        #expect(printed == 0)
        #expect(text.contains("site = \"unix\"") && text.contains("# key is set (hidden)") && !text.contains("s3cret"))
        #expect(text.hasPrefix("stackterm: warning: \(path) holds an app key and can be read by others"))
    }

    @Test func noColorGivesAScreenWithoutColourEscapes() async throws {
        // The same screen with colours first, so the check below can tell colour escapes when they are there.
        try await StacktermRun.with { (run: StacktermRun) async throws in
            #expect(try await run.waitForStatus("1/30+"))
            let coloured = await eventually { Self.colourEscapeCount(run) > 0 }
            #expect(coloured, "\(((try? run.tmux.captureWithEscapes()) ?? "").prefix(300).debugDescription)")
        }
        try await StacktermRun.with(environment: ["NO_COLOR": "1"]) { run in
            #expect(try await run.waitForStatus("1/30+"))
            let screen = try run.tmux.captureWithEscapes()
            #expect(Self.colourEscapes(in: screen) == 0, "\(screen.prefix(400))")
            #expect(screen.contains("\u{1B}[7m"), "the selection and the status bar stay visible in reverse video")
        }
    }

    @Test func aThemeColourIsMappedDownToTheTerminalsColours() async throws {
        let config = "[theme]\ntags = 214\n"
        // 256 colours (tmux gives its panes TERM=tmux-256color): palette entry 214 as it is.
        try await StacktermRun.with(config: config) { (run: StacktermRun) async throws in
            #expect(try await run.waitForStatus("1/30+"))
            let found = await eventually { ((try? run.tmux.captureWithEscapes()) ?? "").contains("38;5;214m") }
            #expect(found)
        }
        // 8 colours (TERM=screen set inside the pane, where tmux's own TERM would win): the nearest of the eight,
        // yellow; never a 256-colour escape.
        try await StacktermRun.with(commandPrefix: ["env", "TERM=screen"], config: config) { (run: StacktermRun) async throws in
            #expect(try await run.waitForStatus("1/30+"))
            let screen = try run.tmux.captureWithEscapes()
            #expect(!screen.contains("38;5;"))
            #expect(screen.contains("\u{1B}[33m") || screen.contains(";33m"))
            // Past the column header and the selected row.
            let unselected = screen.split(separator: "\n").dropFirst(2).prefix(10)
            #expect(!unselected.contains { $0.contains("\u{1B}[36m") }, "tags of unselected rows are no longer cyan")
        }
    }

    @Test func yCopiesTheLinkWithOSC52IntoTmux() async throws {
        try await StacktermRun.with { run in
            try run.tmux.command("set-option", "-g", "set-clipboard", "on")
            #expect(try await run.waitForStatus("1/30+"))
            try run.tmux.send("y")
            let expected = try await firstLink(run)
            #expect(try await run.waitForStatus("copied \(expected)"), "the notice names what was copied")
            let stored = await eventually { (try? run.tmux.command("show-buffer")) == expected }
            #expect(stored, "tmux stored the link: \((try? run.tmux.command("show-buffer")) ?? "no buffer")")
        }
    }

    /// Runs stackterm without a terminal; its exit status and what it wrote to stdout and stderr together.
    static func run(_ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Binaries.stackterm)
        process.arguments = arguments
        process.environment = ["HOME": "/nonexistent", "PATH": "/usr/bin:/bin"]
        let output = Pipe()
        process.standardInput = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    static func colourEscapeCount(_ run: StacktermRun) -> Int {
        (try? run.tmux.captureWithEscapes()).map(colourEscapes(in:)) ?? 0
    }

    /// The number of SGR sequences that set a foreground or background colour.
    static func colourEscapes(in text: String) -> Int {
        let pattern = "\u{1B}\\[([0-9;]*)m"
        let expression = try! NSRegularExpression(pattern: pattern)
        let matches = expression.matches(in: text, range: NSRange(text.startIndex..., in: text))
        return matches.filter { match in
            let parameters = (text as NSString).substring(with: match.range(at: 1)).split(separator: ";").compactMap { Int($0) }
            return parameters.contains { (30...38).contains($0) || (40...48).contains($0) || (90...107).contains($0) }
        }.count
    }

    /// The link of the first question on stackterm's first page, asked of the replica with stackterm's own query.
    private func firstLink(_ run: StacktermRun) async throws -> String {
        let entry = try #require(run.finishedRequests(pathPrefix: "/2.3/questions").first { $0.query["page"] == "1" })
        var components = try #require(URLComponents(url: run.replica.baseURL.appendingPathComponent("questions"), resolvingAgainstBaseURL: false))
        components.queryItems = entry.query.map { URLQueryItem(name: $0.key, value: $0.value) }
        let (data, _) = try await URLSession.shared.data(from: try #require(components.url))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let items = try #require(object["items"] as? [[String: Any]])
        let link = items.first?["link"] as? String
        return try #require(link)
    }
}

import Foundation
import StackExchangeReplica
import TestSupport
import Testing

/// The posts' pictures in the real binary against the replica's Photography questions, read back from tmux: in tmux
/// without passthrough a picture is drawn as coloured blocks (text cells, so `capture-pane -e` sees them) between the
/// text above and below it; a hostile file shows as its box with the reason; leaving a question cancels a slow load;
/// a question read before shows its pictures offline.
@Suite(.serialized)
struct PicturesEndToEndTests {
    /// A 256-colour terminal inside the harness's tmux (allow-passthrough off): the form is blocks.
    static let environment = ["TERM": "screen-256color"]

    /// Opens the question the list shows `rank`-th (1 is the top row), once the list is in.
    static func open(_ rank: Int, in run: StacktermRun, showing text: String) async throws {
        #expect(try await run.waitForStatus("1/4"))
        for _ in 1..<rank { try run.tmux.send("Down") }
        try run.tmux.send("Enter")
        let shown = try await eventually { try run.tmux.capture().contains { $0.contains(text) } }
        if !shown { run.printDiagnosis(waitingFor: text) }
        #expect(shown)
    }

    /// The background colours (`48;5;N`) of row `row` of a `capture-pane -e` capture.
    static func backgrounds(row: Int, in capture: String) -> Set<String> {
        let lines = capture.components(separatedBy: "\n")
        guard lines.indices.contains(row) else { return [] }
        var found = Set<String>()
        let parts = lines[row].components(separatedBy: "\u{1B}[")
        for part in parts {
            let parameters = part.prefix { $0 != "m" }.split(separator: ";").map(String.init)
            var i = 0
            while i < parameters.count {
                if parameters[i] == "48", i + 2 < parameters.count, parameters[i + 1] == "5" { found.insert(parameters[i + 2]); i += 3 } else { i += 1 }
            }
        }
        return found
    }

    @Test func aPostsPictureShowsAsColouredBlocksBetweenItsText() async throws {
        try await StacktermRun.with(arguments: ["--site", "photo"], environment: Self.environment) { run in
            try await Self.open(1, in: run, showing: "Above the plot")
            // The box says the picture's size once it is in; the link number stays.
            let box = "[image: exposure plot · 96×48][1]"
            let drawn = try await eventually { try run.tmux.capture().contains { $0.contains(box) } }
            #expect(drawn, "\((try? run.tmux.capture().joined(separator: "\n")) ?? "")")
            let screen = try run.tmux.capture()
            let above = try #require(screen.firstIndex { $0.contains("Above the plot") })
            let boxRow = try #require(screen.firstIndex { $0.contains(box) })
            let below = try #require(screen.firstIndex { $0.contains("Below the plot") })
            // 96×48 pixels at 8×16 per cell, never enlarged: 12 columns by 3 rows, between two blank lines.
            #expect(boxRow == above + 2)
            #expect(below == boxRow + 1 + 3 + 1, "\(screen[above...below].joined(separator: "\n"))")
            let capture = try run.tmux.captureWithEscapes()
            for row in (boxRow + 1)...(boxRow + 3) {
                #expect(screen[row].contains { "▀▄█".contains($0) }, "row \(row): \(screen[row])")
                #expect(Self.backgrounds(row: row, in: capture).count >= 2, "row \(row) has the plot's colours")
            }
            #expect(Self.backgrounds(row: below, in: capture).isEmpty, "the text below is text")
            #expect(run.finishedRequests(pathPrefix: "/img/plot.png").count == 1)
        }
    }

    /// Inside tmux the pictures' form waits for tmux's answer (`allow-passthrough`) only once the first frame is out:
    /// a tmux that takes 400 ms to answer holds no frame back, its answer is taken after the list is shown, and the
    /// browser goes on as before.
    @Test func aSlowTmuxAnswerHoldsNoFrameBack() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("slow-tmux-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let real = ["/usr/bin/tmux", "/bin/tmux", "/usr/local/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) } ?? "tmux"
        let script = directory.appendingPathComponent("tmux").path
        try """
            #!/bin/sh
            if [ "$*" = "show -gv allow-passthrough" ]; then sleep 0.4; echo on; exit 0; fi
            exec \(real) "$@"
            """.write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        let path = directory.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        // Through `env`: tmux sets its own PATH for a session's command, whatever `new-session -e` says.
        try await StacktermRun.with(arguments: ["--site", "photo"], environment: Self.environment, commandPrefix: ["env", "PATH=" + path]) { run in
            #expect(try await run.waitForStatus("1/4"))
            func mark(_ name: String) -> Double? {
                run.traceEvents().first { $0["ev"] as? String == "mark" && $0["name"] as? String == name }?["t"] as? Double
            }
            #expect(try await eventually { mark("pictures-decided") != nil })
            let firstFrame = try #require(run.traceEvents().first { $0["ev"] as? String == "frame" }?["t"] as? Double)
            let decided = try #require(mark("pictures-decided"))
            #expect(decided - firstFrame > 300, "the first frame came while tmux took its time: \(firstFrame) ms, then \(decided) ms")
            // The browser goes on: a question with a picture opens.
            try await Self.open(1, in: run, showing: "Above the plot")
        }
    }

    @Test func hostileFilesShowAsTheirBoxesWithTheReason() async throws {
        try await StacktermRun.with(arguments: ["--site", "photo"], environment: Self.environment) { run in
            try await Self.open(3, in: run, showing: "Some files from the card")
            let expected = [
                "[image: huge file · PNG declares 100000×100000 pixels (at most 40 megapixels)]",
                "[image: elsewhere · example.com is not an image host",
            ]
            let shown = try await eventually {
                let screen = try run.tmux.capture().joined(separator: "\n")
                return expected.allSatisfy { screen.contains($0) } && screen.contains("[image: cut-off file · ")
                    && !screen.contains("loading…")
            }
            #expect(shown, "\((try? run.tmux.capture().joined(separator: "\n")) ?? "")")
            // The other host is never asked; the browser is still running.
            #expect(run.exitStatus() == nil)
        }
    }

    /// Waits up to `seconds` for the replica to see the slow picture's connection closed before its body ended.
    static func slowPictureIsCutOff(in run: StacktermRun, within seconds: Double) async -> Bool {
        await eventually(within: seconds) {
            run.finishedRequests(pathPrefix: "/img/slow.png").contains(where: \.closedBeforeBodyEnded)
        }
    }

    @Test func leavingAQuestionCancelsItsSlowPicture() async throws {
        try await StacktermRun.with(arguments: ["--site", "photo"], environment: Self.environment) { run in
            try await Self.open(4, in: run, showing: "[image: night sky · loading…]")
            #expect(await eventually { run.replica.requestCount(pathPrefix: "/img/slow.png") == 1 })
            try run.tmux.send("h")
            // The replica dribbles the picture's body out over `SlowPicturePace.seconds`: while stackterm runs on, it
            // sees the connection closed with the body cut off. Without the cancel it would log the body sent whole.
            let cut = await Self.slowPictureIsCutOff(in: run, within: SlowPicturePace.seconds / 2)
            #expect(cut, "\(run.finishedRequests(pathPrefix: "/img/"))")
            #expect(run.exitStatus() == nil, "stackterm is still running")
            let listed = try await eventually { try run.tmux.capture().contains { $0.contains("Which image format keeps") } }
            #expect(listed, "the list is shown again")
        }
    }

    @Test func aQuestionReadBeforeShowsItsPicturesOffline() async throws {
        let store = try StoreDirectory.make()
        defer { store.remove() }
        let box = "[image: exposure plot · 96×48][1]"
        try await StacktermRun.with(arguments: ["--site", "photo"], environment: Self.environment, store: store) { run in
            try await Self.open(1, in: run, showing: "Above the plot")
            #expect(try await eventually { try run.tmux.capture().contains { $0.contains(box) } })
            try run.tmux.send("h")
            try run.tmux.send("q")
            #expect(await eventually { run.exitStatus() == 0 })
        }
        try await StacktermRun.with(arguments: ["--site", "photo", "--offline"], environment: Self.environment, store: store) { run in
            try await Self.open(1, in: run, showing: "Above the plot")
            let shown = try await eventually { try run.tmux.capture().contains { $0.contains(box) } }
            #expect(shown, "\((try? run.tmux.capture().joined(separator: "\n")) ?? "")")
            #expect(run.replica.requestCount(pathPrefix: "/img/") == 0)
        }
    }
}

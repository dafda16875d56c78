import Foundation
import StackExchangeReplica
import TestSupport
import Testing

/// The terminal's focus as a terminal reports it: through a tmux client attached under a pseudo-terminal (`script`),
/// whose terminal says `ESC [ O` when it loses the focus. tmux (with `focus-events on`) forwards that to the pane only
/// when the program in it asked for focus reports (`ESC [ ? 1004 h`), so nothing here is typed into the pane itself
/// (`send-keys` would reach stackterm whatever modes it asked for).
@Suite(.serialized)
struct FocusThroughTmuxEndToEndTests {
    /// A tmux client attached to `run`'s session, on a pseudo-terminal whose keyboard is `keyboard`; ended and waited
    /// for by `detach`.
    final class AttachedClient {
        let process = Process()
        let keyboard = Pipe()

        init(socket: String, target: String) throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
            process.arguments = ["-q", "-f", "-c", "tmux -L \(socket) attach -t \(target)", "/dev/null"]
            process.environment = ProcessInfo.processInfo.environment.merging(["TERM": "xterm-256color"]) { $1 }
                .filter { $0.key != "TMUX" }
            process.standardInput = keyboard
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
        }

        /// What the terminal sends tmux: its focus report, as a terminal with focus reporting on does.
        func terminalReports(_ text: String) {
            keyboard.fileHandleForWriting.write(Data(text.utf8))
        }

        func detach() {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
    }

    /// A followed question got an answer while stackterm was closed; the launch's poll finds it while the terminal,
    /// attached through tmux, has reported that it lost the focus: the trace records the focus-out, and the
    /// notification (OSC 9, passed through tmux) reaches the terminal.
    @Test func aFocusOutReportedThroughAnAttachedClientReachesStacktermAndTheNotificationGoesOut() async throws {
        var followed: Int?
        // Two seconds a request: the launch's polls are answered well after the client has attached and reported.
        let (run, output) = try await WatchInBrowserEndToEndTests.start(
            config: "[watch]\nnotify = \"osc9\"\n", latencyMilliseconds: 2000
        ) { replica, store in
            let id = replica.arrive(question: "Followed before the launch", tags: ["rust"])
            followed = id
            let since = Int(replica.now.timeIntervalSince1970) - 5
            let status = try WatchInBrowserEndToEndTests.watchOnce(
                ["--offline", "--follow", String(id), "--at", String(since)], store: store, config: "")
            #expect(status == 1)
            replica.arriveAnswer(questionID: id)
        }
        guard let id = followed else { return }
        let client = try AttachedClient(socket: run.tmux.socket, target: run.tmux.target)
        defer { client.detach() }
        #expect(try await eventually { try run.tmux.command("display-message", "-p", "#{session_attached}").hasPrefix("1") })
        // Attached: tmux tells the pane it has the focus, once stackterm asked for focus reports.
        #expect(await eventually { Self.focusInputs(run).contains("focus-in") }, "\(Self.focusInputs(run))")
        client.terminalReports("\u{1B}[O")
        #expect(await eventually { Self.focusInputs(run).last == "focus-out" }, "\(Self.focusInputs(run))")
        #expect(run.replica.requestCount(pathPrefix: "/2.3/questions/\(id)/answers") == 0, "the report came first")
        let told = await eventually(within: 30) { WatchInBrowserEndToEndTests.written(output).contains("]9;") }
        #expect(told, "\(WatchInBrowserEndToEndTests.written(output).suffix(300).debugDescription)")
        #expect(WatchInBrowserEndToEndTests.written(output).contains("1 new answer on a followed question"))
        try run.tmux.send("q")
        #expect(await eventually { run.exitStatus() == 0 })
        client.detach()
        try await run.stop()
    }

    /// The focus inputs the trace recorded, in order.
    static func focusInputs(_ run: StacktermRun) -> [String] {
        run.traceEvents().compactMap { event in
            guard event["ev"] as? String == "input", let input = event["input"] as? String, input.hasPrefix("focus") else {
                return nil
            }
            return input
        }
    }
}

import Foundation
import StackExchangeReplica
import TestSupport

/// The real `stackterm` in tmux against an in-process replica, with its trace and exit status in files.
///
/// The program runs as `sh -c 'stackterm …; echo $? > status'`, so the exit status survives the window.
final class StacktermRun {
    let replica: ReplicaServer
    let tmux: TmuxSession
    let directory: URL
    var tracePath: String { directory.appendingPathComponent("trace.jsonl").path }
    var statusPath: String { directory.appendingPathComponent("status").path }
    /// What stackterm wrote to stderr (its one-line refusals and errors).
    var stderrPath: String { directory.appendingPathComponent("stderr").path }

    /// With `jobControlShell`, the window runs an interactive bash (job control on, as a person's shell has it) and
    /// the command line is typed into it, so Ctrl-Z stops stackterm and `fg` brings it back.
    /// `environment` is laid over the defaults (`TERM=screen`, a UTF-8 locale); an empty value unsets a variable for stackterm.
    /// `stderrOnScreen` leaves stackterm's stderr on the terminal, as a person has it, and keeps the window alive after
    /// the exit (tmux wipes a dead pane), so a test can read what was printed once the screen was restored.
    /// The store lives in `store` (shared by runs that pass the same one), else in the run's own directory, never in
    /// the real home. `apiBase` replaces the replica's URL. `config`, when given, is written as the config file
    /// stackterm finds through `XDG_CONFIG_HOME` (always a private directory, so a person's own config never leaks in).
    static func start(
        latencyMilliseconds: Int = 50, width: Int = 100, height: Int = 30, arguments: [String] = [],
        environment: [String: String] = [:], commandPrefix: [String] = [], store: StoreDirectory? = nil, apiBase: URL? = nil,
        activityDrift: Int = 0, config: String? = nil, dataDirectory: URL? = nil, grants: [ReplicaGrant] = [],
        stderrOnScreen: Bool = false, jobControlShell: Bool = false,
        prepare: ((ReplicaServer, StoreDirectory) throws -> Void)? = nil
    ) async throws -> StacktermRun {
        // A stale bundle would drive stackterm with steps the test no longer has.
        TestBundleFreshness.check()
        var options = ReplicaOptions(latencyMilliseconds: latencyMilliseconds, quota: 10_000)
        options.activityDrift = activityDrift
        options.dataDirectory = dataDirectory
        options.grants = grants
        let replica = try await ReplicaServer.start(options)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let storeDirectory = store ?? StoreDirectory(root: directory)
        do {
            try prepare?(replica, storeDirectory)
        } catch {
            try await replica.shutdown()
            throw error
        }
        let configHome = directory.appendingPathComponent("config")
        if let config {
            try FileManager.default.createDirectory(at: configHome.appendingPathComponent("stackterm"), withIntermediateDirectories: true)
            try config.write(to: configHome.appendingPathComponent("stackterm/config.toml"), atomically: true, encoding: .utf8)
        }
        let trace = directory.appendingPathComponent("trace.jsonl").path
        let status = directory.appendingPathComponent("status").path
        let errors = directory.appendingPathComponent("stderr").path
        let base = (apiBase ?? replica.baseURL).absoluteString
        let command = (commandPrefix + [Binaries.stackterm, "--api-base", base, "--trace", trace] + arguments)
            .map(Self.shellQuoted).joined(separator: " ")
        // After stackterm ends: the terminal's modes as it left them, then its status (written last, so a test
        // that sees the status also finds the modes).
        let line = "\(command)\(stderrOnScreen ? "" : " 2> \(Self.shellQuoted(errors))"); echo $? > \(Self.shellQuoted(status)).tmp; "
            + "stty -a > \(Self.shellQuoted(status)).stty 2>&1; mv \(Self.shellQuoted(status)).tmp \(Self.shellQuoted(status))"
        let tmux = try TmuxSession(
            command: jobControlShell ? "exec bash --norc --noprofile -i" : line + (stderrOnScreen ? "; exec sleep 3600" : ""),
            width: width, height: height,
            // NO_COLOR empty: the test runner may set it, and a set NO_COLOR would turn the colours off.
            environment: [
                "TERM": "screen", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "XDG_CONFIG_HOME": configHome.path, "NO_COLOR": "",
            ].merging(storeDirectory.environment) { $1 }
                .merging(environment) { $1 }
        )
        if jobControlShell {
            try tmux.sendLiteral(line)
            try tmux.send("Enter")
        }
        return StacktermRun(replica: replica, tmux: tmux, directory: directory)
    }

    /// Runs `body` against a fresh stackterm and replica (`start`'s options), and stops both however `body` ends.
    static func with(
        latencyMilliseconds: Int = 50, width: Int = 100, height: Int = 30, arguments: [String] = [],
        environment: [String: String] = [:], commandPrefix: [String] = [], store: StoreDirectory? = nil,
        apiBase: URL? = nil, activityDrift: Int = 0, config: String? = nil, dataDirectory: URL? = nil,
        grants: [ReplicaGrant] = [], _ body: (StacktermRun) async throws -> Void
    ) async throws {
        let run = try await start(
            latencyMilliseconds: latencyMilliseconds, width: width, height: height, arguments: arguments,
            environment: environment, commandPrefix: commandPrefix, store: store, apiBase: apiBase,
            activityDrift: activityDrift, config: config, dataDirectory: dataDirectory, grants: grants
        )
        do {
            try await body(run)
        } catch {
            try await run.stop()
            throw error
        }
        try await run.stop()
    }

    private init(replica: ReplicaServer, tmux: TmuxSession, directory: URL) {
        self.replica = replica
        self.tmux = tmux
        self.directory = directory
    }

    /// The terminal modes `stty -a` reported after stackterm exited (`icanon`, `echo`, … or their `-` forms).
    func terminalModesAfterExit() -> Set<String> {
        guard let text = try? String(contentsOfFile: statusPath + ".stty", encoding: .utf8) else { return [] }
        return Set(text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init))
    }

    /// The process id of this run's stackterm, found by its unique trace path in /proc.
    func stacktermPID() -> pid_t? {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries {
            guard let pid = pid_t(entry),
                  let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { continue }
            let arguments = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            if arguments.first == Binaries.stackterm, arguments.contains(tracePath) { return pid }
        }
        return nil
    }

    /// The list's position once its first pages are in at `height` rows (`1/30+`): a page of 30, and the next one too
    /// when 30 rows leave some of the list's rows empty (issue 26: the first page fills the screen).
    static func position(_ row: Int, height: Int) -> String {
        "\(row)/\(height - 2 > 30 ? 60 : 30)+"
    }

    /// The last row of the window: the status bar.
    func statusBar() throws -> String {
        try tmux.capture().last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
    }

    /// Polls until the status bar contains `text`.
    func waitForStatus(_ text: String, within seconds: Double = 15) async throws -> Bool {
        let found = try await eventually(within: seconds) { try statusBar().contains(text) }
        if !found { printDiagnosis(waitingFor: text) }
        return found
    }

    /// What a test that waited in vain needs to tell a slow start from a wrong screen: the screen, stderr, the exit
    /// status and the trace's last events, in the test's log.
    func printDiagnosis(waitingFor text: String) {
        let screen = (try? tmux.capture().joined(separator: "\n")) ?? "(no capture)"
        let events = traceEvents().suffix(8).map { "\($0)" }.joined(separator: "\n")
        print("""
            waited in vain for “\(text)” in the status bar; exit status \(exitStatus().map(String.init) ?? "none yet")
            screen:
            \(screen)
            stderr: \(standardError().suffix(800))
            last trace events:
            \(events)
            """)
    }

    /// The trace's events so far (lines still being written are skipped).
    func traceEvents() -> [[String: Any]] {
        guard let text = try? String(contentsOfFile: tracePath, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
    }

    /// The last frame event of the trace.
    func lastFrame() -> [String: Any]? {
        traceEvents().last { $0["ev"] as? String == "frame" }
    }

    /// What stackterm wrote to stderr so far.
    func standardError() -> String {
        (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
    }

    /// The exit status stackterm ended with, once it has.
    func exitStatus() -> Int? {
        guard let text = try? String(contentsOfFile: statusPath, encoding: .utf8) else { return nil }
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Requests the replica has finished (served or hung up) whose path starts with `prefix`.
    func finishedRequests(pathPrefix prefix: String) -> [ReplicaLogEntry] {
        replica.logEntries().filter { $0.path.hasPrefix(prefix) }
    }

    func stop() async throws {
        tmux.kill()
        try await replica.shutdown()
        try? FileManager.default.removeItem(at: directory)
    }

    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

import Foundation
import Terminal
#if canImport(Glibc)
import Glibc
#endif

/// A private tmux server (its own socket) that runs stackterm in 120×40 windows for `TmuxBenchmarks`.
///
/// Children are started with posix_spawn and no signal blocked: Foundation's `Process` waits on a socket the tmux
/// server inherits and keeps open, and a child that inherited a blocked SIGINT (strace) would never let go.
final class TmuxServer {
    let socket = "stackterm-bench-\(getpid())"

    /// What one launch showed: the trace's `t` of the first frame with rows, and of each start-up mark.
    struct Start {
        var firstRows: Double
        var marks: [String: Double]
    }

    /// Whether the session that keeps the server up is there.
    private var isKept = false

    /// Starts stackterm in session `name` with its store under `root`; returns the session's name.
    func start(
        _ stackterm: String, arguments: [String] = [], base: String, root: String, name: String, term: String = "screen"
    ) -> String? {
        if !isKept {
            // tmux exits with its last session: without one that stays, a launch right after a quit could meet a
            // server on its way out and fail.
            isKept = tmux(["new-session", "-d", "-s", "keep", "cat"]) == 0
        }
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let trace = root + "/trace.jsonl"
        try? FileManager.default.removeItem(atPath: trace)
        // Given as separate arguments, the command is exec'd by tmux's child itself; given as one string, it would go
        // through `sh -c`, whose start the trace's origin (the fork) would count as stackterm's (about 1 ms).
        let command = [stackterm, "--api-base", base, "--trace", trace] + arguments
        let environment = [
            "TERM=\(term)", "LANG=C.UTF-8", "LC_ALL=C.UTF-8", "HOME=\(root)", "XDG_CACHE_HOME=\(root)/cache",
            "XDG_DATA_HOME=\(root)/data", "XDG_CONFIG_HOME=\(root)/config", "NO_COLOR=",
        ].flatMap { ["-e", $0] }
        let status = tmux(["new-session", "-d", "-s", name, "-x", String(TmuxBenchmarks.width), "-y", String(TmuxBenchmarks.height)]
            + environment + command)
        return status == 0 ? name : nil
    }

    /// Starts stackterm, waits for its first frame with rows, quits it with `q` and waits for it to end.
    func launch(_ stackterm: String, base: String, root: String, name: String) -> Start? {
        guard let session = start(stackterm, base: base, root: root, name: name) else {
            print("  (tmux launch \(name): the session would not start)", to: &standardError)
            return nil
        }
        defer { kill(session) }
        let trace = root + "/trace.jsonl"
        let shown = Self.poll(seconds: 15) {
            Self.events(trace).contains { $0["ev"] as? String == "frame" && ($0["rows"] as? Int ?? 0) > 0 }
        }
        guard shown else {
            let frames = Self.events(trace).filter { $0["ev"] as? String == "frame" }.count
            print("  (tmux launch \(name): no frame with rows within 15 s; \(frames) frames)", to: &standardError)
            return nil
        }
        let events = Self.events(trace)
        guard let first = events.first(where: { $0["ev"] as? String == "frame" && ($0["rows"] as? Int ?? 0) > 0 })?["t"] as? Double
        else { return nil }
        var marks: [String: Double] = [:]
        for event in events {
            guard let t = event["t"] as? Double else { continue }
            if event["ev"] as? String == "mark", let name = event["name"] as? String, marks[name] == nil { marks[name] = t }
            // The first request as it went out (the `first-request` mark comes after the store's reads).
            if event["ev"] as? String == "request", marks["request"] == nil { marks["request"] = t }
        }
        // Quit as a person would, so the store is left closed for the warm launch.
        send(session, "q")
        _ = Self.poll(seconds: 10) { tmux(["has-session", "-t", session]) != 0 }
        return Start(firstRows: first, marks: marks)
    }

    /// The text session `name`'s pane shows now (through a tmux buffer written to a file under `directory`).
    func capture(_ session: String, directory: String) -> String {
        let file = directory + "/capture.txt"
        guard tmux(["capture-pane", "-t", session, "-b", "bench-capture"]) == 0,
              tmux(["save-buffer", "-b", "bench-capture", file]) == 0 else { return "" }
        return (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
    }

    func send(_ session: String, _ key: String) {
        tmux(["send-keys", "-t", session, key])
    }

    func kill(_ session: String) {
        tmux(["kill-session", "-t", session])
    }

    func kill() {
        tmux(["kill-server"])
    }

    /// The pid of the stackterm whose command line holds `trace`.
    func pid(of trace: String) -> pid_t? {
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(entry), let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { continue }
            let arguments = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            if arguments.first?.hasSuffix("/stackterm") == true, arguments.contains(trace) { return pid }
        }
        return nil
    }

    /// The trace's events so far (a line still being written is skipped).
    static func events(_ trace: String) -> [[String: Any]] {
        guard let text = try? String(contentsOfFile: trace, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
    }

    /// Polls `condition` every millisecond until it holds or `seconds` pass.
    static func poll(seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(1_000)
        }
        return condition()
    }

    /// Peak RSS in KiB of `argv` run to its end, by GNU time (`%M`), output discarded; nil without /usr/bin/time.
    ///
    /// Not wait4's `ru_maxrss` of a child spawned from here: posix_spawn shares this process's memory until the
    /// exec, and Linux carries that high-water mark over the exec, so the benchmark's own RSS would show.
    static func peakKiB(_ argv: [String]) -> Int? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else { return nil }
        let report = NSTemporaryDirectory() + "stackterm-bench-time-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: report) }
        guard let pid = spawn(["/usr/bin/time", "-f", "%M", "-o", report] + argv), reap(pid) != nil else { return nil }
        return (try? String(contentsOfFile: report, encoding: .utf8)).flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    @discardableResult
    private func tmux(_ arguments: [String]) -> Int32 {
        guard let pid = Self.spawn(["tmux", "-L", socket, "-f", "/dev/null"] + arguments) else { return -1 }
        return Self.reap(pid) ?? -1
    }

    /// Waits for child `pid` to end (through interruptions); its wait status, nil if it cannot be waited for.
    @discardableResult
    static func reap(_ pid: pid_t) -> Int32? {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { return nil }
        }
        return status
    }

    /// Starts `argv` (found on PATH) with stdin and stdout on /dev/null, stderr to `errorPath` (else /dev/null),
    /// and no signal blocked.
    static func spawn(_ argv: [String], errorPath: String? = nil) -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        if let errorPath {
            posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        } else {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        let environment = ProcessInfo.processInfo.environment.filter { $0.key != "TMUX" }
        guard case .success(let pid) = DefaultSignalSpawn.spawn(argv, actions: &actions, environment: DefaultSignalSpawn.entries(environment)) else {
            return nil
        }
        return pid
    }
}

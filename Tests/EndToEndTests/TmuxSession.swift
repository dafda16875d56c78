import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A private tmux server running one program in a fixed-size window, driven and read like a person would.
///
/// Each session uses its own socket name (`tmux -L`), so tests never touch a person's tmux nor each other.
final class TmuxSession {
    let socket: String
    let target = "e2e"

    /// Starts `command` (run by `sh -c`) in a detached window of `width`×`height`.
    init(command: String, width: Int = 100, height: Int = 30, environment: [String: String] = [:]) throws {
        socket = "stackterm-e2e-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
        var arguments = ["-f", "/dev/null", "new-session", "-d", "-s", target, "-x", "\(width)", "-y", "\(height)"]
        for (name, value) in environment.sorted(by: { $0.key < $1.key }) { arguments += ["-e", "\(name)=\(value)"] }
        arguments.append(command)
        try tmux(arguments)
    }

    /// Sends keys by tmux name (`Down`, `Escape`, `Enter`, `n`), one tmux command per key so that
    /// each arrives as its own read (an Esc followed at once by a letter would be one sequence).
    func send(_ keys: String...) throws {
        for key in keys { try tmux(["send-keys", "-t", target, key]) }
    }

    /// Types `text` as it is (`send-keys -l`): no key names, so `c++` is three characters.
    func sendLiteral(_ text: String) throws {
        try tmux(["send-keys", "-t", target, "-l", text])
    }

    /// The visible text of the window, one string per row; trailing spaces are trimmed unless asked for.
    func capture(keepingTrailingSpaces: Bool = false) throws -> [String] {
        try tmux(["capture-pane", "-p"] + (keepingTrailingSpaces ? ["-N"] : []) + ["-t", target]).components(separatedBy: "\n")
    }

    /// The screen cells (column, row) where `text` starts on each row that shows it, as tmux itself placed them.
    ///
    /// Found with tmux's copy mode, whose cursor counts terminal columns: a glyph tmux draws wider than
    /// the program meant moves everything after it, which a captured string (one character per glyph,
    /// however wide) would not show.
    func cellsShowing(_ text: String) throws -> [(column: Int, row: Int)] {
        try tmux(["copy-mode", "-t", target])
        defer { _ = try? tmux(["send-keys", "-t", target, "-X", "cancel"]) }
        try tmux(["send-keys", "-t", target, "-X", "history-top"])
        var found: [(column: Int, row: Int)] = []
        while found.count < 200 {
            try tmux(["send-keys", "-t", target, "-X", "search-forward-text", text])
            let position = try tmux(["display-message", "-p", "-t", target, "#{copy_cursor_x},#{copy_cursor_y}"])
            let numbers = position.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").compactMap { Int($0) }
            guard numbers.count == 2 else { break }
            // The search wraps around: the first repeat means every match was seen.
            if found.contains(where: { $0.column == numbers[0] && $0.row == numbers[1] }) { break }
            found.append((numbers[0], numbers[1]))
        }
        return found.sorted { $0.row < $1.row }
    }

    /// The window as tmux holds it, with each cell's colours and attributes as escape sequences (`capture-pane -e`).
    func captureWithEscapes() throws -> String {
        try tmux(["capture-pane", "-p", "-e", "-t", target])
    }

    /// Runs any tmux command on this session's server (`set -g set-clipboard on`, `show-buffer`) and returns its output.
    @discardableResult
    func command(_ arguments: String...) throws -> String {
        try tmux(arguments)
    }

    /// Resizes the window, which sends the program SIGWINCH.
    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", target, "-x", "\(width)", "-y", "\(height)"])
    }

    /// Stops the tmux server and whatever still runs in it.
    func kill() {
        _ = try? tmux(["kill-server"])
    }

    deinit { kill() }

    /// Runs one tmux command and returns its output.
    ///
    /// Spawned with posix_spawn rather than Foundation's Process: Process learns that a child ended
    /// when a socket it hands the child closes, and the server `new-session` starts inherits that
    /// socket and keeps it open, so waiting would never end. Output goes through a file for the same
    /// reason (a pipe the server holds never reaches end-of-file).
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket)-\(UUID().uuidString).out").path
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        let status = try Self.spawnAndWait(["tmux", "-L", socket] + arguments, outputPath: outputPath)
        let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        guard status == 0 else { throw TmuxError(arguments: arguments, message: "status \(status): \(text)") }
        return text
    }

    /// Runs `argv` (found on PATH) with stdin from /dev/null and stdout and stderr to `outputPath`; returns its exit status.
    private static func spawnAndWait(_ argv: [String], outputPath: String) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let environment = ProcessInfo.processInfo.environment.filter { $0.key != "TMUX" }.map { "\($0.key)=\($0.value)" }
        var cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        var cEnvironment: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer {
            cArguments.forEach { free($0) }
            cEnvironment.forEach { free($0) }
        }
        // The test runner's threads block most signals, and a child inherits that mask: a tmux server (and the
        // stackterm in it) would then ignore kill-server's SIGHUP and outlive the test. Start with a clean slate.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, argv[0], &actions, &attributes, &cArguments, &cEnvironment)
        guard result == 0 else { throw TmuxError(arguments: argv, message: String(cString: strerror(result))) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { throw TmuxError(arguments: argv, message: "waitpid failed") }
        }
        // WIFEXITED / WEXITSTATUS, which Swift does not import.
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}

/// A tmux command failed.
struct TmuxError: Error, CustomStringConvertible {
    var arguments: [String]
    var message: String
    var description: String { "tmux \(arguments.joined(separator: " ")) failed: \(message)" }
}

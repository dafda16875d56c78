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
    /// Spawned with posix_spawn (`ChildProcess`), not Foundation's Process. Output goes through a file: a pipe
    /// the server holds would never reach end-of-file.
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket)-\(UUID().uuidString).out").path
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        let status = try ChildProcess.wait(ChildProcess.spawn(["tmux", "-L", socket] + arguments, outputPath: outputPath))
        let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        guard status == 0 else { throw TmuxError(arguments: arguments, message: "status \(status): \(text)") }
        return text
    }
}

/// A tmux command failed.
struct TmuxError: Error, CustomStringConvertible {
    var arguments: [String]
    var message: String
    var description: String { "tmux \(arguments.joined(separator: " ")) failed: \(message)" }
}

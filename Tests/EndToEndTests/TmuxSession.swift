import Foundation

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

    /// The visible text of the window, one string per row.
    func capture() throws -> [String] {
        try tmux(["capture-pane", "-p", "-t", target]).components(separatedBy: "\n")
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
    /// Output goes through a file, not a pipe: the server that `new-session` starts inherits the
    /// command's stdout and stderr, and a pipe it holds open would never reach end-of-file.
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let outputURL = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket)-\(UUID().uuidString).out")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: outputURL) }
        let output = try FileHandle(forWritingTo: outputURL)
        defer { try? output.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux", "-L", socket] + arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = output
        try process.run()
        process.waitUntilExit()
        let text = try String(contentsOf: outputURL, encoding: .utf8)
        guard process.terminationStatus == 0 else { throw TmuxError(arguments: arguments, message: text) }
        return text
    }
}

/// A tmux command failed.
struct TmuxError: Error, CustomStringConvertible {
    var arguments: [String]
    var message: String
    var description: String { "tmux \(arguments.joined(separator: " ")) failed: \(message)" }
}

import Foundation
@testable import Terminal
import TestSupport
import Testing

/// Whether stackterm's tmux pane is seen, asked of tmux when the terminal never reported its focus.
struct TmuxPaneTests {
    @Test func aPaneOfADetachedSessionIsNotSeenAndNoPaneIsUnknown() throws {
        #expect(TmuxPane.isVisible(environment: ["PATH": "/usr/bin:/bin"]) == nil)
        guard let tmux = URLOpener.resolve("tmux", path: "/usr/bin:/bin:/usr/local/bin") else { return }
        let socketDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-tmuxpane-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: socketDirectory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: socketDirectory) }
        let socket = socketDirectory.appendingPathComponent("s").path
        func run(_ arguments: [String]) throws -> String {
            let output = socketDirectory.appendingPathComponent("out-\(UUID().uuidString)").path
            FileManager.default.createFile(atPath: output, contents: nil)
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
            let started = ChildSpawn.start([tmux, "-S", socket, "-f", "/dev/null"] + arguments, environment: ["PATH": "/usr/bin:/bin"],
                                           input: .nullDevice, output: .descriptor(handle.fileDescriptor), error: .nullDevice)
            try handle.close()
            guard case .success(let pid) = started, case .success(0) = ChildSpawn.waitForExit(pid) else { throw SpawnError(message: "tmux failed") }
            return try String(contentsOfFile: output, encoding: .utf8)
        }
        _ = try run(["new-session", "-d", "-s", "t", "sleep 60"])
        defer { _ = try? run(["kill-server"]) }
        let pane = try run(["display-message", "-p", "-t", "t", "#{pane_id}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let server = try run(["display-message", "-p", "-t", "t", "#{socket_path},#{pid},0"]).trimmingCharacters(in: .whitespacesAndNewlines)
        // Nobody is attached: the pane is not what anyone sees.
        #expect(TmuxPane.isVisible(environment: ["PATH": "/usr/bin:/bin", "TMUX": server, "TMUX_PANE": pane]) == false)
    }
}

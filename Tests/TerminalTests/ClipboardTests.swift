import Foundation
@testable import Terminal
import Testing

/// Copying: the OSC 52 sequence carries only base64; `copy_command` gets the text on stdin.
@MainActor
struct ClipboardTests {
    @Test func theOSC52SequenceIsBase64Only() throws {
        let text = "https://x/q/1\u{1B}]0;evil\u{07}"
        let sequence = String(decoding: OSC52Clipboard.sequence(for: text), as: UTF8.self)
        #expect(sequence.hasPrefix("\u{1B}]52;c;"))
        #expect(sequence.hasSuffix("\u{07}"))
        let payload = String(sequence.dropFirst(7).dropLast())
        #expect(payload.allSatisfy { $0.isLetter || $0.isNumber || "+/=".contains($0) })
        let decoded = try #require(Data(base64Encoded: payload))
        #expect(String(decoding: decoded, as: UTF8.self) == text)
    }

    @Test func copyCommandReceivesTheTextOnStdin() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("clip-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(CommandClipboard.run("cat > '\(path)'", input: Data("two\nlines".utf8), environment: [:]) == nil)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "two\nlines")
        #expect(CommandClipboard.run("exit 3", input: Data(), environment: [:]) == "exit exited with status 3")
    }

    @Test func anOSC52CopyOverTheCapIsNotSentAndSaysWhy() async throws {
        let written = Written()
        let clipboard = OSC52Clipboard(maxBytes: 1_000) { data in written.append(data) }
        let small = await withCheckedContinuation { done in clipboard.copy(String(repeating: "a", count: 750)) { done.resume(returning: $0) } }
        #expect(small == nil)
        #expect(written.count == 1, "750 bytes are 1,000 of base64: at the cap, sent")
        let large = await withCheckedContinuation { done in clipboard.copy(String(repeating: "a", count: 751)) { done.resume(returning: $0) } }
        #expect(large?.contains("too large for the terminal's clipboard") == true)
        #expect(large?.contains("copy_command") == true)
        #expect(written.count == 1, "nothing more reached the terminal")
    }

    @Test func insideTmuxWithoutSetClipboardOnNothingIsSentAndTheFixIsNamed() async throws {
        for (value, copies) in [("external", false), ("off", false), ("on", true)] {
            let written = Written()
            let asked = Written()
            let tmux = TmuxClipboardSetting { asked.append(Data()); return ("\(value)\n", 0) }
            let clipboard = OSC52Clipboard(tmux: tmux) { data in written.append(data) }
            for _ in 0..<2 {
                let problem = await withCheckedContinuation { done in clipboard.copy("https://x/q/1") { done.resume(returning: $0) } }
                #expect((problem == nil) == copies, "\(value): \(problem ?? "copied")")
                if !copies { #expect(problem?.contains("set -g set-clipboard on") == true) }
            }
            #expect(written.count == (copies ? 2 : 0), "\(value)")
            #expect(asked.count == 1, "tmux is asked once a run")
        }
        let unknown = TmuxClipboardSetting { nil }
        #expect(unknown.problem == nil, "a tmux that cannot be asked: the copy is tried")
    }

    @Test func theTmuxSettingIsAskedOnlyInsideTmux() {
        #expect((Clipboard.make(copyCommand: nil, environment: ["TMUX": "/tmp/tmux-1/default,1,0"]) as? OSC52Clipboard)?.tmux != nil)
        #expect((Clipboard.make(copyCommand: nil, environment: [:]) as? OSC52Clipboard)?.tmux == nil)
    }

    @Test func childrenGetAPersonsLinesAndColumnsButNotTheEmptyOnesKeptForCurses() {
        let reserved = ["PATH": "/bin", "LINES": "", "COLUMNS": "", "XDG_DATA_HOME": ""]
        #expect(ChildEnvironment.scrubbed(reserved) == ["PATH": "/bin"])
        let given = ["PATH": "/bin", "LINES": "40", "COLUMNS": "120", "XDG_DATA_HOME": "/home/p/.data"]
        #expect(ChildEnvironment.scrubbed(given) == given)
    }

    @Test func copyCommandsAndBrowsersGetNoSecrets() {
        let environment = ["PATH": "/bin", "STACKEXCHANGE_KEY": "k", "STACKTERM_ACCESS_TOKEN": "t", "STACKTERM_CLIENT_SECRET": "s",
                           "HOME": "/h", "STACKTERM_THEME": "dark"]
        #expect(ChildEnvironment.scrubbed(environment) == ["PATH": "/bin", "HOME": "/h", "STACKTERM_THEME": "dark"])
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("env-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let clipboard = Clipboard.make(copyCommand: "env > '\(path)'", environment: environment)
        let command = clipboard as? CommandClipboard
        #expect(command != nil)
        #expect(CommandClipboard.run("env > '\(path)'", input: Data(), environment: command?.environment ?? environment) == nil)
        let seen = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        #expect(seen.contains("HOME=/h") && !seen.contains("STACKEXCHANGE_KEY") && !seen.contains("TOKEN"))
    }
}

/// What a test clipboard wrote, from any queue.
final class Written: @unchecked Sendable {
    private let lock = NSLock()
    private var chunks: [Data] = []
    func append(_ data: Data) { lock.withLock { chunks.append(data) } }
    var count: Int { lock.withLock { chunks.count } }
}

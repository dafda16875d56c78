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
}

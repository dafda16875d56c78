import Foundation
import Testing

/// Expected output checked in under Fixtures/, compared byte for byte; `STACKTERM_RECORD_FIXTURES=1` writes it anew.
enum FixtureFile {
    static func url(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").appendingPathComponent(name)
    }

    /// Expects `bytes` to equal the fixture `name` (escapes shown as `\e` so a failure reads).
    static func expect(_ bytes: [UInt8], matches name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = url(name)
        if ProcessInfo.processInfo.environment["STACKTERM_RECORD_FIXTURES"] == "1" {
            try Data(bytes).write(to: file)
            return
        }
        let expected = try [UInt8](Data(contentsOf: file))
        #expect(printable(bytes) == printable(expected), "differs from Fixtures/\(name)", sourceLocation: sourceLocation)
    }

    static func printable(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\u{1B}", with: "\\e").replacingOccurrences(of: "\u{07}", with: "\\a")
    }
}

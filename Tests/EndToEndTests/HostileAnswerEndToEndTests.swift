import Foundation
import TestSupport
import Testing

/// `stackterm --print` against a server that breaks HTTP on purpose (`HostileServer`): each ends at once with one line
/// that says what happened in words, and status 69.
@Suite(.serialized)
struct HostileAnswerEndToEndTests {
    /// Runs `--print reflog` against a server answering every request with `script`; its stderr lines and status.
    private static func printAgainst(_ script: @escaping @Sendable (HostileServer.Connection) -> Void) throws -> ShellRun {
        let store = try StoreDirectory.make()
        let server = try HostileServer(script: script)
        defer {
            server.stop()
            store.remove()
        }
        return try ShellRun.run(["--print", "reflog"], replica: nil, store: store, apiBase: "http://127.0.0.1:\(server.port)/2.3")
    }

    @Test func anAnswerWithoutAStatusLineIsNotHTTP() throws {
        let run = try Self.printAgainst { connection in connection.write("{\"items\":[]}\n") }
        #expect(run.status == 69, "\(run.errors)")
        #expect(run.errors.split(separator: "\n") == ["stackterm: stackoverflow: network error: the server's answer was not HTTP"])
    }

    @Test func aHeaderLinePastLibcurlsLimitIsSaidInWords() throws {
        let run = try Self.printAgainst { connection in
            connection.write("HTTP/1.1 200 OK\r\nX-Big: \(String(repeating: "b", count: 110 << 10))\r\nContent-Length: 2\r\n\r\n{}")
        }
        #expect(run.status == 69, "\(run.errors)")
        #expect(run.errors.split(separator: "\n") == ["stackterm: stackoverflow: network error: a header line of the answer was too long"])
    }

    @Test func trailersWithoutEndAreRefusedAsTooLarge() throws {
        let run = try Self.printAgainst { connection in
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n"
            guard connection.write(head) else { return }
            var index = 0
            while connection.bytesWritten < 32 << 20, connection.write("X-Trailer-\(index): \(String(repeating: "t", count: 100))\r\n") {
                index += 1
            }
            connection.write("\r\n")
        }
        #expect(run.status == 69, "\(run.errors)")
        #expect(run.errors.split(separator: "\n") == ["stackterm: stackoverflow: response too large (over 256 KB): refused"])
    }
}

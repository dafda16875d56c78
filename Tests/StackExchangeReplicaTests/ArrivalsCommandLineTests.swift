import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TestSupport
import Testing

/// `stackterm-replica --arrivals RATE`: questions arrive while it runs (issue 30).
struct ArrivalsCommandLineTests {
    @Test(.enabled(if: ReplicaCommandLineTests.binaryExists)) func questionsArriveAtTheRate() async throws {
        let replica = try ServerChild([ReplicaCommandLineTests.binary.path, "--port", "0", "--arrivals", "600"])
        defer { replica.stop() }
        let line = try await offThePool { replica.readLine() ?? "" }
        let base = try #require(line.split(separator: " ").last.map(String.init))
        let tags = "swift;rust;python;bash;c"
        let url = try #require(URL(string: "\(base)/search/advanced?site=stackoverflow&sort=creation&pagesize=5&tagged=\(tags)"))
        // One arrival every 0.1 s: the newest questions soon carry the arrivals' ids.
        let arrived = await eventually {
            guard let data = try? Data(contentsOf: url),
                  let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let items = json["items"] as? [[String: Any]]
            else { return false }
            return items.compactMap { $0["question_id"] as? Int }.filter { $0 >= 900_000_000 }.count >= 2
        }
        #expect(arrived)
        let status = try await offThePool { replica.stop() }
        #expect(status == 0)
    }

    @Test(.enabled(if: ReplicaCommandLineTests.binaryExists)) func aRateOutOfRangeIsOneLine() async throws {
        let process = Process()
        process.executableURL = ReplicaCommandLineTests.binary
        process.arguments = ["--port", "0", "--arrivals", "0"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = try await offThePool { String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
        try await offThePool { process.waitUntilExit() }
        #expect(process.terminationStatus == 64)
        #expect(text == "stackterm-replica: --arrivals must be more than 0 and at most 600 a minute\n")
    }
}

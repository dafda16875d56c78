import Browser
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Operations
import StackExchange
import StacktermCLI
import Testing

/// The `--trace` file: one JSON object per line, `t` never decreasing, the app key never written.
struct TraceWriterTests {
    @Test func everyEventIsOneJSONLineWithIncreasingT() throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try TraceWriter(path: path, origin: .now)
        writer.key(.down)
        writer.key(.character("\""))
        writer.key(.escape)
        writer.requestStarted(id: 1, path: "/questions", page: 2, priority: .background)
        writer.requestEnded(id: 1, outcome: .cancelled, status: nil)
        writer.requestEnded(id: 2, outcome: .ok, status: 200)
        writer.frame(FrameInfo(screen: "list", rows: 30, selected: 4), drawTime: .microseconds(1500))
        #expect(writer.flush() == nil)

        let objects = try Self.objects(in: path)
        #expect(objects.count == 7)
        let times = objects.compactMap { $0["t"] as? Double }
        #expect(times.count == 7)
        #expect(times == times.sorted())
        #expect(objects[0]["ev"] as? String == "key")
        #expect(objects[0]["key"] as? String == "down")
        #expect(objects[1]["key"] as? String == "\"")
        #expect(objects[2]["key"] as? String == "esc")
        #expect(objects[3]["ev"] as? String == "request")
        #expect(objects[3]["path"] as? String == "/questions")
        #expect(objects[3]["page"] as? Int == 2)
        #expect(objects[3]["queue"] as? String == "background")
        #expect(objects[4]["outcome"] as? String == "cancelled")
        #expect(objects[4]["status"] == nil)
        #expect(objects[5]["status"] as? Int == 200)
        #expect(objects[6]["screen"] as? String == "list")
        #expect(objects[6]["rows"] as? Int == 30)
        #expect(objects[6]["selected"] as? Int == 4)
        #expect(objects[6]["ms"] as? Double == 1.5)
    }

    @Test func aRaisedPrefetchIsTracedAsTheUsersQueue() throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try TraceWriter(path: path, origin: .now)
        writer.requestStarted(id: 7, path: "/questions", page: 2, priority: .background)
        writer.requestRaised(id: 7, priority: .user)
        #expect(writer.flush() == nil)
        let objects = try Self.objects(in: path)
        #expect(objects.count == 2)
        #expect(objects[1]["ev"] as? String == "raised")
        #expect(objects[1]["id"] as? Int == 7)
        #expect(objects[1]["queue"] as? String == "user")
    }

    @Test func tCountsFromTheOrigin() throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try TraceWriter(path: path, origin: .now - .seconds(2))
        writer.key(.up)
        _ = writer.flush()
        let t = try #require(try Self.objects(in: path).first?["t"] as? Double)
        #expect(t >= 2000 && t < 60_000)
    }

    /// Steps reached before the trace file existed (`swift-main`, `parsed`) keep their own time.
    @Test func aMarkCanCarryAnEarlierInstant() throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let origin = ContinuousClock.now - .seconds(2)
        let writer = try TraceWriter(path: path, origin: origin)
        writer.mark("swift-main", at: origin + .milliseconds(3))
        writer.mark("main")
        _ = writer.flush()
        let objects = try Self.objects(in: path)
        #expect(objects.compactMap { $0["name"] as? String } == ["swift-main", "main"])
        let t = try #require(objects.first?["t"] as? Double)
        #expect(t >= 3 && t < 4, "t \(t)")
        #expect((objects.last?["t"] as? Double ?? 0) >= 2000)
    }

    /// The trace holds what the person browsed: mode 0600 when made, and an existing file others could read is narrowed.
    @Test func theTraceFileIsTheOwnersAlone() throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try TraceWriter(path: path, origin: .now)
        #expect(try Self.mode(path) == 0o600)
        #expect(chmod(path, 0o666) == 0)
        _ = try TraceWriter(path: path, origin: .now)
        #expect(try Self.mode(path) == 0o600)
    }

    /// Keys typed into a prompt, the site filter or the editor are their kind and length only; a paste its length.
    @Test func typedTextIsRecordedByKindAndLengthOnly() throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try TraceWriter(path: path, origin: .now)
        for character in "hunter2" { writer.input(.key(.character(character)), intoText: true) }
        writer.input(.key(.alt("b")), intoText: true)
        writer.input(.key(.backspace), intoText: true)
        writer.input(.paste("my secret words"), intoText: true)
        writer.input(.key(.character("j")), intoText: false)
        #expect(writer.flush() == nil)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for word in ["hunter", "\"h\"", "\"2\"", "\"b\"", "alt-b", "secret"] { #expect(!text.contains(word), "\(word) in \(text)") }
        let objects = try Self.objects(in: path)
        #expect(objects.count == 11)
        #expect(objects[0]["kind"] as? String == "character" && objects[0]["length"] as? Int == 1)
        #expect(objects[7]["kind"] as? String == "alt")
        #expect(objects[8]["key"] as? String == "backspace")
        #expect(objects[9]["input"] as? String == "paste(15 characters)")
        #expect(objects[10]["key"] as? String == "j", "outside a prompt a key is written by name, as before")
    }

    static func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return ((attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1) & 0o777
    }

    @Test func anUnwritablePathIsAnError() {
        #expect(throws: TraceError.self) { try TraceWriter(path: "/nonexistent-dir/trace.jsonl", origin: .now) }
    }

    @Test @MainActor func aRealRequestIsTracedWithoutTheKey() async throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try TraceWriter(path: path, origin: .now)
        let key = "s3cr3t-app-key"
        let transport = EmptyPageTransport()
        let client = StackExchangeClient(
            configuration: BackendConfiguration(baseURL: URL(string: "http://127.0.0.1:9/2.3")!, key: key),
            queues: QueueManager(), observer: writer, transport: transport
        )
        let manager = QuestionsDataManager(client: client)
        let result = await withCheckedContinuation { continuation in
            manager.questions(QuestionsQuery(), page: 1, priority: .user) { continuation.resume(returning: $0) }
        }
        #expect(throws: Never.self) { try result.get() }
        #expect(transport.sawKey(key))
        #expect(writer.flush() == nil)

        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!text.contains(key))
        let objects = try Self.objects(in: path)
        let request = try #require(objects.first { $0["ev"] as? String == "request" })
        let response = try #require(objects.first { $0["ev"] as? String == "response" })
        #expect(request["path"] as? String == "/questions")
        #expect(request["queue"] as? String == "user")
        #expect(response["id"] as? Int == request["id"] as? Int)
        #expect(response["outcome"] as? String == "ok")
        #expect(response["status"] as? Int == 200)
    }

    static func temporaryPath() -> String {
        NSTemporaryDirectory() + "stackterm-trace-\(UUID().uuidString).jsonl"
    }

    static func objects(in path: String) throws -> [[String: Any]] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasSuffix("\n"))
        return try text.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
    }
}

import Foundation
import Operations
import StackExchange
import StacktermCLI
import Store
import Testing

/// A launch that answers on stdout leaves the store's WAL at most `ShellWAL.limit` long (it ends without closing it).
struct ShellWALTests {
    static func wal(_ cache: QuestionCache) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: cache.file.path + "-wal"))?[.size] as? NSNumber)?.intValue ?? 0
    }

    @Test func aWALPastTheLimitIsTruncatedAndOneWithinItIsLeft() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("shell-wal-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let paths = StorePaths(dataDirectory: root.appendingPathComponent("data"), cacheDirectory: root.appendingPathComponent("cache"))
        try FileManager.default.createDirectory(at: paths.cacheDirectory, withIntermediateDirectories: true)
        let cache = QuestionCache(paths: paths, queues: QueueManager(), checkDelay: 3600)
        for id in 1...20 {
            let question = Question(
                questionID: id, title: "question \(id)", creationDate: Date(), body: String(repeating: "<p>text</p>", count: 200))
            cache.write(QuestionDetail(question: question, answers: []), host: "api.example", site: "stackoverflow", at: Date())
        }
        let written = Self.wal(cache)
        #expect(written > 10_000, "the writes went to the WAL: \(written)")
        #expect(!ShellWAL.truncateIfLarge(cache, limit: written + 1))
        #expect(Self.wal(cache) == written, "within the limit: left as it is")
        #expect(ShellWAL.truncateIfLarge(cache, limit: written - 1))
        // Truncated, then one page frame: the checkpoint writes the schema's version again (`QuestionCache.checkpointWAL`).
        #expect(Self.wal(cache) <= 8192, "past it: checkpointed and truncated: \(Self.wal(cache))")
        #expect(cache.detail(host: "api.example", site: "stackoverflow", questionID: 20)?.value.question.title == "question 20",
                "nothing written was lost")
    }
}

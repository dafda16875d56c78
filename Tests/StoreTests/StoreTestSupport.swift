import Foundation
import GRDB
import Operations
import StackExchange
import StorePorts
@testable import Store

/// A temporary pair of XDG directories (never the real home), removed when the test is done with it.
final class TemporaryStore {
    let root: URL
    let paths: StorePaths
    let queues = QueueManager()

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        paths = StorePaths(environment: [
            "HOME": root.path, "XDG_DATA_HOME": root.appendingPathComponent("data").path,
            "XDG_CACHE_HOME": root.appendingPathComponent("cache").path,
        ])
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func openCache(sizeLimit: Int = QuestionCache.defaultSizeLimit, now: Date = Date()) -> QuestionCache {
        QuestionCache(paths: paths, queues: queues, sizeLimit: sizeLimit, clock: { now })
    }

    func openPersonal() -> PersonalDataManager {
        PersonalDataManager(paths: paths, queues: queues)
    }

    /// Writes a data file as an older stackterm left it: `sql` makes its tables, rows and `user_version`.
    func writeOlderDataFile(_ sql: String) throws {
        try FileManager.default.createDirectory(at: paths.dataDirectory, withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: paths.dataFile.path)
        try queue.write { db in try db.execute(sql: sql) }
        try queue.close()
    }

    /// Waits for every background write.
    func drain() { queues.waitUntilAllOperationsAreFinished() }

    /// The files in the cache directory.
    func cacheDirectoryNames() -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: paths.cacheDirectory.path)) ?? []
    }
}

enum StoreFixtures {
    static let date = Date(timeIntervalSince1970: 1_700_000_000)

    static func questions(_ count: Int, from first: Int = 1, bodyBytes: Int = 0) -> [Question] {
        (first..<first + count).map { n in
            Question(
                questionID: n, title: "Question \(n) &amp; more", link: "https://stackoverflow.com/q/\(n)", tags: ["swift", "sqlite"],
                score: n, answerCount: 2, viewCount: 10 * n, isAnswered: true, creationDate: date.addingTimeInterval(Double(-n)),
                owner: ShallowUser(userID: n, displayName: "user \(n)"),
                body: bodyBytes > 0 ? "<p>" + String(repeating: "body \(n) ", count: bodyBytes / 8) + "</p>" : nil)
        }
    }

    static func detail(_ id: Int) -> QuestionDetail {
        let question = questions(1, from: id, bodyBytes: 400)[0]
        let answers = (1...3).map { n in
            Answer(answerID: id * 10 + n, questionID: id, score: n, creationDate: date, body: "<p>answer \(n)</p>")
        }
        return QuestionDetail(question: question, answers: answers)
    }
}

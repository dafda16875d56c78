import Browser
import Foundation
import Operations
import StackExchange
import Store

/// The local store: writing a page, reading a page and a question, the cache's size and prune at 10,000
/// questions, and the warm first paint of the real binary from the cache.
enum StoreBenchmarks {
    static func register(_ runner: inout BenchmarkRunner) {
        let root = NSTemporaryDirectory() + "stackterm-bench-store-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let paths = StorePaths(environment: ["HOME": root, "XDG_CACHE_HOME": root + "/cache", "XDG_DATA_HOME": root + "/data"])
        let queues = QueueManager()
        let cache = QuestionCache(paths: paths, queues: queues)
        queues.waitUntilAllOperationsAreFinished()
        let query = QuestionsQuery(site: "stackoverflow", pageSize: 100)
        let page = Page(items: questions(100, from: 1), hasMore: true)
        var round = 0
        runner.run("store: write a 100-question page with bodies", units: 100, unit: "questions", target: 20) {
            round += 1
            cache.write(page, key: CacheKey(host: "bench", query: query, page: round), at: Date())
        }
        // The first paint reads page 1 at the default page size (30) synchronously: the 2 ms rule applies to it.
        // List pages come from the default filter, without bodies (details are filed apart), so that is what it reads.
        let firstPageQuery = QuestionsQuery(site: "stackoverflow")
        let listRows = page.items.prefix(30).map { question -> Question in
            var row = question
            row.body = nil
            return row
        }
        cache.write(Page(items: listRows, hasMore: true), key: CacheKey(host: "bench", query: firstPageQuery, page: 1), at: Date())
        let firstPage = CacheKey(host: "bench", query: firstPageQuery, page: 1)
        runner.run("store: read a cached first page (30 list questions, as the first paint does)", target: 2) {
            guard cache.page(firstPage)?.value.items.count == 30 else { fatalError("the page did not round-trip") }
        }
        let fullPage = CacheKey(host: "bench", query: query, page: 0)
        cache.write(page, key: fullPage, at: Date())
        runner.run("store: read a cached 100-question page with bodies") {
            guard cache.page(fullPage)?.value.items.count == 100 else { fatalError("the page did not round-trip") }
        }
        let detail = QuestionDetail(question: page.items[0], answers: answers(of: page.items[0].questionID, count: 5))
        cache.write(detail, host: "bench", site: "stackoverflow", at: Date())
        runner.run("store: open a cached question (read + layout at 120 columns)", target: 16) {
            guard let cached = cache.detail(host: "bench", site: "stackoverflow", questionID: detail.question.questionID)
            else { fatalError("the detail did not round-trip") }
            _ = DetailLayout.layout(cached.value, width: 120, now: Date())
        }
        queues.waitUntilAllOperationsAreFinished()
        if runner.includes("store: cache at 10,000") || runner.includes("store: prune 10,000") || runner.includes("index cost: prune") {
            sizeAndPrune(&runner, paths: paths, queues: queues)
        }
        if runner.includes("warm first paint") { warmFirstPaint(&runner, root: root) }
    }

    /// Fills a fresh cache with 10,000 questions with bodies (100 pages of 100), then prunes it to half its size: as the
    /// cache runs (the full-text index kept in step), and with the index off (what the index costs the prune).
    ///
    /// The prune takes the pruned questions out of the search at once; their text leaves the FTS5 table after it, in
    /// the background, in batches (`QuestionCache+IndexPurge`). That purge is timed in a row of its own, so no part of
    /// the index's cost is left out of the table.
    static func sizeAndPrune(_ runner: inout BenchmarkRunner, paths: StorePaths, queues: QueueManager) {
        let rounds = runner.isSmoke ? 1 : 3
        var sizes: [Double] = []
        var prunes: [Bool: [Double]] = [:]
        var purges: [Double] = []
        var batches: [Int] = []
        var checkpoints: [Double] = []
        for round in 0..<rounds {
            for indexing in [true, false] {
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: paths.cacheFile.path + suffix) }
                let filler = QuestionCache(paths: paths, queues: queues)
                filler.indexesWrites = indexing
                queues.waitUntilAllOperationsAreFinished()
                for number in 0..<100 {
                    let items = questions(100, from: number * 100 + 1)
                    filler.write(Page(items: items, hasMore: true), key: CacheKey(host: "bench", query: QuestionsQuery(), page: number + 1),
                                 at: Date(timeIntervalSince1970: Double(round * 1000 + number)))
                }
                queues.waitUntilAllOperationsAreFinished()
                let bytes = filler.counts()?.bytesOnDisk ?? 0
                if indexing { sizes.append(Double(bytes) / 1_048_576) }
                // Opened under the default limit, so that its own check at open (on its queue) prunes nothing and starts no
                // purge beside the ones timed here; the limit comes down once that check is done.
                let pruneQueues = QueueManager()
                let pruner = QuestionCache(paths: paths, queues: pruneQueues)
                pruneQueues.waitUntilAllOperationsAreFinished()
                pruner.limit(to: bytes / 2)
                let clock = ContinuousClock()
                let start = clock.now
                let removed = pruner.pruneNow(checkpointingWAL: false, indexPurge: .byTheCaller)
                prunes[indexing, default: []].append(BenchmarkRunner.milliseconds(clock.now - start))
                precondition(removed > 0, "the prune removed nothing")
                guard indexing else { continue }
                // The purge the browser runs in the background after a prune, batch after batch, timed whole.
                let purgeStart = clock.now
                batches.append(pruner.purgeIndexNow())
                purges.append(BenchmarkRunner.milliseconds(clock.now - purgeStart))
                // The WAL's checkpoint is timed apart: a prune at run time leaves it to SQLite's auto-checkpoint.
                let checkpointStart = clock.now
                pruner.checkpointWALNow()
                checkpoints.append(BenchmarkRunner.milliseconds(clock.now - checkpointStart))
            }
        }
        let size = Sample(sizes)
        runner.record(.init(
            measure: "store: cache at 10,000 questions with bodies, on disk", median: String(format: "%.1f MB", size.median),
            tail: "n=\(sizes.count)", target: "≤ 50 MB", passed: size.max <= 50, note: "bodies of about 1.3 kB; the full-text index included"
        ))
        let prune = Sample(prunes[true] ?? [])
        runner.record(.init(
            measure: "store: prune 10,000 questions to half the size", median: BenchmarkRunner.ms(prune.median),
            tail: "max \(BenchmarkRunner.ms(prune.max)) (n=\(prune.sorted.count))", target: "< 200 ms", passed: prune.max < 200,
            note: "the pruned questions leave the search in it; their text leaves the index after it (the purge, next row); "
                + "the WAL's checkpoint after both, timed apart: median \(BenchmarkRunner.ms(Sample(checkpoints).median))"
        ))
        let purge = Sample(purges)
        runner.record(.init(
            measure: "store: purge the pruned questions' text from the full-text index (deferred, background)",
            median: BenchmarkRunner.ms(purge.median), tail: "max \(BenchmarkRunner.ms(purge.max)) (n=\(purges.count))", target: "—",
            passed: nil,
            note: "after the prune, in \(batches.first ?? 0) transactions of \(QuestionCache.purgeBatchSize) documents on the background queue"
        ))
        let off = Sample(prunes[false] ?? [])
        runner.record(.init(
            measure: "store: prune 10,000 questions to half the size, index off", median: BenchmarkRunner.ms(off.median),
            tail: "max \(BenchmarkRunner.ms(off.max)) (n=\(off.sorted.count))", target: "—", passed: nil,
            note: "the same cache filled without the full-text index"))
        runner.record(.init(
            measure: "index cost: prune 10,000 questions to half the size, with / without", median: String(format: "%.2f×", prune.median / off.median),
            tail: "medians", target: "≤ 1.3×", passed: prune.median / off.median <= 1.3,
            note: "\(BenchmarkRunner.ms(prune.median)) against \(BenchmarkRunner.ms(off.median)); with the deferred purge added: "
                + String(format: "%.2f×", (prune.median + purge.median) / off.median)))
    }

    /// The real `stackterm` started on a pseudo-terminal with page 1 already in its cache and a replica that answers
    /// after 300 ms: exec to its first row, beside `curl` fetching the same page from the same replica.
    static func warmFirstPaint(_ runner: inout BenchmarkRunner, root: String) {
        let stackterm = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("stackterm").path
        guard FileManager.default.isExecutableFile(atPath: stackterm) else {
            print("  (warm first paint skipped: no stackterm beside the benchmark; build it too)", to: &standardError)
            return
        }
        let replica = ColdStartBenchmarks.startReplica()
        defer { ColdStartBenchmarks.stopReplica(replica) }
        let base = replica.baseURL.absoluteString
        let storeRoot = root + "/warm"
        // The launch that fills the cache; SIGTERM on stop lets it finish its writes.
        _ = ColdStartBenchmarks.firstPaint(stackterm: stackterm, base: base, trace: nil, storeRoot: storeRoot)
        let url = "\(base)/questions?page=1&pagesize=30&order=desc&sort=activity&site=stackoverflow"
        var warm: [Double] = []
        var curl: [Double] = []
        for _ in 0..<(runner.isSmoke ? 2 : 15) {
            if let time = ColdStartBenchmarks.firstPaint(stackterm: stackterm, base: base, trace: nil, storeRoot: storeRoot) {
                warm.append(time)
            }
            if let time = ColdStartBenchmarks.curl(url) { curl.append(time) }
        }
        let warmSample = Sample(warm)
        let curlSample = Sample(curl)
        runner.record(.init(
            measure: "warm first paint (exec → first cached row on a 120x40 pty)", median: BenchmarkRunner.ms(warmSample.median),
            tail: "min \(BenchmarkRunner.ms(warmSample.min)), max \(BenchmarkRunner.ms(warmSample.max)) (n=\(warm.count))",
            target: "≤ curl", passed: warm.isEmpty || curl.isEmpty ? nil : warmSample.median <= curlSample.median,
            note: "curl median \(BenchmarkRunner.ms(curlSample.median)) on the same replica; "
                + ColdStartBenchmarks.breakdown(stackterm: stackterm, base: base, runs: runner.isSmoke ? 1 : 7, storeRoot: storeRoot)
        ))
    }

    /// `count` questions with HTML bodies of about 1.3 kB, numbered from `first`.
    static func questions(_ count: Int, from first: Int) -> [Question] {
        let body = String(repeating: "<p>Some text with <code>inline code</code> &amp; a <a href=\"https://example.com\">link</a>.</p>\n", count: 14)
        return (first..<first + count).map { id in
            Question(
                questionID: id, title: "How do I use &quot;tag \(id)&quot; &amp; 日本語 with &lt;generics&gt;?",
                link: "https://stackoverflow.com/questions/\(id)", tags: ["swift", "linux", "ncurses"], score: id % 50,
                answerCount: 3, viewCount: id * 97, isAnswered: true, creationDate: Date(timeIntervalSince1970: 1_700_000_000 - Double(id)),
                owner: ShallowUser(userID: id, displayName: "user \(id)"), body: body, contentLicense: "CC BY-SA 4.0")
        }
    }

    static func answers(of questionID: Int, count: Int) -> [Answer] {
        (1...count).map { n in
            Answer(answerID: questionID * 10 + n, questionID: questionID, score: n, creationDate: Date(timeIntervalSince1970: 1_700_000_000),
                   body: String(repeating: "<p>An answer with <code>code</code> and text.</p>\n<pre><code>let x = \(n)\n</code></pre>\n", count: 10))
        }
    }
}

import DumpImport
import Foundation
import Operations
import StackExchange
import Store
import SyntheticDump

/// a synthetic data dump imported (rate, peak memory, size on disk), a two-word local search's first page
/// at two sizes, and what the cache's index costs each store write.
enum DumpBenchmarks {
    static func register(_ runner: inout BenchmarkRunner) {
        guard runner.includes("dump") || runner.includes("index cost") else { return }
        let root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("stackterm-bench-dump-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        if runner.includes("dump") {
            let big = runner.isSmoke ? 2_000 : 200_000
            let small = runner.isSmoke ? 500 : 20_000
            if let site = importRows(&runner, posts: big, root: root.appendingPathComponent("big")) {
                queryRow(&runner, site: site, posts: big)
            }
            if let site = importInProcess(posts: small, root: root.appendingPathComponent("small")) {
                queryRow(&runner, site: site, posts: small)
            }
        }
        if runner.includes("index cost") { indexCost(&runner, root: root.appendingPathComponent("cache")) }
    }

    static func paths(_ root: URL) -> StorePaths {
        StorePaths(environment: ["HOME": root.path, "XDG_DATA_HOME": root.path + "/data", "XDG_CACHE_HOME": root.path + "/cache"])
    }

    /// Generates a dump of `posts`, packs it, and imports it with the real `stackterm import` under GNU time (its peak
    /// RSS); without a stackterm beside the benchmark, in this process (no memory row).
    static func importRows(_ runner: inout BenchmarkRunner, posts: Int, root: URL) -> ImportedSite? {
        let folder = root.appendingPathComponent("vi.stackexchange.com")
        let archive = root.appendingPathComponent("vi.stackexchange.com.7z")
        guard let summary = try? DumpGenerator(posts: posts, seed: 29).write(to: folder),
              (try? DumpGenerator.pack(folder, into: archive)) != nil
        else {
            print("  (dump import skipped: the dump could not be generated or packed; is 7zip installed?)", to: &standardError)
            return nil
        }
        let archiveBytes = (try? FileManager.default.attributesOfItem(atPath: archive.path)[.size] as? Int) ?? 0
        let stackterm = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("stackterm").path
        let storePaths = paths(root)
        let clock = ContinuousClock()
        let start = clock.now
        var peakKiB: Int?
        if FileManager.default.isExecutableFile(atPath: stackterm), FileManager.default.isExecutableFile(atPath: "/usr/bin/time") {
            let rss = root.appendingPathComponent("rss").path
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
            process.arguments = ["-f", "%M", "-o", rss, stackterm, "import", archive.path]
            process.environment = ["HOME": root.path, "XDG_DATA_HOME": root.path + "/data", "XDG_CACHE_HOME": root.path + "/cache",
                                   "PATH": "/usr/bin:/bin"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return nil }
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                print("  (dump import failed: status \(process.terminationStatus))", to: &standardError)
                return nil
            }
            peakKiB = (try? String(contentsOfFile: rss, encoding: .utf8)).flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        } else {
            guard (try? DumpImporter(source: archive, site: nil, paths: storePaths).run()) != nil else { return nil }
        }
        let seconds = BenchmarkRunner.milliseconds(clock.now - start) / 1000
        let rate = Double(summary.posts) / seconds
        runner.record(.init(
            measure: "dump: import \(summary.posts) posts from a .7z (rows, index, finish)", median: String(format: "%.1f s", seconds),
            tail: "n=1", target: "≥ 10,000 posts/s", passed: rate >= 10_000,
            note: String(format: "%.0f posts/s; %d questions, %d answers, %d comments; .7z %.1f MB, XML %.1f MB", rate,
                         summary.questions, summary.answers, summary.comments, Double(archiveBytes) / 1_048_576,
                         Double(summary.xmlBytes) / 1_048_576)))
        if let peakKiB {
            runner.record(.init(
                measure: "dump: peak RSS of stackterm import (\(summary.posts) posts)", median: String(format: "%.1f MB", Double(peakKiB) / 1024),
                tail: "n=1", target: "≤ 150 MB", passed: Double(peakKiB) / 1024 <= 150, note: "GNU time's maximum resident set"))
        }
        let file = storePaths.importedSiteFile("vi")
        let dbBytes = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        runner.record(.init(
            measure: "dump: site file against the dump's XML (\(summary.posts) posts)",
            median: String(format: "%.1f MB", Double(dbBytes) / 1_048_576), tail: "n=1", target: "—", passed: nil,
            note: String(format: "%.2f× the XML's %.1f MB (all eight files; Posts, Comments and Users are read)",
                         Double(dbBytes) / Double(max(summary.xmlBytes, 1)), Double(summary.xmlBytes) / 1_048_576)))
        return try? ImportedSite(file: file)
    }

    static func importInProcess(posts: Int, root: URL) -> ImportedSite? {
        let folder = root.appendingPathComponent("vi.stackexchange.com")
        guard (try? DumpGenerator(posts: posts, seed: 29).write(to: folder)) != nil,
              let outcome = try? DumpImporter(source: folder, site: nil, paths: paths(root)).run()
        else { return nil }
        return try? ImportedSite(file: outcome.file)
    }

    /// A two-word query's first page (30 questions, snippets included), p95 over many runs.
    static func queryRow(_ runner: inout BenchmarkRunner, site: ImportedSite, posts: Int) {
        let words = DumpGenerator(posts: posts, seed: 29).words
        let queries = (0..<10).map { SearchQuery(parsing: "\(words[3 + $0]) \(words[20 + $0 * 3])") }
        var samples: [Double] = []
        var hits = 0
        let clock = ContinuousClock()
        let runs = runner.isSmoke ? 20 : 300
        for run in 0..<runs {
            let start = clock.now
            hits = site.search(queries[run % queries.count], limit: 30).count
            samples.append(BenchmarkRunner.milliseconds(clock.now - start))
        }
        let sample = Sample(samples)
        let p95 = sample.percentile(95)
        runner.record(.init(
            measure: "dump: two-word query, first page of 30 at \(posts) posts", median: BenchmarkRunner.ms(sample.median),
            tail: "p95 \(BenchmarkRunner.ms(p95)) (n=\(samples.count))", target: "p95 ≤ 30 ms", passed: p95 <= 30,
            note: "10 pairs of frequent words, BM25 × score boost, grouped by question, with snippets; \(hits) on the last page"))
        site.close()
    }

    /// The cache's store writes with the index kept in step and without it: the index may cost at most 1.3×.
    static func indexCost(_ runner: inout BenchmarkRunner, root: URL) {
        let queues = QueueManager()
        let cache = QuestionCache(paths: paths(root), queues: queues)
        queues.waitUntilAllOperationsAreFinished()
        let page = Page(items: StoreBenchmarks.questions(100, from: 1), hasMore: true)
        let detail = QuestionDetail(question: page.items[0], answers: StoreBenchmarks.answers(of: 1, count: 5))
        var round = 0
        for indexing in [true, false] {
            cache.indexesWrites = indexing
            let label = indexing ? "with the index" : "index off"
            runner.run("index cost: write a 100-question page with bodies, \(label)", units: 100, unit: "questions") {
                round += 1
                cache.write(page, key: CacheKey(host: "bench", query: QuestionsQuery(pageSize: 100), page: round), at: Date())
            }
            runner.run("index cost: write a question with 5 answers, \(label)") {
                cache.write(detail, host: "bench", site: "stackoverflow", at: Date())
            }
            // The rows above write what is already stored (a refresh): the index is read, not written. Here every
            // question is new, so every one is indexed: what the index costs a first fetch.
            var fresh = (indexing ? 1_000_000 : 2_000_000)
            runner.run("index cost: write a page of 100 new questions with bodies, \(label)", units: 100, unit: "questions") {
                fresh += 100
                let items = StoreBenchmarks.questions(100, from: fresh)
                cache.write(Page(items: items, hasMore: true), key: CacheKey(host: "bench", query: QuestionsQuery(pageSize: 100), page: fresh), at: Date())
            }
        }
        if let off = runner.medians["index cost: write a page of 100 new questions with bodies, index off"],
           let on = runner.medians["index cost: write a page of 100 new questions with bodies, with the index"] {
            runner.record(.init(
                measure: "index cost: a page of 100 new questions, with / without", median: String(format: "%.2f×", on / off),
                tail: "medians", target: "—", passed: nil,
                note: "\(BenchmarkRunner.ms(on)) against \(BenchmarkRunner.ms(off)): every question's title, tags and body tokenized"))
        }
        for name in ["write a 100-question page with bodies", "write a question with 5 answers"] {
            guard let off = runner.medians["index cost: \(name), index off"], let on = runner.medians["index cost: \(name), with the index"]
            else { continue }
            runner.record(.init(
                measure: "index cost: \(name), with / without", median: String(format: "%.2f×", on / off), tail: "medians",
                target: "≤ 1.3×", passed: on / off <= 1.3, note: "\(BenchmarkRunner.ms(on)) against \(BenchmarkRunner.ms(off))"))
        }
        queues.waitUntilAllOperationsAreFinished()
    }
}

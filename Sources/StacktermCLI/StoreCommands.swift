import Foundation
public import Operations
public import Store

/// `--cache-info` and `--clear-cache`: what they print, kept out of the executable so tests can run them.
public enum StoreCommands {
    /// The paths, sizes and counts of both database files, one line each; the limit is `[store] cache_size_mb`.
    public static func cacheInfo(paths: StorePaths, sizeLimitMegabytes: Int? = nil, queues: QueueManager = QueueManager()) -> String {
        let limit = sizeLimitMegabytes.map { $0 * 1_048_576 } ?? QuestionCache.defaultSizeLimit
        let cache = QuestionCache(paths: paths, queues: queues, sizeLimit: limit)
        let personal = PersonalDataManager(paths: paths, queues: queues)
        var lines: [String] = []
        if let counts = cache.counts() {
            lines.append("cache: \(paths.cacheFile.path) — \(megabytes(counts.bytesOnDisk)) of \(megabytes(cache.sizeLimit)), "
                + "\(counts.pages) pages, \(counts.questions) questions, \(counts.details) questions with answers")
        } else {
            lines.append("cache: \(paths.cacheFile.path) — off")
        }
        while let notice = cache.takeNotice() { lines.append("  \(notice)") }
        if let reason = personal.unavailableReason {
            lines.append("data: \(paths.dataFile.path) — \(reason)")
        } else {
            let counts = personal.counts
            lines.append("data: \(paths.dataFile.path) — \(megabytes(fileSize(paths.dataFile))), "
                + "\(counts.bookmarks) bookmarks, \(counts.readMarks) read marks")
        }
        queues.waitUntilAllOperationsAreFinished()
        return lines.joined(separator: "\n")
    }

    /// Empties the cache; returns the line to print and whether it worked. The data file is never opened.
    public static func clearCache(paths: StorePaths, queues: QueueManager = QueueManager()) -> (message: String, ok: Bool) {
        let cache = QuestionCache(paths: paths, queues: queues)
        let ok = cache.clear()
        queues.waitUntilAllOperationsAreFinished()
        if ok {
            return ("cleared the cache at \(paths.cacheFile.path); bookmarks and read marks kept in \(paths.dataFile.path)", true)
        }
        return ("could not clear the cache at \(paths.cacheFile.path): \(cache.takeNotice() ?? "it is off")", false)
    }

    static func megabytes(_ bytes: Int) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_048_576)
    }

    static func fileSize(_ url: URL) -> Int {
        ["", "-wal"].reduce(0) { total, suffix in
            let attributes = try? FileManager.default.attributesOfItem(atPath: url.path + suffix)
            return total + ((attributes?[.size] as? NSNumber)?.intValue ?? 0)
        }
    }
}

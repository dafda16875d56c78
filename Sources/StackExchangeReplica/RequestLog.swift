import Foundation
import Synchronization

/// The replica's request log: kept in memory for tests, and appended as JSON lines to a file when asked.
final class RequestLog: Sendable {
    private let entries = Mutex<[ReplicaLogEntry]>([])
    /// The open log file; written under the same lock as the entries so lines never interleave.
    private let file: Mutex<FileHandle?>

    /// Opens (truncating) `path` when given.
    init(path: String?) throws {
        guard let path else {
            file = Mutex(nil)
            return
        }
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path) else {
            throw ReplicaError.cannotOpenLog(path)
        }
        file = Mutex(handle)
    }

    func append(_ entry: ReplicaLogEntry) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding a struct of strings and integers cannot fail; a failure would be a programming error.
        let line = (try? encoder.encode(entry)).map { $0 + Data("\n".utf8) }
        entries.withLock { $0.append(entry) }
        file.withLock { handle in
            if let handle, let line { handle.write(line) }
        }
    }

    var all: [ReplicaLogEntry] { entries.withLock { $0 } }

    func close() {
        file.withLock { handle in
            try? handle?.close()
            handle = nil
        }
    }
}

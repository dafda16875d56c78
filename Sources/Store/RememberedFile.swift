public import Foundation
public import StorePorts

/// `remembered.json` in the data directory (0600): the prompts' histories and whether the help was opened.
///
/// A file of its own rather than a table in the bookmarks' database: it is small, written whole (atomically)
/// when a prompt is applied, and losing it costs only the history, never a bookmark.
public final class RememberedFile: RememberedKeeping {
    private let url: URL

    public init(paths: StorePaths) {
        url = paths.dataDirectory.appendingPathComponent("remembered.json", isDirectory: false)
    }

    public func remembered() -> Remembered {
        // No file yet (no prompt applied, the help never opened): known from one `access`, without the error value
        // Foundation's read would build for it before the first frame.
        guard access(url.path, F_OK) == 0, let data = try? Data(contentsOf: url) else { return Remembered() }
        // A damaged file is read as empty: the next applied prompt writes a good one.
        return (try? JSONDecoder().decode(Remembered.self, from: data)) ?? Remembered()
    }

    public func keep(_ remembered: Remembered) {
        guard let data = try? JSONEncoder().encode(remembered) else { return }
        if let problem = PrivateDirectory.prepare(url.deletingLastPathComponent()) { _ = problem; return }
        // A history that cannot be kept is no reason to stop the person: this run still has it in memory.
        guard (try? data.write(to: url, options: .atomic)) != nil else { return }
        _ = chmod(url.path, 0o600)
    }
}

import DumpImport
import Foundation

/// The import's progress on stderr: a bar redrawn in place on a terminal (at most ten times a second), one line a
/// second in a pipe or a file.
final class ImportProgressDisplay {
    let isTerminal: Bool
    private var lastShown = Date.distantPast
    private var drewBar = false

    init(isTerminal: Bool) { self.isTerminal = isTerminal }

    func show(_ progress: ImportProgress) {
        let now = Date()
        guard now.timeIntervalSince(lastShown) >= (isTerminal ? 0.1 : 1) else { return }
        lastShown = now
        if isTerminal {
            write("\r\u{1B}[K\(progress.bar(width: 24)) \(progress.line)")
            drewBar = true
        } else {
            write(progress.line + "\n")
        }
    }

    /// Ends the bar's line, so what follows starts on its own.
    func finish() {
        if drewBar { write("\r\u{1B}[K") }
        drewBar = false
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}

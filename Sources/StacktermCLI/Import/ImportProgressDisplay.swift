import DumpImport
import Foundation

/// The import's progress on stderr: a line redrawn in place on a terminal, fitted to its width each time (it may
/// be resized); a plain line every few seconds in a pipe or a file (`ImportProgressPacing`). Skipped rows are
/// named on lines of their own, the first few of each run.
final class ImportProgressDisplay {
    /// Skipped rows named in one run; the others are only counted.
    static let namedSkips = 20

    private var pacing: ImportProgressPacing
    private let columns: () -> Int
    private let now: () -> Double
    private let write: (String) -> Void
    private var drewLine = false
    private var skipsNamed = 0

    init(isTerminal: Bool, columns: @escaping () -> Int = ImportProgressDisplay.standardErrorColumns,
         now: @escaping () -> Double = { ProcessInfo.processInfo.systemUptime },
         write: @escaping (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }) {
        pacing = ImportProgressPacing(isTerminal: isTerminal)
        self.columns = columns
        self.now = now
        self.write = write
    }

    func show(_ progress: ImportProgress) {
        guard pacing.shouldShow(at: now()) else { return }
        if pacing.isTerminal {
            write("\r\u{1B}[K" + progress.terminalLine(columns: columns()))
            drewLine = true
        } else {
            write(progress.line + "\n")
        }
    }

    /// Names a skipped row on a line of its own (the progress line is redrawn after it).
    func skipped(_ row: SkippedRow) {
        skipsNamed += 1
        guard skipsNamed <= Self.namedSkips else { return }
        finish()
        let more = skipsNamed == Self.namedSkips ? " (further skipped rows are only counted)" : ""
        write("stackterm: skipped \(row)\(more)\n")
    }

    /// Ends the progress line, so what follows starts on its own.
    func finish() {
        if drewLine { write("\r\u{1B}[K") }
        drewLine = false
    }

    /// The width of the terminal on stderr, 80 when it cannot be told.
    static func standardErrorColumns() -> Int {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }
}

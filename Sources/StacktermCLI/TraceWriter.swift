public import Browser
import Foundation
public import StackExchange
import Synchronization

/// Writes the `--trace` file: one JSON object per line for keys, requests, responses and frames.
///
/// Every line has `"t"`, milliseconds since `origin` on a monotonic clock, and `"ev"`. Events are
/// stamped where they happen and written there, under a lock, one `write` each (to the page cache: the caller
/// does not wait for the disk). Not on a queue of their own: the first line sent to one started a thread, and at
/// launch a thread's start waits for libcurl's loading on another thread (glibc's loader lock), so the trace made
/// the launch it measured slower at its first mark. A stamp older than the line before it is raised to it,
/// so `t` never decreases in the file.
/// The app key is never among what is written: requests are reported by path and page only.
public final class TraceWriter: NetworkEventObserver {
    private let handle: FileHandle
    private let origin: ContinuousClock.Instant
    /// The last `t` written, in microseconds, and the first write error; held while a line is written.
    private let state = Mutex(WriterState())

    private struct WriterState {
        var lastMicroseconds: Int64 = 0
        var failure: String?
    }

    /// Creates (or truncates) `path`; `origin` is the process start, or as near as the caller can get.
    ///
    /// The file is the person's alone (mode 0600 whatever the umask, an existing file narrowed too: it holds what
    /// they browsed) and close-on-exec, so no program stackterm starts holds it open.
    public init(path: String, origin: ContinuousClock.Instant) throws(TraceError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw TraceError(path: path) }
        guard fchmod(descriptor, 0o600) == 0 else {
            close(descriptor)
            throw TraceError(path: path)
        }
        self.handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        self.origin = origin
    }

    /// A key was handled.
    public func key(_ key: Key) {
        write(stamp: .now, fields: #""ev":"key","key":\#(Self.quoted(key.traceName))"#)
    }

    /// A mouse report or a paste was handled (a paste by its length only: it may hold anything).
    ///
    /// `intoText`: the input went into a prompt, the site filter or the comment editor, where the keys are the
    /// person's words: a key is then written as its kind and length only (`TypedInput`), never its character.
    public func input(_ input: TerminalInput, intoText: Bool = false) {
        if intoText, case .key(let key) = input, let typed = TypedInput(key) {
            return write(stamp: .now, fields: #""ev":"key","kind":"\#(typed.kind)","length":\#(typed.length)"#)
        }
        if case .key(let key) = input { return self.key(key) }
        write(stamp: .now, fields: #""ev":"input","input":\#(Self.quoted(input.traceName))"#)
    }

    /// An escape sequence no table knows arrived and was dropped whole.
    public func unknownSequence(_ spelled: String) {
        write(stamp: .now, fields: #""ev":"unknown-sequence","bytes":\#(Self.quoted(spelled))"#)
    }

    /// A frame reached the terminal; `drawTime` is how long rendering and painting it took, `laidOut` how many list
    /// rows it laid out itself (the rest were copied from the row cache).
    public func frame(_ info: FrameInfo, drawTime: Duration, laidOut: Int = 0) {
        let fields = #""ev":"frame","screen":\#(Self.quoted(info.screen)),"rows":\#(info.rows),"selected":\#(info.selected),"ms":\#(Self.milliseconds(drawTime)),"laid_out":\#(laidOut)"#
        write(stamp: .now, fields: fields)
    }

    /// A step of the start-up was reached (`curses`, `first-request`, …): the cold start's timeline.
    public func mark(_ name: String) {
        mark(name, at: .now)
    }

    /// A step reached at `instant`, before the trace file existed (`swift-main`, `parsed`).
    public func mark(_ name: String, at instant: ContinuousClock.Instant) {
        write(stamp: instant, fields: #""ev":"mark","name":\#(Self.quoted(name))"#)
    }

    /// A count of the whole run so far (`socket-actions`: how often libcurl was asked to act on a socket).
    public func count(_ name: String, _ value: Int) {
        write(stamp: .now, fields: #""ev":"count","name":\#(Self.quoted(name)),"value":\#(value)"#)
    }

    public func requestStarted(id: Int, path: String, page: Int?, priority: RequestPriority) {
        let pageField = page.map { ",\"page\":\($0)" } ?? ""
        write(stamp: .now, fields: #""ev":"request","id":\#(id),"path":\#(Self.quoted(path))\#(pageField),"queue":"\#(priority.rawValue)""#)
    }

    /// A prefetch already on the wire now serves the person: the same request, now `"queue":"user"`.
    public func requestRaised(id: Int, priority: RequestPriority) {
        write(stamp: .now, fields: #""ev":"raised","id":\#(id),"queue":"\#(priority.rawValue)""#)
    }

    public func requestEnded(id: Int, outcome: RequestOutcome, status: Int?) {
        let statusField = status.map { ",\"status\":\($0)" } ?? ""
        write(stamp: .now, fields: #""ev":"response","id":\#(id),"outcome":"\#(outcome.rawValue)"\#(statusField)"#)
    }

    /// Every event so far is written (each is, before its call returns); a one-line error if any write failed.
    public func flush() -> String? {
        state.withLock { $0.failure.map { "stackterm: the trace file is incomplete: \($0)" } }
    }

    private func write(stamp: ContinuousClock.Instant, fields: String) {
        let elapsed = stamp - origin
        state.withLock { state in
            // After a failed write (disk full) the rest is dropped; flush() reports it.
            guard state.failure == nil else { return }
            state.lastMicroseconds = max(state.lastMicroseconds, Self.microseconds(elapsed))
            var line = "{\"t\":\(Self.decimalMilliseconds(state.lastMicroseconds)),\(fields)}\n"
            do {
                // The string's own bytes: a `Data` made of them first cost more than the write (the launch's marks are
                // written on the way to its first frame).
                try line.withUTF8 { try handle.write(contentsOf: UnsafeRawBufferPointer($0)) }
            } catch {
                state.failure = "\(error)"
            }
        }
    }

    private static func microseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
    }

    /// `duration` in milliseconds with three decimals.
    static func milliseconds(_ duration: Duration) -> String {
        decimalMilliseconds(microseconds(duration))
    }

    private static func decimalMilliseconds(_ micro: Int64) -> String {
        let whole = micro / 1000
        let fraction = String(micro % 1000)
        return "\(whole).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }

    /// `text` as a JSON string literal.
    static func quoted(_ text: String) -> String { QuotedString.of(text) }
}

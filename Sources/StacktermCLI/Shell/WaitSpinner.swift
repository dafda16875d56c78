public import Foundation
public import StackExchange
import Synchronization

/// The one-line spinner a shell launch shows on a terminal's stderr while it waits for the network: nothing for the
/// first `delay` (most answers come sooner), then a frame every `interval`, and erased (the line left empty, the
/// cursor at its start) before anything else is written. Timed on a `PolicyClock`, so tests move time by hand.
public final class WaitSpinner: Sendable {
    /// Where the spinner stands, as a value: each event returns what to write.
    struct Machine: Sendable, Equatable {
        enum Phase: Sendable, Equatable {
            /// Started, no frame drawn yet.
            case waiting
            /// A frame is on the line.
            case spinning(frame: Int)
            /// Stopped: nothing more is written.
            case stopped
        }

        var phase = Phase.waiting
        let label: String

        static let frames: [Character] = ["|", "/", "-", "\\"]
        /// Back to the line's start and clear it.
        static let erase = "\r\u{1B}[K"

        /// Time for the next frame: the text that draws it, nil once stopped.
        mutating func tick() -> String? {
            let frame: Int
            switch phase {
            case .stopped: return nil
            case .waiting: frame = 0
            case .spinning(let current): frame = (current + 1) % Self.frames.count
            }
            phase = .spinning(frame: frame)
            return "\r\(Self.frames[frame]) \(label)"
        }

        /// The wait ended: the text that erases the line (nothing when no frame was drawn).
        mutating func stop() -> String? {
            defer { phase = .stopped }
            if case .spinning = phase { return Self.erase }
            return nil
        }
    }

    /// How long a wait goes unmarked.
    public static let delay: TimeInterval = 0.3
    /// Time between two frames.
    public static let interval: TimeInterval = 0.1

    private let machine: Mutex<Machine>
    private let clock: any PolicyClock
    private let write: @Sendable (String) -> Void

    /// A spinner that says `label` (cut to fit `width` columns, so the line never wraps) and writes with `write`.
    public init(label: String, width: Int, clock: any PolicyClock = SystemPolicyClock(), write: @escaping @Sendable (String) -> Void) {
        let room = max(0, width - 3)
        let fitted = label.count > room ? String(label.prefix(max(0, room - 1))) + "…" : label
        machine = Mutex(Machine(label: fitted))
        self.clock = clock
        self.write = write
    }

    /// Starts the wait: the first frame comes after `delay` unless `stop` comes first.
    public func start() {
        clock.schedule(after: Self.delay) { [self] in step() }
    }

    /// Ends the wait: the line is erased before this returns, and no frame is drawn after it.
    public func stop() {
        // Written under the lock, so a frame being drawn on the timer's thread cannot land after the erase.
        machine.withLock { machine in
            if let text = machine.stop() { write(text) }
        }
    }

    private func step() {
        let drawn = machine.withLock { machine -> Bool in
            guard let text = machine.tick() else { return false }
            write(text)
            return true
        }
        if drawn { clock.schedule(after: Self.interval) { [self] in step() } }
    }
}

import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Terminal
import TestSupport
import Testing

/// A watch that ends leaves the signal as it found it, so a later signal never writes into a closed pipe.
@Suite(.serialized)
struct SignalWatchEndTests {
    /// The address of the handler `signal` has now (0 for SIG_DFL, 1 for SIG_IGN).
    static func currentHandler(_ signal: Int32) -> Int {
        var action = sigaction()
        sigaction(signal, nil, &action)
        return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
    }

    @Test func cancellingAWatchPutsBackTheActionBefore() async throws {
        // SIGVTALRM: no other test watches it. Ignored first, so "what it was before" is not the default.
        let previous = signal(SIGVTALRM, SIG_IGN)
        defer { signal(SIGVTALRM, previous) }
        let ignored = Self.currentHandler(SIGVTALRM)
        let source = SignalWatcher.watch(SIGVTALRM) {}
        #expect(Self.currentHandler(SIGVTALRM) != ignored, "the watch installed its handler")
        source.cancel()
        // The cancel handler runs on the main queue.
        #expect(await eventually { Self.currentHandler(SIGVTALRM) == ignored })
    }
}

/// With SIGPIPE ignored (as stackterm starts), a write to a pipe nobody reads is an error value, EPIPE.
struct BrokenPipeTests {
    @Test func aWriteToAClosedPipeIsEPIPE() throws {
        SignalWatcher.ignoreBrokenPipes()
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        close(ends[0])
        defer { close(ends[1]) }
        var byte: UInt8 = 1
        #expect(write(ends[1], &byte, 1) == -1)
        #expect(errno == EPIPE)
    }
}

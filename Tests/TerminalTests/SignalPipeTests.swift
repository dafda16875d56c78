import CSignalPipe
import Foundation
import Testing

/// A watched signal reaches its pipe, from whichever thread takes it, every time.
struct SignalPipeTests {
    /// Reads everything waiting in `fd` (non-blocking); the count of bytes.
    private func drain(_ fd: Int32) -> Int {
        var bytes = [UInt8](repeating: 0, count: 64)
        var total = 0
        while true {
            let count = read(fd, &bytes, bytes.count)
            if count <= 0 { return total }
            total += count
        }
    }

    @Test func eachSignalWritesToItsPipe() throws {
        let fd = stackterm_signal_pipe(SIGUSR2)
        try #require(fd >= 0)
        defer { close(fd) }
        #expect(drain(fd) == 0)
        // The runner's threads may block it; unblocked here so that raise() hands it to this thread.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGUSR2)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        for round in 1...3 {
            // raise() runs the handler before it returns, on this thread.
            #expect(raise(SIGUSR2) == 0)
            #expect(drain(fd) == 1, "round \(round)")
        }
    }

    @Test func aSignalSentToTheProcessIsNotLost() throws {
        let fd = stackterm_signal_pipe(SIGUSR1)
        try #require(fd >= 0)
        defer { close(fd) }
        // Sent to the whole process: any of the test runner's threads may take it; the byte must come either way.
        #expect(kill(getpid(), SIGUSR1) == 0)
        var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        #expect(poll(&ready, 1, 5_000) == 1)
        #expect(drain(fd) == 1)
    }

    @Test func aSignalOutOfRangeIsRefused() {
        #expect(stackterm_signal_pipe(0) == -1)
        #expect(stackterm_signal_pipe(65) == -1)
    }
}

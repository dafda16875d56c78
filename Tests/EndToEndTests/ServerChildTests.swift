import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TestSupport
import Testing

/// The servers the tests start (`ServerChild`) are ended and waited for: none outlives its test, even one that
/// ignores SIGTERM, and none is left a zombie. scripts/test checks the same for the whole run
/// (`scripts/lib/leftovers.sh`).
struct ServerChildTests {
    /// Whether a process with this id still exists (a zombie included).
    static func exists(_ pid: pid_t) -> Bool { kill(pid, 0) == 0 || errno != ESRCH }

    @Test func aStoppedChildIsEndedAndWaitedFor() throws {
        // The test runner's threads block SIGTERM; a child that inherited that mask would never end.
        let child = try ServerChild(["sleep", "600"], captureOutput: false)
        #expect(child.isRunning)
        let status = child.stop()
        #expect(status == 128 + SIGTERM)
        #expect(!Self.exists(child.pid))
    }

    @Test func aChildThatIgnoresSIGTERMIsKilledAfterTheGrace() throws {
        let child = try ServerChild(["sh", "-c", "trap '' TERM; echo ready; while :; do sleep 1; done"])
        #expect(child.readLine() == "ready")
        let status = child.stop(grace: 0.3)
        #expect(status == 128 + SIGKILL)
        #expect(!Self.exists(child.pid))
        #expect(child.stop() == status)
    }
}

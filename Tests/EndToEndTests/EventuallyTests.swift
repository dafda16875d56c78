import Foundation
import TestSupport
import Testing

/// The harness's one wait (`eventually`), as the tests lean on it: it looks at its condition until it holds, says
/// false when it never does, and a test target has no wait of its own that a call could resolve to instead.
struct EventuallyTests {
    /// Thrown by a condition.
    struct Broken: Error {}

    @Test func theConditionIsLookedAtUntilItHolds() async {
        var looks = 0
        let held = await eventually(within: 5) {
            looks += 1
            return looks == 3
        }
        #expect(held && looks == 3, "held \(held) after \(looks) looks")
    }

    @Test func aConditionThatNeverHoldsIsFalseAfterManyLooks() async {
        var looks = 0
        let held = await eventually(within: 0.2) {
            looks += 1
            return false
        }
        #expect(!held)
        #expect(looks > 10, "looked \(looks) times in 0.2 s")
    }

    /// Written as the end-to-end tests write it: inline, in a closure the test passes on, right after a step.
    @Test func aConditionInlineInAPassedClosureIsLookedAt() async throws {
        var looks = 0
        var steps = 0
        func with(_ body: (inout Int) async throws -> Void) async throws { try await body(&steps) }
        try await with { steps in
            steps += 1
            let held = await eventually(within: 0.2) {
                looks += 1
                return steps == 0
            }
            #expect(!held)
        }
        #expect(looks > 10, "looked \(looks) times")
    }

    @Test func aConditionsErrorReachesTheTest() async {
        await #expect(throws: Broken.self) {
            _ = try await eventually(within: 1) { throw Broken() }
        }
    }

    /// Another `func eventually` in a test target would be chosen over TestSupport's for the calls in that target:
    /// there is one, TestSupport's.
    @Test func theTestsDefineOneEventually() throws {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let files = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)
        var defining: [String] = []
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift", file.lastPathComponent != "EventuallyTests.swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            if text.contains("func eventually") { defining.append(file.lastPathComponent) }
        }
        #expect(defining == ["Eventually.swift"])
    }
}

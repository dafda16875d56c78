import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Images
import Terminal
import Testing

/// The probe's exchange with a terminal: a pseudo-terminal whose other end plays a terminal that answers (or not).
struct GraphicsProbeExchangeTests {
    /// A pseudo-terminal pair: the program's end (`slave`) and the fake terminal's (`master`).
    final class FakeTerminal: @unchecked Sendable {
        // @unchecked Sendable: `asked` is written by the answering thread before `done` is signalled, read after.
        let master: Int32
        let slave: Int32
        private(set) var asked: [UInt8] = []
        private let done = DispatchSemaphore(value: 0)

        private let pair: PseudoTerminalPair

        init() throws {
            guard let pair = PseudoTerminalPair.open() else { throw POSIXError(.ENODEV) }
            self.pair = pair
            master = pair.master
            slave = pair.slave
        }

        /// How long the fake terminal waits for the program's queries, and a test for the fake terminal: far past any
        /// deadline the tests give, so that a run that goes wrong fails with what was read instead of hanging the suite.
        static let patience: Int32 = 60_000

        /// Reads the program's queries until DA1 (`ESC [ c`) and writes `answer` back, on a thread of its own.
        func answer(with answer: String?) {
            Thread { [self] in
                var chunk = [UInt8](repeating: 0, count: 4096)
                while !String(decoding: asked, as: UTF8.self).hasSuffix("\u{1B}[c") {
                    var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                    guard poll(&descriptor, 1, Self.patience) > 0 else { break }
                    let count = read(master, &chunk, chunk.count)
                    if count <= 0 { break }
                    asked += chunk[0..<count]
                }
                if let answer { _ = Array(answer.utf8).withUnsafeBytes { write(master, $0.baseAddress, $0.count) } }
                done.signal()
            }.start()
        }

        /// Waits for the answering thread, which gives up after `patience`.
        func waitForAnswer() {
            let finished = done.wait(timeout: .now() + .milliseconds(Int(Self.patience) + 10_000)) == .success
            #expect(finished, "the fake terminal never finished; it read \(String(decoding: asked, as: UTF8.self).debugDescription)")
        }

        deinit { pair.close() }
    }

    @Test func aKittyTerminalAnswersOKAndDA1() throws {
        let terminal = try FakeTerminal()
        terminal.answer(with: "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?1;0;256S\u{1B}[?62;22c")
        let answers = GraphicsProbeExchange.ask(terminal: terminal.slave, insideTmux: false, deadline: .seconds(30))
        terminal.waitForAnswer()
        #expect(String(decoding: terminal.asked, as: UTF8.self) == String(decoding: GraphicsProbe.queries(insideTmux: false), as: UTF8.self))
        #expect(answers.kittyGraphics == true && answers.colourRegisters == 256 && answers.isComplete)
        #expect(ImageFormDecision(mode: .auto, environment: [:], colours: 256, answers: answers).form == .kitty)
    }

    @Test func aSixelTerminalListsFourInDA1() throws {
        let terminal = try FakeTerminal()
        terminal.answer(with: "\u{1B}[?1;0;16S\u{1B}[?2;0;800;600S\u{1B}[?62;4;22c")
        let answers = GraphicsProbeExchange.ask(terminal: terminal.slave, insideTmux: false, deadline: .seconds(30))
        terminal.waitForAnswer()
        #expect(answers.kittyGraphics == nil && answers.hasSixel)
        #expect(answers.maxSixelGeometry == PixelSize(width: 800, height: 600))
        #expect(ImageFormDecision(mode: .auto, environment: [:], colours: 256, answers: answers).form == .sixel(registers: 16))
    }

    @Test func aSilentTerminalLeavesTheAnswersIncompleteAtTheDeadline() throws {
        let terminal = try FakeTerminal()
        terminal.answer(with: nil)
        let answers = GraphicsProbeExchange.ask(terminal: terminal.slave, insideTmux: false, deadline: .milliseconds(200))
        terminal.waitForAnswer()
        #expect(!answers.isComplete && answers == GraphicsProbeAnswers())
        #expect(ImageFormDecision(mode: .auto, environment: [:], colours: 256, answers: answers).form == .blocks(.half, .palette256))
    }

    @Test func theTerminalsModesAreGivenBack() throws {
        let terminal = try FakeTerminal()
        var before = termios()
        tcgetattr(terminal.slave, &before)
        terminal.answer(with: "\u{1B}[?62c")
        _ = GraphicsProbeExchange.ask(terminal: terminal.slave, insideTmux: false, deadline: .seconds(30))
        terminal.waitForAnswer()
        var after = termios()
        tcgetattr(terminal.slave, &after)
        #expect(after.c_lflag == before.c_lflag)
    }
}

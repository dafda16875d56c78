@testable import Browser
import Foundation
import StackExchange
import Testing

/// Rendering never crashes at any size and never puts a control character on the screen.
@MainActor
struct RenderSafetyTests {
    static func hasControl(_ buffer: ScreenBuffer) -> Bool {
        buffer.cells.contains { cell in
            cell.text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
        }
    }

    @Test func everySizeFromZeroRendersEveryScreen() {
        let h = Harness()
        h.startLoaded(Fixtures.variedQuestions, hasMore: true)
        h.press(.character("n"))
        for screen in ["list", "help", "detail", "prompt"] {
            switch screen {
            case "help": h.press(.character("?"))
            case "detail": h.press(.escape, .enter)
            case "prompt": h.press(.escape, .character("/")); h.type("日本語 text")
            default: break
            }
            for width in 0...45 {
                for height in 0...9 {
                    let buffer = h.controller.resizeAndRender(width: width, height: height)
                    #expect(buffer.cells.count == width * height)
                    #expect(!Self.hasControl(buffer), "\(screen) \(width)×\(height)")
                }
            }
        }
    }

    @Test func aTinyTerminalShowsTheNotice() {
        let h = Harness()
        h.startLoaded(Fixtures.questions(3))
        #expect(h.controller.resizeAndRender(width: 29, height: 20).text.contains("terminal too small"))
        #expect(h.controller.resizeAndRender(width: 100, height: 5).text.contains("terminal too small"))
        #expect(h.controller.resizeAndRender(width: 1, height: 1).text == "…")
        #expect(h.controller.resizeAndRender(width: 0, height: 0).text == "")
        #expect(!h.controller.resizeAndRender(width: 30, height: 6).text.contains("too small"))
    }

    @Test func controlCharactersInATitleNeverReachTheBuffer() {
        let h = Harness()
        h.startLoaded([Fixtures.variedQuestions[2]])
        let buffer = h.controller.resizeAndRender(width: 100, height: 6)
        #expect(!Self.hasControl(buffer))
        #expect(buffer.text(ofRow: 1).contains("Evil [31mred title2J with controls"))
    }

    @Test func textFitCutsByDisplayWidth() {
        #expect(TextFit.truncate("hello", width: 5) == "hello")
        #expect(TextFit.truncate("hello!", width: 5) == "hell…")
        #expect(TextFit.truncate("日本語です", width: 6) == "日本…")
        #expect(TextFit.truncate("日本語です", width: 5) == "日本…")
        #expect(TextFit.truncate("abc", width: 0) == "")
        #expect(TextFit.right("7", width: 3) == "  7")
        #expect(DisplayWidth.of(TextFit.left("日本", width: 5)) == 5)
    }

    @Test func eachCharacterIsMeasuredWhateverItsBytes() {
        // One byte: printable or a control.
        #expect(DisplayWidth.of(Character("a")) == 1)
        #expect(DisplayWidth.of(Character(" ")) == 1)
        #expect(DisplayWidth.of(Character("\u{1B}")) == 0)
        #expect(DisplayWidth.of(Character("\u{7F}")) == 0)
        // Two bytes that are ASCII all the same (CR-LF), an ASCII letter with a combining mark, then wider ones.
        #expect(DisplayWidth.of(Character("\r\n")) == 0)
        #expect(DisplayWidth.of(Character("e\u{301}")) == 1)
        #expect(DisplayWidth.of(Character("’")) == 1)
        #expect(DisplayWidth.of(Character("日")) == 2)
        #expect(DisplayWidth.of("it’s 日本 e\u{301}") == 11)
        // A title with one character that is not ASCII lays out cell for cell like an ASCII one.
        var buffer = ScreenBuffer(width: 20, height: 1)
        let written = buffer.put("it’s a\tb", row: 0, column: 0)
        #expect(written == 7)
        #expect(buffer.text(ofRow: 0).hasPrefix("it’s ab "))
    }
}

/// Drawing over half of a wide character blanks the other half, so a row never shifts on a terminal.
struct ScreenBufferOverlapTests {
    @Test func overwritingEitherHalfOfAWideCharacterBlanksTheOther() {
        var buffer = ScreenBuffer(width: 6, height: 1)
        buffer.put("日本語", row: 0, column: 0)
        buffer.put("|", row: 0, column: 1)
        #expect(buffer.text == " |本語")
        buffer.put("x", row: 0, column: 2)
        #expect(buffer.text == " |x 語")
        buffer.fill(row: 0, column: 5, count: 1)
        #expect(buffer.text == " |x   ")
        #expect(!buffer.cells.contains { $0.isContinuation })
    }
}

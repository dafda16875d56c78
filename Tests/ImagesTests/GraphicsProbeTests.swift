import Images
import Testing

struct GraphicsProbeTests {
    @Test func kittysOKAnswerIsFound() {
        let answers = GraphicsProbeAnswers.parse(Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;22c".utf8))
        #expect(answers.kittyGraphics == true)
        #expect(answers.deviceAttributes == [62, 22])
        #expect(!answers.hasSixel && answers.isComplete)
    }

    @Test func kittysErrorAndOtherIdsAreNotAYes() {
        #expect(GraphicsProbeAnswers.parse(Array("\u{1B}_Gi=31;EINVAL:bad\u{1B}\\".utf8)).kittyGraphics == false)
        #expect(GraphicsProbeAnswers.parse(Array("\u{1B}_Gi=7;OK\u{1B}\\".utf8)).kittyGraphics == nil)
    }

    @Test func da1WithFourMeansSixel() {
        let answers = GraphicsProbeAnswers.parse(Array("\u{1B}[?62;4;22c".utf8))
        #expect(answers.hasSixel && answers.kittyGraphics == nil)
        #expect(!GraphicsProbeAnswers.parse(Array("\u{1B}[?64;1;2;6;9;15;18;21;22c".utf8)).hasSixel)
    }

    @Test func xtsmgraphicsGivesRegistersAndGeometry() {
        let answers = GraphicsProbeAnswers.parse(Array("junk\u{1B}[?1;0;1024S\u{1B}[?2;0;1000;800S\u{1B}[?63;4c".utf8))
        #expect(answers.colourRegisters == 1024)
        #expect(answers.maxSixelGeometry == PixelSize(width: 1000, height: 800))
        #expect(GraphicsProbeAnswers.parse(Array("\u{1B}[?1;3;0S".utf8)).colourRegisters == nil)
    }

    @Test func nothingAnsweredIsIncomplete() {
        #expect(GraphicsProbeAnswers.parse([]) == GraphicsProbeAnswers())
        #expect(!GraphicsProbeAnswers.parse(Array("\u{1B}_Gi=31;OK".utf8)).isComplete)
    }

    @Test func theQueriesEndWithDA1AndAreWrappedForTmux() {
        let plain = String(decoding: GraphicsProbe.queries(insideTmux: false), as: UTF8.self)
        #expect(plain == "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[?1;1;0S\u{1B}[?2;1;0S\u{1B}[16t\u{1B}[c")
        let tmux = String(decoding: GraphicsProbe.queries(insideTmux: true), as: UTF8.self)
        #expect(tmux.hasPrefix("\u{1B}Ptmux;\u{1B}\u{1B}_Gi=31"))
        #expect(tmux.hasSuffix("\u{1B}Ptmux;\u{1B}\u{1B}[c\u{1B}\\"))
    }
}

import Images
import Testing

struct ImageFormDecisionTests {
    let kitty = GraphicsProbeAnswers(kittyGraphics: true, deviceAttributes: [62, 4])
    let sixel = GraphicsProbeAnswers(deviceAttributes: [62, 4, 22], colourRegisters: 1024)
    let plain = GraphicsProbeAnswers(deviceAttributes: [62, 22])
    let tmux = ["TMUX": "/tmp/tmux-0/default,1,0"]

    func form(
        _ answers: GraphicsProbeAnswers?, mode: ImageMode = .auto, environment: [String: String] = [:], colours: Int = 256,
        passthrough: Bool? = nil
    ) -> ImageForm {
        ImageFormDecision(mode: mode, environment: environment, colours: colours, answers: answers, tmuxPassthrough: passthrough).form
    }

    @Test func kittyBeatsSixelBeatsITermBeatsBlocks() {
        #expect(form(kitty) == .kitty)
        #expect(form(sixel) == .sixel(registers: 256))
        #expect(form(plain, environment: ["TERM_PROGRAM": "WezTerm"]) == .iterm)
        #expect(form(kitty, environment: ["TERM_PROGRAM": "WezTerm"]) == .kitty)
        #expect(form(nil, environment: ["TERM_PROGRAM": "iTerm.app"]) == .iterm)
        #expect(form(plain, environment: ["TERM_PROGRAM": "Apple_Terminal"]) == .blocks(.half, .palette256))
        #expect(form(plain, environment: ["COLORTERM": "truecolor"]) == .blocks(.half, .trueColour))
    }

    @Test func sixelUsesTheReportedRegistersUpTo256() {
        #expect(form(GraphicsProbeAnswers(deviceAttributes: [4], colourRegisters: 16)) == .sixel(registers: 16))
    }

    @Test func insideTmuxPixelsNeedPassthroughAndAnAnswer() {
        #expect(form(kitty, environment: tmux, passthrough: false) == .blocks(.half, .palette256))
        #expect(form(kitty, environment: tmux, passthrough: nil) == .blocks(.half, .palette256))
        #expect(form(kitty, environment: tmux, passthrough: true) == .kitty)
        #expect(form(sixel, environment: tmux, passthrough: true) == .sixel(registers: 256))
        #expect(form(nil, environment: tmux, passthrough: true) == .blocks(.half, .palette256))
        let iTermInTmux = tmux.merging(["TERM_PROGRAM": "iTerm.app"]) { $1 }
        #expect(form(plain, environment: iTermInTmux, passthrough: true) == .blocks(.half, .palette256))
    }

    @Test func noColourOrEightColoursGiveShades() {
        #expect(form(plain, environment: ["NO_COLOR": "1"]) == .shades)
        #expect(form(plain, colours: 8) == .shades)
        #expect(form(plain, mode: .blocks, environment: ["NO_COLOR": "1"]) == .shades)
        #expect(form(plain, environment: ["NO_COLOR": ""]) == .blocks(.half, .palette256))
    }

    @Test func theSettingOverridesTheAnswers() {
        #expect(form(kitty, mode: .none) == .none)
        #expect(form(plain, mode: .kitty) == .kitty)
        #expect(form(nil, mode: .sixel) == .sixel(registers: 256))
        #expect(form(kitty, mode: .iterm) == .iterm)
        #expect(form(kitty, mode: .blocks) == .blocks(.half, .palette256))
        let sextants = ImageFormDecision(mode: .auto, blockStyle: .sextant, environment: [:], colours: 256, answers: plain)
        #expect(sextants.form == .blocks(.sextant, .palette256))
    }
}

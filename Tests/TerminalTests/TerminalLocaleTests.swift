import Browser
import Terminal
import Testing

/// Which locale stackterm runs in: the environment's UTF-8 one, else an installed UTF-8 one, else ASCII.
struct TerminalLocaleTests {
    @Test func aUTF8EnvironmentIsKeptWithoutTryingOthers() {
        var tried: [String] = []
        #expect(TerminalLocale.choose(environmentIsUTF8: true) { tried.append($0); return true } == .unicode)
        #expect(tried.isEmpty)
    }

    @Test func underLangCTheFirstInstalledUTF8LocaleIsUsed() {
        var tried: [String] = []
        let repertoire = TerminalLocale.choose(environmentIsUTF8: false) { name in
            tried.append(name)
            return name == "C.utf8"
        }
        #expect(repertoire == .unicode)
        #expect(tried == ["C.UTF-8", "C.utf8"])
    }

    @Test func withNoUTF8LocaleFramesAreASCII() {
        var tried: [String] = []
        #expect(TerminalLocale.choose(environmentIsUTF8: false) { tried.append($0); return false } == .ascii)
        #expect(tried.count >= 2, "every fallback was tried")
    }
}

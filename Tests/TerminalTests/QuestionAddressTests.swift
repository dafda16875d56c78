import StackExchange
import StacktermCLI
import Testing

/// `stackterm URL`: every form of a question's or an answer's link, on every kind of site host, and refusals.
struct QuestionAddressTests {
    @Test(arguments: [
        ("https://stackoverflow.com/questions/11828270/how-do-i-exit-vim", "stackoverflow", 11828270, nil),
        ("https://stackoverflow.com/questions/11828270", "stackoverflow", 11828270, nil),
        ("http://www.stackoverflow.com/q/11828270", "stackoverflow", 11828270, nil),
        ("https://stackoverflow.com/q/11828270/12345", "stackoverflow", 11828270, nil),
        ("https://stackoverflow.com/a/11828573", "stackoverflow", nil, 11828573),
        ("https://stackoverflow.com/a/11828573/1000", "stackoverflow", nil, 11828573),
        ("https://stackoverflow.com/questions/11828270/how-do-i-exit-vim/11828573#11828573", "stackoverflow", 11828270, 11828573),
        ("https://stackoverflow.com/questions/11828270/how-do-i-exit-vim#answer-11828573", "stackoverflow", 11828270, 11828573),
        ("https://stackoverflow.com/questions/11828270?noredirect=1#11828573", "stackoverflow", 11828270, 11828573),
        ("stackoverflow.com/questions/11828270/x", "stackoverflow", 11828270, nil),
        ("https://unix.stackexchange.com/questions/42/title", "unix", 42, nil),
        ("https://superuser.com/q/7", "superuser", 7, nil),
        ("https://serverfault.com/questions/8/x", "serverfault", 8, nil),
        ("https://askubuntu.com/a/9", "askubuntu", nil, 9),
        ("https://mathoverflow.net/questions/10/x", "mathoverflow.net", 10, nil),
        ("https://pt.stackoverflow.com/q/16", "pt", 16, nil),
        ("https://meta.stackexchange.com/q/17", "meta", 17, nil),
        ("https://meta.stackoverflow.com/questions/11/x", "meta.stackoverflow", 11, nil),
        ("https://meta.superuser.com/q/12", "meta.superuser", 12, nil),
        ("https://unix.meta.stackexchange.com/questions/13/x", "unix.meta", 13, nil),
        ("https://meta.unix.stackexchange.com/questions/14/x", "unix.meta", 14, nil),
        ("https://STACKOVERFLOW.COM/Q/15", "stackoverflow", nil, nil),
    ] as [(String, String, Int?, Int?)])
    func readsEveryForm(text: String, site: String, questionID: Int?, answerID: Int?) throws {
        #expect(QuestionAddress.looksLikeAddress(text))
        switch QuestionAddress.parse(text) {
        case .success(let link):
            #expect(link == QuestionAddress(site: site, questionID: questionID, answerID: answerID), "\(text)")
        case .failure(let refusal):
            // `/Q/15`: paths are case-sensitive on the sites too, so an upper-case `Q` names nothing.
            #expect(questionID == nil && answerID == nil, "\(text): \(refusal.message)")
        }
    }

    @Test(arguments: [
        ("https://example.com/questions/1/x", "example.com is not a Stack Exchange site"),
        ("https://stackexchange.com/questions/1", "stackexchange.com is not a Stack Exchange site"),
        ("https://a.b.c.stackexchange.com/questions/1", "a.b.c.stackexchange.com is not a Stack Exchange site"),
        ("https://stackoverflow.com/users/1/someone", "not a link to a question on stackoverflow.com"),
        ("https://stackoverflow.com/", "not a link to a question on stackoverflow.com"),
        ("https://stackoverflow.com/questions/abc", "not a link to a question on stackoverflow.com"),
        ("ftp://stackoverflow.com/q/1", "not a link to a question"),
    ])
    func refusesAnAddressOfNoQuestionInOneLine(text: String, message: String) {
        guard case .failure(let refusal) = QuestionAddress.parse(text) else {
            Issue.record("\(text) was read as a link")
            return
        }
        #expect(refusal.message.hasPrefix(message), "\(refusal.message)")
        #expect(!refusal.message.contains("\n"))
    }

    /// The network's site list decides a host's API name; the names built in answer only for hosts it does not list.
    @Test func theSiteListDecidesAHostsName() throws {
        let sites = SiteDirectory(sites: [
            Site(apiSiteParameter: "meta.webapps", name: "Web Applications Meta", siteURL: "http://meta.webapps.stackexchange.com"),
            Site(apiSiteParameter: "newsite", name: "A site of its own", siteURL: "https://www.example.org/"),
        ])
        guard case .success(let listed) = QuestionAddress.parse("https://meta.webapps.stackexchange.com/q/1", sites: sites),
              case .success(let guessed) = QuestionAddress.parse("https://meta.webapps.stackexchange.com/q/1"),
              case .success(let own) = QuestionAddress.parse("https://example.org/q/2", sites: sites),
              case .success(let unlisted) = QuestionAddress.parse("https://unix.stackexchange.com/q/3", sites: sites)
        else {
            Issue.record("a link was refused")
            return
        }
        #expect(listed.site == "meta.webapps")
        #expect(guessed.site == "webapps.meta", "the names built in, without the list")
        #expect(own.site == "newsite")
        #expect(unlisted.site == "unix")
        #expect(QuestionAddress.isSettled(host: "mathoverflow.net"))
        #expect(!QuestionAddress.isSettled(host: "unix.stackexchange.com"))
    }

    @Test func wordsOfAQueryAreNoAddress() {
        for words in ["how do I exit vim", "exit", "node.js", "c++", "[bash] -x", "a/b", "1.5/2"] {
            #expect(!QuestionAddress.looksLikeAddress(words), "\(words)")
        }
    }
}

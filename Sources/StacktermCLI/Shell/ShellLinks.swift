import Browser
public import StackExchange

/// The links `--print` and `--json` write, as the browser copies and opens them (`QuestionLink`): the API's link only
/// when it is a plain `http(s)` URL of the site's own host naming that very post or user, else rebuilt from the site
/// and the id. The API's `link` is text from a server, and one written as it came can carry escape sequences that
/// set the clipboard, retitle the terminal or make it answer on stdin.
public enum ShellLinks {
    /// The host of `site` (an API name), as the browser derives it.
    static func host(site: String) -> String {
        QuestionLink.knownHost(site: site)
    }

    /// The question's link.
    public static func question(_ question: Question, site: String) -> String {
        QuestionLink.link(question.link, site: site, questionID: question.questionID, siteHost: host(site: site))
    }

    /// `https://HOST/a/ID`: an answer's link is always made, never taken from the network.
    public static func answer(_ answer: Answer, site: String) -> String {
        "https://\(host(site: site))/a/\(answer.answerID)"
    }

    /// The link of an item a watch found (a question, or an answer or comment on question `questionID`): the stored
    /// link when it is the site's own plain URL of that question or post, else the question's, rebuilt; none stays none.
    public static func watched(_ link: String, site: String, questionID: Int, postID: Int) -> String {
        guard !link.isEmpty else { return "" }
        let host = host(site: site)
        let paths = ["/questions/\(questionID)", "/q/\(questionID)", "/a/\(postID)"]
        return QuestionLink.isClean(link, host: host, paths: paths) ? link : "https://\(host)/q/\(questionID)"
    }

    /// The user's profile: the API's link when it is `http(s)://HOST/users/ID…`, else `https://HOST/users/ID`; nil for a
    /// user without an id (a deleted account).
    public static func user(_ user: ShallowUser, site: String) -> String? {
        guard let id = user.userID else { return nil }
        let host = host(site: site)
        if let link = user.link, QuestionLink.isClean(link, host: host, paths: ["/users/\(id)"]) { return link }
        return "https://\(host)/users/\(id)"
    }
}

import Browser
import Foundation
import Operations
import StackExchange

/// A browser controller over a list of made-up questions, answered at once: screens to paint without a network.
///
/// Titles mix ASCII, accents, CJK, emoji with modifiers and HTML entities, as the real list does.
@MainActor
enum SyntheticList {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    /// A controller whose list holds `rows` questions, pages of 100 delivered synchronously.
    static func controller(rows: Int) -> BrowserController {
        let controller = BrowserController(
            configuration: BrowserConfiguration(pageSize: 100),
            ports: BrowserPorts(questions: InstantQuestions(total: rows), details: NoDetails(), urlOpener: NoOpener()), clock: { now }
        )
        controller.prefetchDistance = 0
        controller.start()
        while controller.state.list.rows.count < rows, controller.state.list.nextPage(in: controller.model.ledger) != nil {
            controller.handle(.character("n"))
        }
        return controller
    }

    static let titles = [
        "How do I read a file line by line in Swift on Linux?",
        "Why does ncurses draw é and ✓ as blanks under LANG=C?",
        "日本語のファイル名を扱う方法 (CJK in file names)",
        "Emoji 👍🏽 in a title shifts the row in tmux 3.3",
        "&quot;Segmentation fault&quot; when linking against libncursesw &amp; libtinfo",
        "A very long title about paging that keeps going because the person asking wanted to describe every detail",
        "Working from home 👩‍💻 with ☀️ and a flag 🇯🇵",
    ]

    static func question(_ index: Int) -> Question {
        Question(
            questionID: 1_000_000 + index, title: "\(titles[index % titles.count]) #\(index)",
            link: "https://stackoverflow.com/q/\(1_000_000 + index)", tags: ["swift", "linux", "ncurses"],
            score: index % 120 - 7, answerCount: index % 6, viewCount: index * 137, isAnswered: index % 3 == 0,
            acceptedAnswerID: index % 4 == 0 ? index : nil, creationDate: now.addingTimeInterval(Double(-index * 3_600)),
            owner: ShallowUser(userID: index, displayName: "user \(index % 97)")
        )
    }
}

/// Serves `total` synthetic questions, completing each request before it returns.
final class InstantQuestions: QuestionsDataManaging {
    let total: Int
    init(total: Int) { self.total = total }

    func questions(
        _ query: QuestionsQuery, page: Int, priority: RequestPriority,
        completion: @escaping @MainActor @Sendable (Result<Page<Question>, APIError>) -> Void
    ) -> any Cancellable {
        let start = (page - 1) * query.pageSize
        let items = (start..<min(total, start + query.pageSize)).map { index in
            MainActor.assumeIsolated { SyntheticList.question(index) }
        }
        let result = Page(items: items, hasMore: start + query.pageSize < total, quotaMax: 10_000, quotaRemaining: 9_999)
        MainActor.assumeIsolated { completion(.success(result)) }
        return NoCancel()
    }
}

/// The detail manager of a benchmark that never opens a question.
struct NoDetails: QuestionDetailDataManaging {
    func detail(
        questionID: Int, site: String, priority: RequestPriority,
        completion: @escaping @MainActor @Sendable (Result<QuestionDetail, APIError>) -> Void
    ) -> any Cancellable { NoCancel() }

    func answers(
        questionID: Int, site: String, page: Int, priority: RequestPriority,
        completion: @escaping @MainActor @Sendable (Result<Page<Answer>, APIError>) -> Void
    ) -> any Cancellable { NoCancel() }
}

struct NoOpener: URLOpening {
    func open(_ url: String, completion: @escaping @MainActor @Sendable (String?) -> Void) {}
}

struct NoCancel: Cancellable {
    func cancel() {}
}

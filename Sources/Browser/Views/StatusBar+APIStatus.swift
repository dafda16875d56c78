import Foundation
import StackExchange

extension StatusBar {
    /// "throttled by the API: next request in 42s", counting down, while a throttle lasts.
    static func throttleCountdown(_ state: BrowserState, now: Date) -> String? {
        guard let until = state.throttledUntil, until > now else { return nil }
        let seconds = Int(until.timeIntervalSince(now).rounded(.up))
        return "throttled by the API: next request in \(seconds)s"
    }

    /// "answers 100/240+" while the API holds more answers than the detail shows.
    static func answersProgress(_ detail: QuestionDetail) -> String? {
        guard detail.answersHaveMore else { return nil }
        let total = detail.question.answerCount > detail.answers.count ? "/\(detail.question.answerCount)" : ""
        return "answers \(detail.answers.count)\(total)+"
    }
}

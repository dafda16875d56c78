/// The `filter` of a request as the API reads it: a built-in one (`default`, `withbody`, `none`, `total`) or one
/// `/filters/create` made, which adds fields (`question.body_markdown`, `question.answers`, `.total`…) to its base.
///
/// The real API shapes every response by its filter; the replica does it for the fields stackterm can ask for:
/// bodies, Markdown bodies, answers embedded in questions, and the wrapper's `total`. A name that is neither built in
/// nor made here is refused with `bad_parameter` (`filter`), as the API refuses a filter it cannot read.
struct ReplicaFilter: Sendable, Hashable {
    /// What the filter leaves of the wrapper.
    enum Wrapper: Sendable, Hashable {
        /// `items`, `has_more` and the quota fields (every filter but the two below), plus `total` when included.
        case standard
        /// `none`: an empty object.
        case nothing
        /// `total`: only `total`.
        case totalOnly
    }

    var wrapper = Wrapper.standard
    /// Whether the base is `withbody` (every type's `body`).
    var withBody = false
    /// The fields added beyond the base, as `type.field` (`.total` for the wrapper's).
    var include: Set<String> = []

    /// The built-in filters by name.
    static func builtIn(_ name: String) -> ReplicaFilter? {
        switch name {
        case "default": ReplicaFilter()
        case "withbody": ReplicaFilter(withBody: true)
        case "none": ReplicaFilter(wrapper: .nothing)
        case "total": ReplicaFilter(wrapper: .totalOnly)
        default: nil
        }
    }

    /// True when the filter includes `field` (`question.body`, `answer.body_markdown`, `.total`).
    func includes(_ field: String) -> Bool {
        if include.contains(field) { return true }
        return withBody && field.hasSuffix(".body") && !field.hasPrefix(".")
    }

    /// `questions` as this filter shows them: bodies, Markdown bodies and embedded answers (each answer shaped by the
    /// filter too) only when included. `answers(of:)` gives a question's answers, best first.
    func shaped(_ questions: [WireQuestion], answers: (Int) -> [WireAnswer]) -> [WireQuestion] {
        let body = includes("question.body"), markdown = includes("question.body_markdown")
        let embeds = includes("question.answers")
        return questions.map { original in
            var question = original
            question.bodyMarkdown = markdown ? original.bodyMarkdown ?? original.body.map(MarkdownOfHTML.markdown) : nil
            if !body { question.body = nil }
            if embeds {
                // As the API does: the key is absent on a question without answers.
                let shapedAnswers = shaped(answers(original.questionId))
                question.answers = shapedAnswers.isEmpty ? nil : shapedAnswers
            }
            return question
        }
    }

    /// `answers` as this filter shows them: `body` and `body_markdown` only when included.
    func shaped(_ answers: [WireAnswer]) -> [WireAnswer] {
        let body = includes("answer.body"), markdown = includes("answer.body_markdown")
        return answers.map { original in
            var answer = original
            answer.bodyMarkdown = markdown ? original.bodyMarkdown ?? original.body.map(MarkdownOfHTML.markdown) : nil
            if !body { answer.body = nil }
            return answer
        }
    }
}

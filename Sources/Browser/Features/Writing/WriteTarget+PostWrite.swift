public import StackExchange
public import StorePorts

extension WriteTarget {
    /// The API write that sends a text written for this target.
    public var postWrite: PostWrite {
        switch self {
        case .answer(let id): .addAnswer(questionID: id)
        case .question: .addQuestion
        case .editQuestion(let id): .editQuestion(questionID: id)
        case .editAnswer(let id): .editAnswer(answerID: id)
        }
    }

    /// The kind of write the site's limits count it as.
    public var writeKind: WriteKind {
        switch self {
        case .answer: .answer
        case .question: .question
        case .editQuestion, .editAnswer: .edit
        }
    }

    /// What the text is, for messages and the drafts list ("answer to question 42", "new question").
    public var summary: String {
        switch self {
        case .answer(let id): "answer to question \(id)"
        case .question: "new question"
        case .editQuestion(let id): "edit of question \(id)"
        case .editAnswer(let id): "edit of answer \(id)"
        }
    }
}

extension EditorSubmission {
    /// What the site would refuse in this text for `target`, in a person's words, before anything is sent: a title of
    /// 15–150 characters, a body of 30–30,000, 1–5 tags (for a question). Empty when nothing is.
    public func problems(for target: WriteTarget) -> [String] {
        PostLimits.problems(write: target.postWrite, title: title ?? "", body: body, tags: tags ?? []).map(\.reason)
    }

    /// The request that sends this text for `target` on `site` (`preview`: only checked and rendered).
    public func request(
        site: String, target: WriteTarget, comment: String? = nil, preview: Bool, filter: String
    ) -> PostWriteRequest {
        PostWriteRequest(site: site, write: target.postWrite, body: body, title: title ?? "", tags: tags ?? [],
                         comment: comment, preview: preview, filter: filter)
    }
}

import Foundation
import StackExchange
import StorePorts

/// The writing screen's logic (`Screen.writing`): after the editor, a new question's checks, the site's preview,
/// and the post, one step at a time. Every request goes through the context's ledger; the write itself on the user
/// lane, never retried: a write whose answer never came is looked for on the site (`WriteVerification`) before
/// anything else. The text is the target's draft from the moment the editor returned until it is posted or
/// discarded; leaving the screen any other way keeps it.
extension WritingState {
    /// The editor returned with text: a question's lengths and counts are checked, then a new question's tags are
    /// looked up and its similar questions searched, else the site is asked for its preview.
    mutating func receiveText(_ submission: EditorSubmission, text: String, in context: inout ScreenContext) -> ScreenReply {
        self.text = text
        self.submission = submission
        scroll = 0
        selection = 0
        unknownTags = []
        similar = []
        problems = submission.problems(for: target)
        guard problems.isEmpty else {
            phase = .refused(["Fix it in the editor (e): nothing was sent."])
            return ScreenReply()
        }
        if target == .question { return ScreenReply(lookUp(submission, in: &context)) }
        return ScreenReply(preview(in: &context))
    }

    /// A new question's tags on the site and the questions like it, together.
    mutating func lookUp(_ submission: EditorSubmission, in context: inout ScreenContext) -> [BrowserEffect] {
        phase = .checking
        let tags = submission.tags ?? []
        var effects = context.ledger.issue(
            BrowserRequest.Similar(request: SimilarRequest(site: site, title: submission.title ?? "", tagged: tags)),
            lane: .user, at: context.now).effects
        if !tags.isEmpty {
            effects += context.ledger.issue(
                BrowserRequest.TagsInfo(request: TagsInfoRequest(site: site, tags: tags)), lane: .user, at: context.now).effects
        }
        return effects
    }

    /// The request that sends the text (`preview`: only checked and rendered).
    func writeRequest(preview: Bool) -> PostWriteRequest? {
        submission?.request(site: site, target: target, comment: editSummary, preview: preview, filter: filter)
    }

    /// Asks the site to check and render the text.
    mutating func preview(in context: inout ScreenContext) -> [BrowserEffect] {
        guard let request = writeRequest(preview: true) else { return [] }
        phase = .previewing
        scroll = 0
        return context.ledger.issue(BrowserRequest.PostWrite(request: request), lane: .user, at: context.now).effects
    }

    /// The questions like a new one: up to 5.
    mutating func receiveSimilar(_ reply: Result<[Question], APIError>, request: SimilarRequest,
                                 in context: inout ScreenContext) -> ScreenReply {
        if case .success(let questions) = reply { similar = Array(questions.prefix(5)) }
        if case .failure(let error) = reply { problems.append("questions like it could not be searched: \(error.message)") }
        return ScreenReply(lookupsSettled(in: &context))
    }

    /// The tags the site knows: each other one is named, and its nearest names looked up.
    mutating func receiveTagsInfo(_ reply: Result<[TagInfo], APIError>, request: TagsInfoRequest,
                                  in context: inout ScreenContext) -> ScreenReply {
        switch reply {
        case .success(let known):
            let names = Set(known.map { $0.name.lowercased() })
            var effects: [BrowserEffect] = []
            for tag in request.tags where !names.contains(tag.lowercased()) {
                unknownTags.append(UnknownTag(name: tag, nearest: []))
                let search = TagSearchRequest(site: site, inName: Self.searchWord(tag))
                effects += context.ledger.issue(BrowserRequest.TagSearch(request: search), lane: .user, at: context.now).effects
            }
            return ScreenReply(effects + lookupsSettled(in: &context))
        case .failure(let error):
            problems.append("the tags could not be looked up: \(error.message)")
            return ScreenReply(lookupsSettled(in: &context))
        }
    }

    /// The nearest names to an unknown tag.
    mutating func receiveTagSearch(_ reply: Result<[TagInfo], APIError>, request: TagSearchRequest,
                                   in context: inout ScreenContext) -> ScreenReply {
        if case .success(let found) = reply {
            for index in unknownTags.indices where Self.searchWord(unknownTags[index].name) == request.inName {
                unknownTags[index].nearest = Array(found.map(\.name).prefix(5))
            }
        }
        return ScreenReply(lookupsSettled(in: &context))
    }

    /// The word a tag's nearest names are searched by: the tag less its version or suffix (`swift5` finds `swift`).
    static func searchWord(_ tag: String) -> String {
        let stem = tag.split(separator: "-").first.map(String.init) ?? tag
        let letters = String(stem.prefix { !$0.isNumber && $0 != "." })
        return letters.count >= 2 ? letters : tag
    }

    /// Once every look-up of a new question is in: the checks show.
    mutating func lookupsSettled(in context: inout ScreenContext) -> [BrowserEffect] {
        guard phase == .checking else { return [] }
        let awaiting = [RequestPurpose.of(BrowserRequest.Similar.self), .of(BrowserRequest.TagsInfo.self),
                        .of(BrowserRequest.TagSearch.self)]
        guard !awaiting.contains(where: context.ledger.isAwaiting) else { return [] }
        phase = .maybeAsked
        selection = 0
        return []
    }

    /// The site's answer to the preview or the post.
    mutating func receiveWrite(_ reply: Result<WrittenPost, APIError>, request: PostWriteRequest,
                               in context: inout ScreenContext) -> ScreenReply {
        if request.preview {
            guard phase == .previewing else { return ScreenReply() }
            switch reply {
            case .success(let post): phase = .preview(post)
            case .failure(let error): phase = .refused([error.message])
            }
            scroll = 0
            return ScreenReply()
        }
        guard case .posting(let sentAt) = phase else { return ScreenReply() }
        switch reply {
        case .success(let post):
            return landed(post, in: &context)
        case .failure(let error) where error.leavesWriteOutcomeUnknown:
            return ScreenReply(verify(sentAt: sentAt, in: &context))
        case .failure(let error):
            phase = .refused([error.message])
            context.say(warning: "not posted: your draft is kept (D lists the drafts)")
            return ScreenReply()
        }
    }

    /// The write landed: the draft is forgotten, the screen closes, and the model shows the post.
    mutating func landed(_ post: WrittenPost, in context: inout ScreenContext) -> ScreenReply {
        context.notice = "posted" + (post.link.map { ": \($0)" } ?? "")
        return ScreenReply([.forgetEditorDraft(site: site, target: target)],
                           then: .writeLanded(post, site: site, target: target))
    }

    /// The write's answer never came: the site is read for it before anything else.
    mutating func verify(sentAt: Date, in context: inout ScreenContext) -> [BrowserEffect] {
        guard let submission else { return [] }
        phase = .verifying(sentAt: sentAt)
        let verification = WriteVerification(site: site, target: target, submission: submission, sentAt: sentAt,
                                              userID: context.configuration.signedInUserID)
        return context.ledger.issue(BrowserRequest.WriteCheck(verification: verification, filter: filter), lane: .user,
                                    at: context.now).effects
    }

    /// What the site read for a write whose answer never came says.
    mutating func receiveWriteCheck(_ reply: Result<[WrittenPost], APIError>, verification: WriteVerification,
                                    in context: inout ScreenContext) -> ScreenReply {
        guard case .verifying(let sentAt) = phase else { return ScreenReply() }
        switch reply {
        case .success(let posts):
            switch verification.verdict(found: posts) {
            case .posted(let post):
                return landed(post, in: &context)
            case .notPosted:
                phase = .refused([WriteVerdict.notPosted.message])
                context.say(warning: WriteVerdict.notPosted.message)
                return ScreenReply()
            }
        case .failure(let error):
            // Still unknown: nothing may be sent again until it is known. Enter asks again.
            phase = .refused(["whether it was posted is still unknown (\(error.message)): " +
                              "look at the site before posting again; your draft is kept"])
            _ = sentAt
            return ScreenReply()
        }
    }

    /// The site's limits, once: then on to the post.
    mutating func receiveWritePermissions(_ reply: Result<[WritePermission], APIError>, request: WritePermissionsRequest,
                                          in context: inout ScreenContext) -> ScreenReply {
        limits = (try? reply.get()) ?? []
        return proceedToPost(in: &context)
    }

    /// The post as the site has it now: the text an edit starts from, or whether it changed while edited.
    mutating func receivePostMarkdown(_ reply: Result<[WrittenPost], APIError>, stage: PostRead,
                                      in context: inout ScreenContext) -> ScreenReply {
        switch (stage, reply) {
        case (.beginEdit, .success(let posts)):
            guard let post = posts.first, phase == .editing else { return ScreenReply(then: .close(.writing)) }
            editBase = post.lastEditDate ?? post.creationDate
            let document = EditorDocument(
                target: target, instructions: instructions(), title: post.plainTitle ?? "",
                tags: post.tags, body: post.plainBodyMarkdown ?? "")
            return ScreenReply([.compose(EditorJob(site: site, target: target, text: document.text, fromDraft: false))])
        case (.beginEdit, .failure(let error)):
            context.say(warning: "your post could not be read for editing: \(error.message)")
            return ScreenReply(then: .close(.writing))
        case (.beforePosting, .success(let posts)):
            if let edited = posts.first?.lastEditDate, let base = editBase, edited > base {
                phase = .changedOnSite(edited)
                return ScreenReply()
            }
            editChecked = true
            return proceedToPost(in: &context)
        case (.beforePosting, .failure(let error)):
            phase = .refused(["whether the post changed on the site could not be read: \(error.message)"])
            return ScreenReply()
        }
    }

    /// The clock as the data file has it: then on to the post.
    mutating func receiveClock(_ clock: WriteClock, in context: inout ScreenContext) -> ScreenReply {
        self.clock = clock
        return proceedToPost(in: &context)
    }

    /// The edit summary asked for: then on to the post.
    mutating func receiveEditSummary(_ summary: String, in context: inout ScreenContext) -> ScreenReply {
        editSummary = summary
        return proceedToPost(in: &context)
    }

    /// `p` on the preview: each thing the post needs, in turn (an edit's summary, whether the post changed on the
    /// site, the site's limits, the data file's write times), then the write, once.
    mutating func proceedToPost(in context: inout ScreenContext) -> ScreenReply {
        switch phase {
        case .preview, .changedOnSite: break
        default: return ScreenReply()
        }
        let isEdit = target.postWrite.isEdit
        if isEdit, editSummary == nil {
            return ScreenReply(then: .openPrompt(.editSummary, text: ""))
        }
        if isEdit, !editChecked, let id = postID {
            let read = PostMarkdownRequest(site: site, postID: id, isQuestion: target.hasHeaders, filter: filter)
            return ScreenReply(context.ledger.issue(BrowserRequest.PostMarkdown(request: read, stage: .beforePosting),
                                                    lane: .user, at: context.now).effects)
        }
        guard let limits else {
            return ScreenReply(context.ledger.issue(
                BrowserRequest.WritePermissions(request: WritePermissionsRequest(site: site)), lane: .user,
                at: context.now).effects)
        }
        guard let clock else { return ScreenReply([.read(.writeClock(site: site))]) }
        let kind = target.writeKind
        let verdict = clock.verdict(site: site, kind: kind, limit: WriteLimit.of(kind, in: limits), now: context.now)
        if let refusal = verdict.refusal(kind: kind, now: context.now) {
            // The clock is read again at the next `p`: another stackterm may have written meanwhile.
            self.clock = nil
            context.say(warning: refusal)
            return ScreenReply()
        }
        guard let request = writeRequest(preview: false) else { return ScreenReply() }
        self.clock = nil
        phase = .posting(sentAt: context.now)
        return ScreenReply([.write(.writeSent(site: site, kind: kind, at: context.now))]
            + context.ledger.issue(BrowserRequest.PostWrite(request: request), lane: .user, at: context.now).effects)
    }

    /// The post an edit changes.
    var postID: Int? {
        switch target {
        case .editQuestion(let id), .editAnswer(let id): id
        case .answer, .question: nil
        }
    }

    /// The instructions block of the editor's file: what the text is for and what comes after the editor.
    func instructions() -> [String] {
        EditorSession.instructions(
            for: target, site: site, title: questionTitle.map { PlainText.decode($0) }, link: questionLink,
            nextStep: target == .question
                ? "Next: the tags are looked up and questions like yours shown, then the site's preview: p posts it."
                : "Next: the site's preview of your text: p posts it, e edits again, k keeps it as a draft, d discards it.")
    }

    /// The editor again, on the text as it stands.
    func editAgain() -> ScreenReply {
        ScreenReply([.compose(EditorJob(site: site, target: target, text: text, fromDraft: true))])
    }

    /// The screen's keys (the writing keymap).
    mutating func perform(_ action: Action, in context: inout ScreenContext) -> ScreenReply {
        let page = max(1, context.bodyHeight - 2)
        switch (phase, action) {
        case (.draftOffered(let draft), .edit), (.draftOffered(let draft), .open):
            text = draft.text
            // An edit taken up again: a change on the site since the draft was kept is said before sending.
            if editBase == nil, postID != nil { editBase = draft.updatedAt }
            phase = .editing
            return ScreenReply([.compose(EditorJob(site: site, target: target, text: draft.text, fromDraft: true))])
        case (.draftOffered, .discard):
            phase = .editing
            return ScreenReply([.forgetEditorDraft(site: site, target: target)] + begin(in: &context))
        case (.draftOffered, .escape), (.draftOffered, .back), (.draftOffered, .keepDraft):
            return ScreenReply(then: .close(.writing))
        case (.posting, _), (.verifying, _), (.editing, _):
            if action == .escape || action == .back {
                context.say(warning: phase == .editing ? "in the editor" : "posting: waiting for the site's answer")
            }
            return ScreenReply()
        case (.maybeAsked, .moveUp): selection = max(0, selection - 1)
        case (.maybeAsked, .moveDown): selection = min(max(0, similar.count - 1), selection + 1)
        case (.maybeAsked, .open):
            guard similar.indices.contains(selection) else { return ScreenReply() }
            return ScreenReply(then: .openQuestion(similar[selection], site: site))
        case (.maybeAsked, .post):
            return ScreenReply(preview(in: &context))
        case (.preview, .post):
            return proceedToPost(in: &context)
        case (.changedOnSite, .post):
            editChecked = true
            return proceedToPost(in: &context)
        case (.changedOnSite, .open):
            guard let question else { return ScreenReply() }
            context.notice = "the post's new version: your text is kept as a draft (D)"
            return ScreenReply(then: .openQuestion(question, site: site))
        case (_, .edit):
            let cancelled = cancelRequests(in: &context)
            phase = .editing
            var reply = editAgain()
            reply.effects = cancelled + reply.effects
            return reply
        case (_, .discard):
            context.notice = "discarded: \(target.summary)"
            return ScreenReply(cancelRequests(in: &context) + [.forgetEditorDraft(site: site, target: target)],
                               then: .close(.writing))
        case (_, .keepDraft), (_, .escape), (_, .back):
            context.notice = "draft kept: D on the list shows the drafts"
            return ScreenReply(cancelRequests(in: &context), then: .close(.writing))
        case (_, .moveUp): scroll = max(0, scroll - 1)
        case (_, .moveDown): scroll += 1
        case (_, .pageUp): scroll = max(0, scroll - page)
        case (_, .pageDown): scroll += page
        case (_, .first): scroll = 0
        default: break
        }
        return ScreenReply()
    }

    /// The screen's look-ups and preview in flight, cancelled (never a write: it may be on the site already).
    func cancelRequests(in context: inout ScreenContext) -> [BrowserEffect] {
        [RequestPurpose.of(BrowserRequest.Similar.self), .of(BrowserRequest.TagsInfo.self), .of(BrowserRequest.TagSearch.self),
         .of(BrowserRequest.WritePermissions.self), .of(BrowserRequest.PostMarkdown.self)]
            .flatMap { context.ledger.cancelAll(for: $0) }
            + context.ledger.entries.values
                .filter { $0.request.as(BrowserRequest.PostWrite.self)?.request.preview == true }
                .flatMap { context.ledger.cancel($0.token) }
    }

    /// A fresh text: an edit reads its post first; an answer or a question opens the editor on an empty file.
    mutating func begin(in context: inout ScreenContext) -> [BrowserEffect] {
        phase = .editing
        if let id = postID {
            // The post's Markdown comes only with the writing filter (`WrittenPostFilter`), made at launch.
            guard filter != "withbody" else {
                context.say(warning: "the filter for writing is still being made: try again in a moment")
                return []
            }
            let read = PostMarkdownRequest(site: site, postID: id, isQuestion: target.hasHeaders, filter: filter)
            return context.ledger.issue(BrowserRequest.PostMarkdown(request: read, stage: .beginEdit), lane: .user,
                                        at: context.now).effects
        }
        let document = EditorDocument(target: target, instructions: instructions())
        return [.compose(EditorJob(site: site, target: target, text: document.text, fromDraft: false))]
    }
}

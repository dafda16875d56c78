/// The rows of one synthetic dump, written file by file in one pass over the posts.
struct RowWriter {
    let generator: DumpGenerator
    let postsFile: XMLFileWriter
    let commentsFile: XMLFileWriter
    let historyFile: XMLFileWriter
    let linksFile: XMLFileWriter
    let votesFile: XMLFileWriter
    var others: [XMLFileWriter] = []
    var random: SeededRandom
    let vocabulary: DumpVocabulary
    var summary = DumpSummary()
    var tagCounts: [String: Int] = [:]
    var nextPostID = 1
    var nextCommentID = 1
    var nextHistoryID = 1
    var nextVoteID = 1
    var nextLinkID = 1
    let userCount: Int
    /// Seconds between consecutive posts, so that the dump spans about nine years whatever its size.
    let step: Int
    let firstDate: Int

    init(generator: DumpGenerator, posts: XMLFileWriter, comments: XMLFileWriter, history: XMLFileWriter,
         links: XMLFileWriter, votes: XMLFileWriter) {
        self.generator = generator
        postsFile = posts
        commentsFile = comments
        historyFile = history
        linksFile = links
        votesFile = votes
        random = SeededRandom(seed: generator.seed)
        vocabulary = DumpVocabulary(seed: generator.seed)
        userCount = max(10, generator.posts / 10)
        step = max(1, 9 * 365 * 86_400 / generator.posts)
        firstDate = DumpGenerator.lastActivity - 9 * 365 * 86_400 - 86_400
    }

    func date(_ postID: Int) -> Int { firstDate + postID * step }

    mutating func writePosts() throws {
        try writePlanted()
        while nextPostID <= generator.posts {
            let answers = min(random.below(4), generator.posts - nextPostID)
            try writeQuestion(answers: answers)
        }
    }

    // MARK: Questions and answers

    mutating func tagText(_ tags: [String], questionID: Int) -> String {
        let pipe = generator.tagFormat == .pipe || (generator.tagFormat == .mixed && questionID % 2 == 0)
        return pipe ? "|" + tags.joined(separator: "|") + "|" : tags.map { "<\($0)>" }.joined()
    }

    mutating func body(code: String? = nil, extra: String = "") -> String {
        var html = "<p>\(vocabulary.sentence(8 + random.below(30), &random)) \(extra)</p>\n\n"
        if random.below(3) == 0 { html += "<p>Unicode: café, naïve, 日本語, emoji 🎉 &amp; \"quotes\" &lt;tags&gt;.</p>\n\n" }
        let randomCode = random.below(2) == 0 ? "\(vocabulary.words[random.below(200)])(\(random.below(100)));" : nil
        if let line = code ?? randomCode {
            html += "<pre><code>for item in list:\n    \(line)\n</code></pre>\n\n"
        }
        html += "<p>See <code>\(vocabulary.words[random.below(500)])</code> and <a href=\"https://example.com/\(nextPostID)\">the docs</a>.</p>\n"
        return html
    }

    /// The owner attributes: a user id, or a deleted user's display name only (one post in 25).
    mutating func owner(deleted: Bool = false) -> (id: String?, name: String?) {
        if deleted || random.below(25) == 0 {
            summary.deletedOwnerPosts += 1
            return (nil, deleted ? PlantedPosts.deletedUser : "user\(100_000 + random.below(9000))")
        }
        return ("\(1 + random.below(userCount))", nil)
    }

    mutating func writeQuestion(
        answers: Int, title: String? = nil, tags fixedTags: [String]? = nil, score fixedScore: Int? = nil,
        body fixedBody: String? = nil, closed: Bool? = nil, deletedOwner: Bool = false,
        answerBodies: [(body: String, score: Int)] = [], acceptedIndex: Int? = nil
    ) throws {
        let id = nextPostID
        nextPostID += 1 + answers
        let tags = fixedTags ?? Array(Set((0..<(1 + random.below(3))).map { _ in vocabulary.tags[random.skewed(vocabulary.tags.count)] })).sorted()
        for tag in tags { tagCounts[tag, default: 0] += 1 }
        let isClosed = closed ?? (random.below(9) == 0)
        let accepted = answers > 0 ? (acceptedIndex ?? (random.below(2) == 0 ? random.below(answers) : nil)) : nil
        let created = date(id)
        let lastActivity = date(id + answers) + 3600
        let (ownerID, ownerName) = owner(deleted: deletedOwner)
        let questionTitle = title ?? (vocabulary.sentence(4 + random.below(6), &random).capitalized + "?")
        let questionBody = fixedBody ?? body()
        let comments = random.below(3)
        try postsFile.row([
            "Id": "\(id)", "PostTypeId": "1", "AcceptedAnswerId": accepted.map { "\(id + 1 + $0)" },
            "CreationDate": DumpDate.text(created), "Score": "\(fixedScore ?? (random.below(40) - 5))",
            "ViewCount": "\(10 + random.below(5000))", "Body": questionBody, "OwnerUserId": ownerID,
            "OwnerDisplayName": ownerName, "LastEditorUserId": ownerID, "LastEditDate": DumpDate.text(created + 600),
            "LastActivityDate": DumpDate.text(lastActivity), "Title": questionTitle,
            "Tags": tagText(tags, questionID: id), "AnswerCount": "\(answers)", "CommentCount": "\(comments)",
            "FavoriteCount": "\(random.below(5))", "ClosedDate": isClosed ? DumpDate.text(created + 7200) : nil,
            "ContentLicense": "CC BY-SA 4.0",
        ])
        summary.questions += 1
        try history(postID: id, type: 1, text: questionTitle, at: created)
        try history(postID: id, type: 2, text: questionBody, at: created)
        if isClosed {
            summary.closedQuestions += 1
            try history(postID: id, type: 10, text: "", at: created + 7200, comment: "101")
            try linksFile.row(["Id": "\(nextLinkID)", "CreationDate": DumpDate.text(created + 7200), "PostId": "\(id)",
                               "RelatedPostId": "\(max(1, id - 5))", "LinkTypeId": "3"])
            nextLinkID += 1
        }
        try writeComments(postID: id, count: comments, at: created)
        for index in 0..<answers {
            let fixed = index < answerBodies.count ? answerBodies[index] : nil
            try writeAnswer(id: id + 1 + index, questionID: id, score: fixed?.score, body: fixed?.body)
        }
    }

    mutating func writeAnswer(id: Int, questionID: Int, score: Int?, body fixedBody: String?) throws {
        let created = date(id)
        let (ownerID, ownerName) = owner()
        let answerBody = fixedBody ?? body()
        let comments = random.below(3)
        try postsFile.row([
            "Id": "\(id)", "PostTypeId": "2", "ParentId": "\(questionID)", "CreationDate": DumpDate.text(created),
            "Score": "\(score ?? (random.below(30) - 3))", "Body": answerBody, "OwnerUserId": ownerID,
            "OwnerDisplayName": ownerName, "LastActivityDate": DumpDate.text(created + 60),
            "CommentCount": "\(comments)", "ContentLicense": "CC BY-SA 4.0",
        ])
        summary.answers += 1
        try history(postID: id, type: 2, text: answerBody, at: created)
        try writeComments(postID: id, count: comments, at: created)
        try votesFile.row(["Id": "\(nextVoteID)", "PostId": "\(id)", "VoteTypeId": "2", "CreationDate": DumpDate.text(created - created % 86_400)])
        nextVoteID += 1
    }

    mutating func writeComments(postID: Int, count: Int, at date: Int, fixed: String? = nil) throws {
        for index in 0..<count {
            let text = index == 0 && fixed != nil ? fixed! : vocabulary.sentence(5 + random.below(15), &random) + " — ok ✓"
            let deleted = random.below(20) == 0
            try commentsFile.row([
                "Id": "\(nextCommentID)", "PostId": "\(postID)", "Score": "\(random.below(6))", "Text": text,
                "CreationDate": DumpDate.text(date + 300 * (index + 1)),
                "UserId": deleted ? nil : "\(1 + random.below(userCount))",
                "UserDisplayName": deleted ? "user\(200_000 + random.below(9000))" : nil,
                "ContentLicense": "CC BY-SA 4.0",
            ])
            nextCommentID += 1
            summary.comments += 1
        }
    }

    mutating func history(postID: Int, type: Int, text: String, at date: Int, comment: String? = nil) throws {
        try historyFile.row([
            "Id": "\(nextHistoryID)", "PostHistoryTypeId": "\(type)", "PostId": "\(postID)",
            "RevisionGUID": "00000000-0000-4000-8000-\(String(repeating: "0", count: 12 - "\(nextHistoryID)".count))\(nextHistoryID)",
            "CreationDate": DumpDate.text(date), "UserId": "1", "Comment": comment, "Text": text, "ContentLicense": "CC BY-SA 4.0",
        ])
        nextHistoryID += 1
    }
}

extension RowWriter {
    /// The planted question (1) with its two answers (2, 3) and its comment (1), then the closed question (4).
    mutating func writePlanted() throws {
        let codeBody = "<p>I want \(PlantedPosts.phrase) in my editor.</p>\n\n<pre><code>function \(PlantedPosts.codeWord)() {\n  return 1;\n}\n</code></pre>\n"
        // The comment on the question is the first comment written: its id is `PlantedPosts.commentID`.
        try writeQuestionWithComment(codeBody: codeBody)
        try writeQuestion(answers: 0, title: PlantedPosts.closedTitle, tags: ["vim", "regex"], score: 2, closed: true, deletedOwner: true)
    }

    private mutating func writeQuestionWithComment(codeBody: String) throws {
        let id = nextPostID
        let created = date(id)
        nextPostID += 3
        for tag in PlantedPosts.tags { tagCounts[tag, default: 0] += 1 }
        try postsFile.row([
            "Id": "\(id)", "PostTypeId": "1", "AcceptedAnswerId": "\(PlantedPosts.acceptedAnswerID)",
            "CreationDate": DumpDate.text(created), "Score": "\(PlantedPosts.questionScore)", "ViewCount": "321",
            "Body": codeBody, "OwnerUserId": "1", "LastActivityDate": DumpDate.text(created + 3600),
            "Title": PlantedPosts.title, "Tags": "<vim><unicode>", "AnswerCount": "2", "CommentCount": "1",
            "ContentLicense": "CC BY-SA 4.0",
        ])
        summary.questions += 1
        try writeComments(postID: id, count: 1, at: created, fixed: "Have you tried \(PlantedPosts.commentWord) settings?")
        try writeAnswer(id: PlantedPosts.acceptedAnswerID, questionID: id, score: PlantedPosts.acceptedScore,
                        body: "<p>Use the \(PlantedPosts.answerWord) option: <code>:set xylo</code>.</p>\n")
        try writeAnswer(id: PlantedPosts.otherAnswerID, questionID: id, score: PlantedPosts.otherScore,
                        body: "<p>Or reinstall everything.</p>\n")
    }
}

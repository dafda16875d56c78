extension RowWriter {
    /// `Users.xml` (with the Community user, -1) and a badge for every fifth user.
    mutating func writeUsers(_ users: XMLFileWriter, badges: XMLFileWriter) throws {
        others += [users, badges]
        try users.row(["Id": "-1", "Reputation": "1", "CreationDate": DumpDate.text(firstDate), "DisplayName": "Community",
                       "LastAccessDate": DumpDate.text(firstDate), "AboutMe": "<p>Hi, I'm not really a person.</p>",
                       "Views": "0", "UpVotes": "0", "DownVotes": "0", "AccountId": "-1"])
        var badgeID = 1
        for id in 1...userCount {
            let name = id == 1 ? "Ada Lovelace" : (id % 7 == 0 ? "Zoë \(vocabulary.words[id % 500].capitalized)" : "\(vocabulary.words[id % 4000].capitalized) \(id)")
            try users.row([
                "Id": "\(id)", "Reputation": "\(1 + random.below(50_000))", "CreationDate": DumpDate.text(firstDate + id * 60),
                "DisplayName": name, "LastAccessDate": DumpDate.text(DumpGenerator.lastActivity - id),
                "WebsiteUrl": id % 3 == 0 ? "https://example.org/\(id)" : nil, "Location": id % 4 == 0 ? "Zürich" : nil,
                "AboutMe": id % 2 == 0 ? "<p>About \(name)</p>" : nil, "Views": "\(random.below(1000))",
                "UpVotes": "\(random.below(100))", "DownVotes": "\(random.below(10))", "AccountId": "\(id + 1000)",
            ])
            summary.users += 1
            if id % 5 == 0 {
                try badges.row(["Id": "\(badgeID)", "UserId": "\(id)", "Name": "Teacher", "Date": DumpDate.text(firstDate + id * 90),
                                "Class": "3", "TagBased": "False"])
                badgeID += 1
            }
        }
    }

    /// `Tags.xml`: every tag used, with its count.
    mutating func writeTags(_ tags: XMLFileWriter) throws {
        others.append(tags)
        for (index, tag) in tagCounts.keys.sorted().enumerated() {
            try tags.row(["Id": "\(index + 1)", "TagName": tag, "Count": "\(tagCounts[tag] ?? 0)"])
        }
    }

    /// Closes every file; the summary's byte count is theirs together.
    mutating func finish() throws -> DumpSummary {
        for file in [postsFile, commentsFile, historyFile, linksFile, votesFile] + others { try file.close() }
        summary.xmlBytes = ([postsFile, commentsFile, historyFile, linksFile, votesFile] + others).reduce(0) { $0 + $1.bytes }
        return summary
    }
}

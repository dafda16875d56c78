import StorePorts

/// The list's banner of what the watches found: `● 3 new in [rust] · 1 new answer on a followed question`.
enum WatchBanner {
    /// The banner's text for `items`, nil when there is nothing new. Titles are never part of it; the watch labels
    /// (tags, searches the person typed) go through the screen's filter when drawn.
    static func text(_ items: [WatchedItem], defaultSite: String) -> String? {
        guard !items.isEmpty else { return nil }
        var parts: [String] = []
        var byWatch: [String: Int] = [:]
        var order: [String] = []
        for item in items where item.kind == .question {
            let label = item.site == defaultSite ? item.watch : item.site + " " + item.watch
            if byWatch[label] == nil { order.append(label) }
            byWatch[label, default: 0] += 1
        }
        for label in order { parts.append("\(byWatch[label]!) new in \(label)") }
        for kind in [WatchedItem.Kind.answer, .comment] {
            let found = items.filter { $0.kind == kind }
            guard !found.isEmpty else { continue }
            let questions = Set(found.map { "\($0.site) \($0.questionID)" }).count
            let noun = kind == .answer ? "answer" : "comment"
            parts.append("\(found.count) new \(noun)\(found.count == 1 ? "" : "s") on "
                + (questions == 1 ? "a followed question" : "\(questions) followed questions"))
        }
        return "● " + parts.joined(separator: " · ")
    }
}

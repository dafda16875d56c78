public import Foundation
public import StackExchange

/// A bookmarked question, with its site and when it was bookmarked.
public struct Bookmark: Sendable, Hashable {
    public var site: String
    public var question: Question
    public var createdAt: Date

    public init(site: String, question: Question, createdAt: Date) {
        self.site = site
        self.question = question
        self.createdAt = createdAt
    }
}

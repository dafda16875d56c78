import Foundation
import Testing
@testable import StackExchange

/// Requests become the URLs and headers the API expects.
struct RequestBuildingTests {
    let configuration = BackendConfiguration()

    func items(_ url: URL) -> [String: String] {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        return Dictionary((components?.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
    }

    @Test func questionsList() throws {
        let request = QuestionsListRequest(page: 2, pageSize: 50, sort: .votes, order: .asc, tags: ["swift", "c++"])
        let urlRequest = try request.urlRequest(configuration: configuration)
        let url = try #require(urlRequest.url)
        #expect(url.absoluteString.hasPrefix("https://api.stackexchange.com/2.3/questions?"))
        #expect(items(url) == [
            "page": "2", "pagesize": "50", "sort": "votes", "order": "asc", "tagged": "swift;c++",
            "site": "stackoverflow",
        ])
        #expect(urlRequest.value(forHTTPHeaderField: "Accept-Encoding") == "gzip")
        #expect(urlRequest.value(forHTTPHeaderField: "User-Agent") == "stackterm/\(StacktermVersion.current)")
        #expect(urlRequest.httpMethod == "GET")
        #expect(urlRequest.timeoutInterval == 15)
        #expect(request.methodKey == "/questions")
    }

    @Test func noTagsMeansNoTagged() throws {
        let url = try QuestionsListRequest().url(configuration: configuration)
        #expect(items(url)["tagged"] == nil)
        #expect(items(url)["page"] == "1")
    }

    @Test func keyOnlyWhenConfigured() throws {
        let without = try QuestionsListRequest().url(configuration: configuration)
        #expect(items(without)["key"] == nil)
        let keyed = BackendConfiguration(key: "s3cr3t((")
        let with = try QuestionsListRequest().url(configuration: keyed)
        #expect(items(with)["key"] == "s3cr3t((")
        #expect(!keyed.description.contains("s3cr3t"))
    }

    @Test func pageSizeAndPageBoundsAreRejected() throws {
        for size in [0, 101, -1] {
            #expect(throws: RequestValidationError.self) {
                try QuestionsListRequest(pageSize: size).urlRequest(configuration: configuration)
            }
        }
        for size in [1, 100] {
            _ = try QuestionsListRequest(pageSize: size).urlRequest(configuration: configuration)
        }
        #expect(throws: RequestValidationError.self) {
            try QuestionsListRequest(page: 0).urlRequest(configuration: configuration)
        }
        let error = RequestValidationError(parameter: "pagesize", reason: "must be 1…100, got 0")
        #expect(error.apiError == .stackExchange(id: 400, name: "bad_parameter", message: "pagesize: must be 1…100, got 0"))
    }

    @Test func questionsByIDs() throws {
        let request = QuestionsByIDsRequest(ids: [11227809, 1], site: "superuser")
        let url = try request.url(configuration: configuration)
        #expect(url.path == "/2.3/questions/11227809;1")
        #expect(items(url)["filter"] == "withbody")
        #expect(items(url)["site"] == "superuser")
        #expect(request.methodKey == "/questions/{ids}")
        #expect(throws: RequestValidationError.self) { try QuestionsByIDsRequest(ids: []).url(configuration: configuration) }
    }

    @Test func answers() throws {
        let request = AnswersRequest(questionIDs: [42])
        let url = try request.url(configuration: configuration)
        #expect(url.path == "/2.3/questions/42/answers")
        let query = items(url)
        #expect(query["filter"] == "withbody" && query["sort"] == "votes" && query["order"] == "desc")
        #expect(request.methodKey == "/questions/{ids}/answers")
    }

    @Test func search() throws {
        let query = QuestionsQuery(tags: ["swift"], sort: .creation, searchText: "async let & co")
        let request = SearchRequest(query: query, page: 3)
        let url = try request.url(configuration: configuration)
        #expect(url.path == "/2.3/search/advanced")
        let parsed = items(url)
        #expect(parsed["q"] == "[swift] async let & co" && parsed["tagged"] == nil && parsed["sort"] == "creation")
        #expect(parsed["page"] == "3")
        #expect(request.methodKey == "/search/advanced")
        #expect(throws: RequestValidationError.self) {
            try SearchRequest(text: "  ").url(configuration: configuration)
        }
    }

    @Test func configuredFilterAndBaseURL() throws {
        let custom = BackendConfiguration(
            baseURL: URL(string: "http://127.0.0.1:8080/2.3/")!, site: "askubuntu", filter: "!abc")
        let url = try QuestionsListRequest(site: "askubuntu").url(configuration: custom)
        #expect(url.absoluteString.hasPrefix("http://127.0.0.1:8080/2.3/questions?"))
        #expect(items(url)["filter"] == "!abc")
        // A request's own filter wins over the configured one.
        let byID = try QuestionsByIDsRequest(ids: [1]).url(configuration: custom)
        #expect(items(byID)["filter"] == "withbody")
    }
}

import Foundation
import StackExchange

/// Benchmarks of the parsing layer: a full page of questions with bodies, as the API sends it.
enum DecodingBenchmarks {
    static func register(_ runner: inout BenchmarkRunner) {
        let page = syntheticPage(questions: 100)
        runner.run("decoding: 100 questions with bodies", units: 100, unit: "questions") {
            guard case .success(let decoded) = ResponseDecoder.page(Question.self, status: 200, data: page),
                  decoded.items.count == 100 else { fatalError("the synthetic page no longer decodes") }
        }
        runner.run("decoding: 100 titles to plain text", units: 100, unit: "titles") {
            for index in 0..<100 {
                let title = "How do I use &quot;tag \(index)&quot; &amp; 日本語 &#x1F680; with &lt;generics&gt;?"
                precondition(!PlainText.decode(title).isEmpty)
            }
        }
        print("  (page size \(page.count / 1024) KiB)", to: &standardError)
    }

    /// A page shaped like `/questions?filter=withbody`, with entities, CJK and emoji in the titles.
    static func syntheticPage(questions count: Int) -> Data {
        let body = String(repeating: "<p>Some text with <code>inline code</code> &amp; a <a href=\\\"https://example.com\\\">link</a>.</p>\\n<pre><code>let x = 1\\nprint(x)\\n</code></pre>\\n", count: 8)
        let items = (0..<count).map { index in
            """
            {"tags":["swift","linux","ncurses"],"owner":{"account_id":\(index),"reputation":1234,"user_id":\(index),\
            "user_type":"registered","display_name":"user &#39;\(index)&#39;","link":"https://stackoverflow.com/users/\(index)"},\
            "is_answered":true,"view_count":\(index * 97),"accepted_answer_id":\(index + 1_000_000),"answer_count":3,\
            "score":\(index % 50),"last_activity_date":1700000000,"creation_date":\(1_700_000_000 - index * 60),\
            "question_id":\(70_000_000 + index),"content_license":"CC BY-SA 4.0",\
            "link":"https://stackoverflow.com/questions/\(70_000_000 + index)",\
            "title":"How do I use &quot;tag \(index)&quot; &amp; 日本語 &#x1F680; with &lt;generics&gt;?",\
            "body":"\(body)"}
            """
        }
        let json = "{\"items\":[\(items.joined(separator: ","))],\"has_more\":true,\"quota_max\":300,\"quota_remaining\":299}"
        return Data(json.utf8)
    }
}

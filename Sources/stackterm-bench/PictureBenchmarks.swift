import Browser
import Foundation
import Images
import StackExchange
#if canImport(Glibc)
import Glibc
#endif

/// The posts' pictures: what they add to a question's first text frame, to a scroll frame with one in view
/// (blocks), and to memory once twenty are decoded.
enum PictureBenchmarks {
    static let now = Date(timeIntervalSince1970: 1_700_100_000)

    /// A question whose body has `count` pictures between paragraphs.
    static func detail(pictures count: Int) -> QuestionDetail {
        let paragraphs = (0..<40).map { "<p>Paragraph \($0) of the question, long enough to wrap once at 100 columns in the detail view.</p>" }
        var body = ""
        for (index, paragraph) in paragraphs.enumerated() {
            body += paragraph
            if index % 8 == 0, index / 8 < count {
                let url = "https://i.sstatic.net/picture\(index / 8).png"
                body += #"<p><a href="\#(url)"><img src="\#(url)" alt="picture \#(index / 8)"></a></p>"#
            }
        }
        let question = Question(
            questionID: 3, title: "A question with pictures", tags: ["plot"], creationDate: Date(timeIntervalSince1970: 1_700_000_000),
            body: body)
        return QuestionDetail(question: question, answers: [])
    }

    /// A 640×480 picture with a gradient, as a screenshot reduced for drawing.
    static func picture() -> PictureFile {
        let pixels = RGBAImage(width: 640, height: 480) { x, y in RGBA(red: UInt8(x % 256), green: UInt8(y % 256), blue: 128) }
        return PictureFile(format: .png, width: 640, height: 480, pixels: pixels)
    }

    static func register(_ runner: inout BenchmarkRunner) {
        let withPictures = detail(pictures: 5)
        var loading = PictureShelf(look: PictureLook(form: .blocks(.half, .palette256)))
        for index in 0..<5 { loading["https://i.sstatic.net/picture\(index).png"] = .loading }
        // What a person sees: the question's reply handled by the model and the first frame drawn, with pictures in
        // blocks (their boxes waiting: the pictures in view are asked for once that frame is out) against the same
        // question with `[images] mode = "none"`.
        let on = "pictures: first text frame, a question with 5 pictures (blocks, reply → frame)"
        let off = "pictures: first text frame, the same question with pictures off (mode none, reply → frame)"
        let openedOn = opening(withPictures, form: .blocks(.half, .palette256)), openedOff = opening(withPictures, form: .none)
        runner.run(on) { firstFrame(openedOn, detail: withPictures, box: "[image: picture 0 · waiting]") }
        runner.run(off) { firstFrame(openedOff, detail: withPictures, box: "[image: picture 0]") }
        if let with = runner.medians[on], let without = runner.medians[off] {
            runner.record(BenchmarkRunner.Row(
                measure: "pictures: first text frame, 5 pictures / off", median: String(format: "%.2f×", with / without), tail: "—",
                target: "≤ 1.05×", passed: with / without <= 1.05))
        }
        var shown = loading
        shown["https://i.sstatic.net/picture0.png"] = .shown(picture())
        // The document is laid out once (the memo keeps it); a scroll frame draws 29 rows of it, the picture in view.
        let document = DetailLayout.layout(withPictures, width: 100, now: now, pictures: shown)
        let spot = document.pictures.first?.lines.lowerBound ?? 0
        runner.run("pictures: scroll frame, a 20-row picture in view (blocks, in process)", target: 16) {
            var buffer = ScreenBuffer(width: 100, height: 30)
            for row in 0..<29 where document.lines.indices.contains(spot + row) { buffer.draw(document.lines[spot + row], row: row) }
            precondition(buffer.width == 100)
        }
        registerMemory(&runner)
    }

    /// The model the moment `detail`'s question is opened from the list (its reply awaited), its pictures in `form`.
    static func opening(_ detail: QuestionDetail, form: ImageForm) -> (model: BrowserModel, reply: RequestToken) {
        var configuration = BrowserConfiguration()
        configuration.pictures = PictureSettings(form: form)
        var model = BrowserModel(configuration: configuration, now: now)
        _ = model.handle(.resize(width: 100, height: 30), at: now)
        let list = sent(model.handle(.start, at: now))
        _ = model.handle(.response(list, .questions(.success(Page(items: [detail.question], hasMore: false)))), at: now)
        let reply = sent(model.handle(.key(.enter), at: now))
        return (model, reply)
    }

    /// The token of the first request among `effects`.
    static func sent(_ effects: [BrowserEffect]) -> RequestToken {
        for case .send(let token, _, _) in effects { return token }
        preconditionFailure("nothing was asked for")
    }

    /// `detail`'s reply handled by the model and its first frame drawn, through a memo that has laid nothing out yet;
    /// the frame shows the first picture's `box`. Never inlined, so that callgrind can count it apart (`--toggle-collect`).
    @inline(never)
    static func firstFrame(_ opened: (model: BrowserModel, reply: RequestToken), detail: QuestionDetail, box: String) {
        var model = opened.model
        let memo = LayoutMemo()
        _ = model.handle(.response(opened.reply, .detail(.success(detail))), at: now, layouts: memo)
        let frame = BrowserRenderer.render(model, layouts: memo, width: 100, height: 30, now: now)
        precondition(frame.text(ofRow: 0).contains("A question with pictures"), "the question no longer opens")
        precondition((0..<30).contains { frame.text(ofRow: $0).contains(box) }, "the first picture's box is not \(box)")
    }

    /// Scrolling a question with a 640×480 picture (20 rows) in view, in tmux at 120×40 in blocks mode against a replica
    /// serving the question and the picture: once the picture shows, `g` and then one line down at a time while the
    /// picture stays in view, each key after the frame of the one before; the frames' own `ms` from the trace.
    static func tmuxScrollFrames(_ runner: inout BenchmarkRunner, tmux: TmuxServer, stackterm: String) {
        let name = "pictures: scroll frame p99 with a 20-row picture in view (tmux 120x40, blocks; trace)"
        let root = NSTemporaryDirectory() + "stackterm-bench-tmux-picture-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let data = URL(fileURLWithPath: root).appendingPathComponent("data")
        let config = URL(fileURLWithPath: root).appendingPathComponent("config/stackterm")
        try? FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try? FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let paragraphs = (0..<60).map { "<p>Paragraph \($0) of the question, long enough to wrap once at 120 columns in the detail view of the terminal.</p>" }
        let picture = #"<p><a href="http://REPLICA-HOST/img/screenshot.png"><img src="http://REPLICA-HOST/img/screenshot.png" alt="screenshot"></a></p>"#
        let question: [String: Any] = [
            "tags": ["plot"], "owner": ["user_id": 8000, "display_name": "bench", "reputation": 1, "user_type": "registered"],
            "is_answered": false, "view_count": 1, "answer_count": 0, "score": 1, "last_activity_date": 1_700_000_000,
            "creation_date": 1_700_000_000, "question_id": 71_000_001, "content_license": "CC BY-SA 4.0",
            "link": "https://stackoverflow.com/questions/71000001", "title": "A question with a screenshot",
            "body": paragraphs.prefix(3).joined() + picture + paragraphs.dropFirst(3).joined(),
        ]
        guard let questions = try? JSONSerialization.data(withJSONObject: [question]),
              (try? questions.write(to: data.appendingPathComponent("questions.json"))) != nil,
              (try? Data("[]".utf8).write(to: data.appendingPathComponent("answers.json"))) != nil,
              (try? Data("[images]\nmode = \"blocks\"\n".utf8).write(to: config.appendingPathComponent("config.toml"))) != nil
        else { return }
        let replica = ColdStartBenchmarks.startReplica(dataDirectory: data)
        defer { ColdStartBenchmarks.stopReplica(replica) }
        let trace = root + "/trace.jsonl"
        guard let session = tmux.start(
            stackterm, arguments: ["--key", "bench"], base: replica.baseURL.absoluteString, root: root, name: "picture",
            term: "screen-256color")
        else { return }
        defer { tmux.kill(session) }
        func frames() -> [[String: Any]] { TmuxServer.events(trace).filter { $0["ev"] as? String == "frame" } }
        guard TmuxServer.poll(seconds: 20, { (frames().last?["rows"] as? Int ?? 0) >= 1 }) else {
            print("  (picture scroll frames skipped: no list)", to: &standardError)
            return
        }
        tmux.send(session, "Enter")
        guard TmuxServer.poll(seconds: 20, { tmux.capture(session, directory: root).contains("screenshot · 640×480") }) else {
            print("  (picture scroll frames skipped: the picture never showed)", to: &standardError)
            return
        }
        // The picture starts a few lines down and takes 20 of the 37 body rows: it stays in view for ~15 lines down.
        var times: [Double] = []
        for _ in 0..<(runner.isSmoke ? 1 : 10) {
            tmux.send(session, "g")
            _ = TmuxServer.poll(seconds: 2) { tmux.capture(session, directory: root).contains("Paragraph 0 of") }
            for _ in 0..<12 {
                let seen = frames().count
                tmux.send(session, "j")
                guard TmuxServer.poll(seconds: 5, { frames().count > seen }) else { break }
                if let ms = frames().dropFirst(seen).first?["ms"] as? Double { times.append(ms) }
            }
        }
        let sample = Sample(times)
        runner.record(BenchmarkRunner.Row(
            measure: name, median: BenchmarkRunner.ms(sample.median),
            tail: "p99 \(BenchmarkRunner.ms(sample.p99)) (n=\(times.count))", target: "p99 ≤ 16 ms",
            passed: times.isEmpty ? nil : sample.p99 <= 16))
    }

    /// Resident memory after twenty decoded pictures are held, against before.
    static func registerMemory(_ runner: inout BenchmarkRunner) {
        let name = "pictures: RSS after 20 pictures decoded and held"
        guard runner.includes(name) else { return }
        let before = MemoryBenchmarks.residentKiB()
        let png = ImageEncoder.png(picture().pixels)
        let held = (0..<20).compactMap { _ in try? PictureFile.decode(png).get() }
        let after = MemoryBenchmarks.residentKiB()
        let grown = Double(after - before) / 1024
        runner.record(BenchmarkRunner.Row(
            measure: name, median: String(format: "%.1f MB", grown), tail: "—", target: "≤ 30 MB", passed: grown <= 30,
            note: "\(held.count) pictures of 640×480"))
    }
}

import Highlight
import Testing

/// The constructs that trip lexers up: escapes, nesting, raw strings, heredocs, template literals, and text
/// that never ends.
struct EdgeCaseTests {
    @Test func anEscapedQuoteDoesNotCloseTheString() {
        let code = #"s = "say \"hi\" now"; t = 1"#
        #expect(role(of: #""say \"hi\" now""#, in: code, "py") == .string)
        #expect(role(of: "1", in: code, "py") == .number)
        let js = #"const a = 'it\'s'; let b = 2;"#
        #expect(role(of: #"'it\'s'"#, in: js, "js") == .string)
        #expect(role(of: "let", in: js, "js") == .keyword)
    }

    @Test func swiftAndRustCommentsNest() {
        for alias in ["swift", "rust"] {
            let code = "/* a /* b */ c */ let x = 1"
            #expect(role(of: "/* a /* b */ c */", in: code, alias) == .comment, "\(alias)")
            #expect(role(of: "let", in: code, alias) == .keyword, "\(alias)")
        }
        // C comments do not nest: the first `*/` ends it.
        #expect(role(of: "c", in: "/* a /* b */ c */", "c", occurrence: 0) == .plain)
    }

    @Test func rawStringsKeepBackslashesAndQuotes() {
        #expect(role(of: #"r"C:\dir\""#, in: #"p = r"C:\dir\" + x"#, "py") == .string)
        #expect(role(of: ##"r#"say "hi""#"##, in: ##"let s = r#"say "hi""#; let n = 1;"##, "rust") == .string)
        #expect(role(of: "n", in: ##"let s = r#"say "hi""#; let n = 1;"##, "rust", occurrence: 0) == .plain)
        #expect(role(of: ##"#"a "quoted" \(x)"#"##, in: ##"let s = #"a "quoted" \(x)"#"##, "swift") == .string)
        #expect(role(of: #"R"x(a ")" b)x""#, in: #"auto s = R"x(a ")" b)x"; int n;"#, "cpp") == .string)
        #expect(role(of: "int", in: #"auto s = R"x(a ")" b)x"; int n;"#, "cpp") == .type)
    }

    @Test func heredocsRunToTheirTag() {
        let shell = """
            cat <<EOF > out.txt
            if "quoted" then
            EOF
            echo done
            """
        #expect(role(of: "<<EOF", in: shell, "sh") == .string)
        #expect(role(of: "if \"quoted\" then\nEOF", in: shell, "sh") == .string)
        #expect(role(of: "echo", in: shell, "sh") == .function)
        #expect(role(of: "out", in: shell, "sh") == .plain)
        let ruby = """
            text = <<~SQL
              SELECT 1 # not a comment
            SQL
            puts text
            """
        #expect(role(of: "SELECT 1 # not a comment", in: ruby, "rb") == .string)
        #expect(role(of: "puts", in: ruby, "rb") == .function)
        let php = """
            $s = <<<EOT
            Hello $name
            EOT;
            echo $s;
            """
        #expect(role(of: "Hello $name", in: php, "php") == .string)
        #expect(role(of: "echo", in: php, "php") == .keyword)
        // `a << b` in Ruby is a shift, not a heredoc.
        #expect(role(of: "b", in: "a << b\nputs 1", "rb") == .plain)
    }

    @Test func templateLiteralsColourTheirInterpolations() {
        let code = "const s = `sum ${a + f(`in ${b}`)} end`; let z = 0;"
        #expect(role(of: "`sum ", in: code, "js") == .string)
        #expect(role(of: "${", in: code, "js") == .punctuation)
        #expect(role(of: "a", in: code, "js", occurrence: 0) == .plain)
        #expect(role(of: "f", in: code, "js") == .function)
        #expect(role(of: " end`", in: code, "js") == .string)
        #expect(role(of: "let", in: code, "js") == .keyword)
        // A brace inside the interpolation does not end it early.
        let nested = "`${ {a: 1}.a }` + x"
        #expect(role(of: "1", in: nested, "js") == .number)
        #expect(role(of: "}`", in: nested, "js") == nil, "the closing brace is punctuation, the backtick string")
        #expect(role(of: "x", in: nested, "js") == .plain)
    }

    @Test func anUnterminatedConstructRunsToTheEnd() {
        let comment = "x = 1 /* never closed\nint y = 2;\nreturn y;"
        #expect(role(of: "/* never closed\nint y = 2;\nreturn y;", in: comment, "c") == .comment)
        let triple = "s = \"\"\"open\nstill open\nx = 1"
        #expect(role(of: "\"\"\"open\nstill open\nx = 1", in: triple, "py") == .string)
        let template = "const s = `open ${x"
        #expect(roles(in: template, "js").contains(.string))
        // A single-line string that meets the line's end stops there, as the compilers say it does.
        let single = "s = \"open\nx = 1"
        #expect(role(of: "\"open", in: single, "py") == .string)
        #expect(role(of: "1", in: single, "py") == .number)
        let tag = "<a href=\"open"
        #expect(role(of: "\"open", in: tag, "html") == .string)
        let heredoc = "cat <<EOF\nno end"
        #expect(role(of: "no end", in: heredoc, "sh") == .string)
    }

    @Test func aHashInsideAWordIsNoComment() {
        #expect(!roles(in: "url: http://a.b/c#frag", "yaml").contains(.comment))
        #expect(!roles(in: "echo a#b", "sh").contains(.comment))
        #expect(roles(in: "echo a # b", "sh").contains(.comment))
        // In YAML a quote inside a plain value is text: `it's` opens no string.
        let yaml = "command: echo it's fine # note\nnext: 1"
        #expect(role(of: "# note", in: yaml, "yaml") == .comment)
        #expect(role(of: "next", in: yaml, "yaml") == .type)
    }

    @Test func numberFormsAreTheLanguages() {
        // C++14 separates digits with a quote, which elsewhere opens a character literal.
        #expect(role(of: "1'000'000", in: "int n = 1'000'000; char c = 'x';", "cpp") == .number)
        #expect(role(of: "'x'", in: "int n = 1'000'000; char c = 'x';", "cpp") == .string)
        #expect(role(of: "1_000_000", in: "let n = 1_000_000", "rust") == .number)
        #expect(role(of: "0xFF", in: "x = 0xFF + 0b1010 + 2.5e-3", "py") == .number)
        #expect(role(of: "2.5e-3", in: "x = 0xFF + 0b1010 + 2.5e-3", "py") == .number)
        #expect(role(of: "10px", in: "a { margin: 10px; }", "css") == .number)
        // JSON numbers take no suffix: `1` then a name.
        #expect(role(of: "1", in: "[1x]", "json") == .number)
        #expect(role(of: "1x", in: "[1x]", "json") == nil)
    }

    @Test func sqlKeywordsIgnoreCase() {
        #expect(role(of: "select", in: "select * from t", "sql") == .keyword)
        #expect(role(of: "SeLeCt", in: "SeLeCt * FrOm t", "sql") == .keyword)
    }

    @Test func linesSplitAtNewlinesAndKeepTheirText() {
        let lines = ["/* one", "two */ x = \"a\"", "", "y"]
        let runs = Highlighter.lines(lines, language: language("js"))
        #expect(runs.count == lines.count)
        #expect(runs.map { $0.map(\.text).joined() } == lines)
        #expect(runs[1].first == Highlighter.Run("two */", role: .comment))
        #expect(Highlighter.lines([], language: language("js")).isEmpty)
    }

    @Test func nonASCIITextStaysWhole() {
        let code = "name = \"日本語\" # コメント\nπ = 3.14"
        let spans = Highlighter.spans(code, language: language("py"))
        expectCovers(spans, count: code.utf8.count, "non-ASCII")
        let bytes = Array(code.utf8)
        for span in spans where span.range.lowerBound < bytes.count {
            // A span never starts on a UTF-8 continuation byte.
            #expect(bytes[span.range.lowerBound] & 0xC0 != 0x80)
        }
        #expect(role(of: "# コメント", in: code, "py") == .comment)
    }
}

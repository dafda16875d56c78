import Highlight
import Testing

/// Each language on a real snippet: every role the language has appears, on the token that should carry it.
struct LanguageSnippetTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var alias: String
        var code: String
        /// Tokens and the role each must have.
        var expected: [(String, HighlightRole)]
        var testDescription: String { alias }
    }

    static let cases: [Case] = [
        Case(alias: "c", code: """
            #include <stdio.h>
            /* entry */
            int main(void) {
                char *s = "hi\\n"; // greet
                printf("%s", s);
                return 0x1F;
            }
            """, expected: [("#include", .preprocessor), ("int", .type), ("main", .function), ("\"hi\\n\"", .string),
                            ("// greet", .comment), ("/* entry */", .comment), ("return", .keyword), ("0x1F", .number), ("{", .punctuation)]),
        Case(alias: "cpp", code: """
            #include <vector>
            template <typename T> class Box { public: T value; };
            auto s = R"(raw "text")";
            std::vector<int> v{1, 2}; // list
            bool ok = nullptr == 0;
            """, expected: [("template", .keyword), ("Box", .type), ("R\"(raw \"text\")\"", .string), ("// list", .comment),
                            ("2", .number), ("nullptr", .number), ("#include <vector>", .preprocessor)]),
        Case(alias: "cs", code: """
            using System;
            public class Greeter {
                public string Say(string name) => $"Hello {name}"; // say it
                var path = @"C:\\temp\\""quoted\"\"\";
                int n = 42;
            }
            """, expected: [("using", .keyword), ("Greeter", .type), ("Say", .function), ("$\"Hello {name}\"", .string),
                            ("// say it", .comment), ("42", .number), ("string", .type),
                            ("@\"C:\\temp\\\"\"quoted\"\"\"", .string)]),
        Case(alias: "java", code: """
            @Override
            public String toString() {
                // describe
                return "Point(" + x + ")" + 1.5f;
            }
            """, expected: [("@Override", .preprocessor), ("public", .keyword), ("String", .type), ("toString", .function),
                            ("// describe", .comment), ("\"Point(\"", .string), ("1.5f", .number)]),
        Case(alias: "kotlin", code: """
            data class User(val name: String)
            fun greet(user: User) = println("Hi ${user.name}!") /* done */
            val n = 10L
            """, expected: [("data", .keyword), ("User", .type), ("greet", .function), ("println", .function),
                            ("\"Hi ", .string), ("user", .plain), ("/* done */", .comment), ("10L", .number)]),
        Case(alias: "js", code: """
            // load it
            const total = items.reduce((a, b) => a + b, 0);
            function show(x) { console.log(`total: ${total + 1}`); return null; }
            """, expected: [("// load it", .comment), ("const", .keyword), ("reduce", .function), ("0", .number),
                            ("show", .function), ("`total: ", .string), ("null", .number), ("total", .plain)]),
        Case(alias: "ts", code: """
            interface Point { x: number; y: number }
            export function dist(p: Point): number { return Math.sqrt(p.x ** 2); } // done
            const s: string = 'a';
            """, expected: [("interface", .keyword), ("Point", .type), ("number", .type), ("dist", .function),
                            ("// done", .comment), ("'a'", .string), ("2", .number)]),
        Case(alias: "py", code: """
            @total_ordering
            class Point:
                def norm(self) -> float:
                    \"\"\"Length.\"\"\"
                    return abs(self.x) + 0.5  # add half
            print(f"{p!r}", None)
            """, expected: [("@total_ordering", .preprocessor), ("class", .keyword), ("Point", .type), ("norm", .function),
                            ("float", .type), ("\"\"\"Length.\"\"\"", .string), ("abs", .function), ("0.5", .number),
                            ("# add half", .comment), ("None", .number), ("f\"{p!r}\"", .string), ("x", .plain)]),
        Case(alias: "rb", code: """
            class Greeter
              def greet(name)
                puts "Hello #{name}" # say it
                @count += 1
                :done
              end
            end
            """, expected: [("class", .keyword), ("Greeter", .type), ("greet", .function), ("puts", .function),
                            ("\"Hello ", .string), ("# say it", .comment), ("@count", .type), ("1", .number),
                            (":done", .preprocessor)]),
        Case(alias: "php", code: """
            <?php
            function greet(string $name): string {
                // say hello
                return "Hello " . $name . 42;
            }
            """, expected: [("<?php", .preprocessor), ("function", .keyword), ("greet", .function), ("$name", .type),
                            ("// say hello", .comment), ("\"Hello \"", .string), ("42", .number), ("string", .type)]),
        Case(alias: "go", code: """
            package main
            import "fmt"
            func main() {
                n := len(os.Args) // count
                fmt.Println(`raw`, 3.14, nil)
            }
            """, expected: [("package", .keyword), ("\"fmt\"", .string), ("Println", .function), ("len", .function),
                            ("// count", .comment), ("`raw`", .string), ("3.14", .number), ("nil", .number)]),
        Case(alias: "rust", code: """
            #[derive(Debug)]
            struct Point<'a> { name: &'a str }
            fn main() {
                let v: Vec<u32> = vec![1, 2]; /* outer /* inner */ still */
                println!("{:?}", v);
            }
            """, expected: [("#[derive(Debug)]", .preprocessor), ("struct", .keyword), ("Point", .type), ("'a", .type),
                            ("u32", .type), ("main", .function), ("Vec", .type), ("1", .number),
                            ("/* outer /* inner */ still */", .comment), ("\"{:?}\"", .string)]),
        Case(alias: "swift", code: """
            @MainActor
            struct Counter {
                /* a /* nested */ comment */
                func increment(by step: Int = 1) -> String {
                    return "count \\(step + 1)" // done
                }
            }
            #if DEBUG
            """, expected: [("@MainActor", .preprocessor), ("struct", .keyword), ("Counter", .type),
                            ("/* a /* nested */ comment */", .comment), ("increment", .function), ("Int", .type),
                            ("\"count ", .string), ("// done", .comment), ("1", .number), ("#if", .preprocessor)]),
        Case(alias: "sh", code: """
            #!/bin/bash
            for f in *.txt; do
              echo "file: $f" # show
              count=$((count + 1))
              cd $HOME
            done
            """, expected: [("#!/bin/bash", .comment), ("for", .keyword), ("echo", .function), ("\"file: ", .string),
                            ("$HOME", .type), ("# show", .comment), ("1", .number), ("done", .keyword)]),
        Case(alias: "sql", code: """
            -- active users
            SELECT name, COUNT(*) FROM users u
            WHERE u.active = 1 AND u.name LIKE 'O''Brien' /* odd */
            CREATE TABLE t (id INT PRIMARY KEY);
            """, expected: [("-- active users", .comment), ("SELECT", .keyword), ("COUNT", .function), ("1", .number),
                            ("'O''Brien'", .string), ("/* odd */", .comment), ("INT", .type), ("name", .plain)]),
        Case(alias: "html", code: """
            <!DOCTYPE html>
            <!-- the page -->
            <a href="/x" class=big>Tom &amp; Jerry</a>
            <script>let n = 1; // js</script>
            """, expected: [("<!DOCTYPE html>", .preprocessor), ("<!-- the page -->", .comment), ("script", .keyword),
                            ("href", .type), ("\"/x\"", .string), ("&amp;", .number), ("let", .keyword), ("// js", .comment),
                            ("</", .punctuation), ("Tom", .plain)]),
        Case(alias: "xml", code: """
            <?xml version="1.0"?>
            <root id="1"><![CDATA[x < y]]><!-- note --></root>
            """, expected: [("<?xml version=\"1.0\"?>", .preprocessor), ("root", .keyword), ("id", .type), ("\"1\"", .string),
                            ("<![CDATA[x < y]]>", .string), ("<!-- note -->", .comment)]),
        Case(alias: "css", code: """
            /* layout */
            @media (max-width: 600px) {
              .box { color: rgb(0, 0, 0) !important; content: "x"; margin: 0 auto; }
            }
            """, expected: [("/* layout */", .comment), ("@media", .preprocessor), ("600px", .number), ("color", .type),
                            ("rgb", .function), ("!important", .keyword), ("\"x\"", .string), ("auto", .number)]),
        Case(alias: "json", code: """
            {"name": "stackterm", "stars": 42, "tags": [true, null]}
            """, expected: [("\"name\"", .type), ("\"stackterm\"", .string), ("42", .number), ("true", .number),
                            ("null", .number), ("{", .punctuation)]),
        Case(alias: "yaml", code: """
            # settings
            name: "stackterm"
            retries: 3
            enabled: true
            url: http://example.com/a#b
            """, expected: [("# settings", .comment), ("name", .type), ("\"stackterm\"", .string), ("3", .number),
                            ("true", .number), ("url", .type), ("http", .plain), ("example.com", .plain)]),
    ]

    @Test(arguments: cases)
    func everyRoleLandsOnItsToken(_ sample: Case) {
        for (token, expected) in sample.expected {
            #expect(role(of: token, in: sample.code, sample.alias) == expected, "\(sample.alias): \(token)")
        }
    }

    @Test func everyLanguageIsCovered() {
        let covered = Set(Self.cases.compactMap { Language(alias: $0.alias)?.name })
        #expect(covered == Set(Language.all.map(\.name)))
        #expect(Language.all.count >= 19)
    }

    /// The code roles, keyword to comment, each appear somewhere in each code language's snippet.
    @Test(arguments: cases.filter { !["html", "xml", "json", "yaml", "css"].contains($0.alias) })
    func codeLanguagesShowTheCoreRoles(_ sample: Case) {
        let found = roles(in: sample.code, sample.alias)
        for role in [HighlightRole.keyword, .string, .number, .comment, .punctuation, .plain] {
            #expect(found.contains(role), "\(sample.alias) lacks \(role)")
        }
    }
}

import Highlight
import Testing

/// The three rules, in the sites' order: the block's hint, the question's one language tag, a shebang.
struct LanguageChoiceTests {
    @Test func theHintIsReadFromTheClassAttribute() {
        #expect(LanguageChoice.Hint(classAttribute: "lang-py prettyprint-override") == .alias("py"))
        #expect(LanguageChoice.Hint(classAttribute: "prettyprint-override lang-js") == .alias("js"))
        #expect(LanguageChoice.Hint(classAttribute: "lang-none prettyprint-override") == .none)
        #expect(LanguageChoice.Hint(classAttribute: "lang-default") == .questionDefault)
        #expect(LanguageChoice.Hint(classAttribute: "default s-code-block") == .questionDefault)
        #expect(LanguageChoice.Hint(classAttribute: nil) == .questionDefault)
    }

    @Test func anExplicitHintWinsOverTheTags() {
        let python = LanguageChoice.questionDefault(tags: ["python"])
        #expect(LanguageChoice.language(hint: .alias("js"), questionDefault: python, code: ["let x = 1"])?.name == "javascript")
        for (alias, name) in [("cs", "c#"), ("cpp", "c++"), ("rb", "ruby"), ("sh", "shell"), ("kotlin", "kotlin"),
                              ("html", "html"), ("yaml", "yaml"), ("go", "go"), ("rust", "rust"), ("sql", "sql")] {
            #expect(LanguageChoice.language(hint: .alias(alias), questionDefault: nil, code: [])?.name == name, "\(alias)")
        }
    }

    @Test func langNoneIsPlainWhateverTheTagsOrShebangSay() {
        let python = LanguageChoice.questionDefault(tags: ["python"])
        #expect(LanguageChoice.language(hint: .none, questionDefault: python, code: ["#!/bin/bash", "ls"]) == nil)
    }

    @Test func anUnknownHintIsPlain() {
        #expect(LanguageChoice.language(hint: .alias("brainfuck"), questionDefault: LanguageChoice.questionDefault(tags: ["c"]), code: []) == nil)
    }

    @Test func oneLanguageTagIsTheDefault() {
        #expect(LanguageChoice.questionDefault(tags: ["python", "pandas", "dataframe"])?.name == "python")
        #expect(LanguageChoice.questionDefault(tags: ["python-3.x", "csv"])?.name == "python")
        #expect(LanguageChoice.questionDefault(tags: ["C#", "entity-framework"])?.name == "c#")
        let swift = LanguageChoice.questionDefault(tags: ["swift", "arrays"])
        #expect(LanguageChoice.language(hint: .questionDefault, questionDefault: swift, code: ["let x = 1"])?.name == "swift")
    }

    @Test func twoLanguageTagsOrNoneGiveNoDefault() {
        #expect(LanguageChoice.questionDefault(tags: ["python", "javascript"]) == nil)
        #expect(LanguageChoice.questionDefault(tags: ["html", "css", "javascript"]) == nil)
        #expect(LanguageChoice.questionDefault(tags: ["git", "regex"]) == nil)
        #expect(LanguageChoice.questionDefault(tags: []) == nil)
        #expect(LanguageChoice.language(hint: .questionDefault, questionDefault: nil, code: ["x = 1"]) == nil)
    }

    @Test func aShebangOrPhpOpeningIsACheapSafeGuess() {
        let cases: [([String], String?)] = [
            (["#!/bin/bash", "echo hi"], "shell"), (["#!/usr/bin/env python3", "print(1)"], "python"),
            (["#!/usr/bin/env -S python3 -u"], "python"), (["#!/usr/bin/ruby"], "ruby"), (["<?php echo 1;"], "php"),
            (["  #!/bin/sh"], "shell"), (["#!/usr/bin/perl"], nil), (["#include <stdio.h>"], nil), (["echo hi"], nil),
        ]
        for (code, expected) in cases {
            #expect(LanguageChoice.language(hint: .questionDefault, questionDefault: nil, code: code)?.name == expected, "\(code)")
        }
        // The tags' default comes before a guess.
        let go = LanguageChoice.questionDefault(tags: ["go"])
        #expect(LanguageChoice.language(hint: .questionDefault, questionDefault: go, code: ["#!/bin/bash"])?.name == "go")
    }

    @Test func aliasesAreCaseInsensitiveAndAcceptTheLangPrefix() {
        #expect(Language(alias: "lang-PY")?.name == "python")
        #expect(Language(alias: "JavaScript")?.name == "javascript")
        #expect(Language(alias: "nonsense") == nil)
    }
}

/// Chooses a code block's language the way the Stack Exchange sites do, in their order.
///
/// 1. The block's own hint, the `lang-…` class on its `<pre>`: `lang-py` is Python, `lang-none` plain text;
///    `lang-default` (or `default`, or no hint) defers to the next rule. A hint naming no language we know
///    leaves the block plain: its author said what it is, and it is not something we can colour.
/// 2. The question's tags: when they name exactly one language (`python` and `python-3.x` both name
///    Python, which counts once), that language is the default for blocks without a hint.
/// 3. Otherwise only cheap, safe guesses: a shebang line (`#!/bin/bash`, `#!/usr/bin/env python3`) or `<?php`
///    at the start. Anything else stays plain.
public enum LanguageChoice {
    /// What a block's `<pre class="…">` says about its language.
    public enum Hint: Hashable, Sendable {
        /// No `lang-…` class, or `lang-default`: the question's default applies.
        case questionDefault
        /// `lang-none`: plain text.
        case none
        /// `lang-…` with this alias (`py`, `js`), as written.
        case alias(String)

        /// The hint in a `class` attribute's value (`"lang-py prettyprint-override"`).
        public init(classAttribute: String?) {
            self = .questionDefault
            guard let classAttribute else { return }
            for name in classAttribute.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
                let lowered = name.lowercased()
                guard lowered.hasPrefix("lang-") else { continue }
                let alias = String(lowered.dropFirst(5))
                switch alias {
                case "default", "": self = .questionDefault
                case "none", "text", "plaintext", "txt": self = .none
                default: self = .alias(alias)
                }
                return
            }
        }
    }

    /// The language the question's `tags` give blocks with no hint: nil unless exactly one language is named.
    public static func questionDefault(tags: [String]) -> Language? {
        var named: Set<String> = []
        for tag in tags {
            if let name = LanguageCatalog.byTag[tag.lowercased()] { named.insert(name) }
        }
        guard named.count == 1, let name = named.first else { return nil }
        return Language(name)
    }

    /// The language of a block with `hint` and `code`, in a question whose default is `questionDefault`; nil: plain.
    public static func language(hint: Hint, questionDefault: Language?, code: [String]) -> Language? {
        switch hint {
        case .none: return nil
        case .alias(let alias): return Language(alias: alias)
        case .questionDefault: return questionDefault ?? guess(code)
        }
    }

    /// The language a block's first line declares: a shebang naming a known interpreter, or `<?php`.
    public static func guess(_ code: [String]) -> Language? {
        guard let first = code.first(where: { !$0.allSatisfy { $0 == " " } }) else { return nil }
        let line = first.drop { $0 == " " }
        if line.hasPrefix("<?php") { return Language("php") }
        guard line.hasPrefix("#!") else { return nil }
        // `#!/usr/bin/env python3 -u` names python3; `#!/bin/bash` names bash.
        let words = line.dropFirst(2).split(separator: " ")
        guard var program = words.first.map({ String($0.split(separator: "/").last ?? $0) }) else { return nil }
        if program == "env", words.count > 1 {
            program = String(words[1...].first { !$0.hasPrefix("-") } ?? "")
        }
        while let last = program.last, last.isNumber || last == "." { program.removeLast() }
        return shebangPrograms[program].map(Language.init)
    }

    static let shebangPrograms: [String: String] = [
        "sh": "shell", "bash": "shell", "zsh": "shell", "ksh": "shell", "dash": "shell", "python": "python",
        "ruby": "ruby", "node": "javascript", "php": "php", "deno": "typescript", "swift": "swift",
    ]
}

#!/usr/bin/env python3
"""Generates the replica's bundled data set, deterministically (fixed seed).

Writes Sources/StackExchangeReplica/Data/{questions,answers,comments}.json in the API's wire
format (titles HTML-escaped as the real API sends them, bodies as HTML), folds in the
real questions and answers of the captured fixtures, and copies the captures' README and
licences beside the data: their content is CC BY-SA and needs attribution.

Two sites get data sets of their own, under Data/sites/{superuser,unix}/, so that switching
sites shows different questions; every other site serves the main set. Comments are generated
for the generated posts only (never attributed to the captured real posts), from their own
random stream, so the questions and answers stay the same whether or not comments change.

Run: scripts/generate-replica-data.py   (no arguments; output is byte-identical each run)
"""
import html
import json
import random
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CAPTURES = ROOT / "Tests" / "Fixtures" / "stackexchange-captures"
OUT = ROOT / "Sources" / "StackExchangeReplica" / "Data"
SEED = 20261123
EPOCH = 1_763_856_000  # the newest generated question; the replica shifts dates to "now" at startup
QUESTION_COUNT = 1_200

TAGS = ["swift", "python", "linux", "ncurses", "git", "rust", "javascript", "sql", "bash", "c"]
TAG_WEIGHTS = [18, 20, 14, 4, 10, 10, 14, 8, 6, 6]

SUBJECTS = {
    "swift": ["an async let", "a Codable enum", "OperationQueue", "a Sendable closure", "URLSession on Linux", "a @MainActor class", "String.Index"],
    "python": ["a list comprehension", "asyncio.gather", "a dataclass", "pathlib", "a generator", "the GIL", "f-strings"],
    "linux": ["systemd timers", "a SIGWINCH handler", "cgroups", "epoll", "/proc/self/fd", "ioctl(TIOCGWINSZ)", "a tty in raw mode"],
    "ncurses": ["get_wch", "a pad", "resizeterm", "wide characters", "set_escdelay", "color pairs", "newterm"],
    "git": ["an interactive rebase", "a detached HEAD", "git worktree", "a merge conflict", "reflog", "a shallow clone"],
    "rust": ["a borrowed iterator", "Arc<Mutex<T>>", "a trait object", "tokio::select!", "a lifetime parameter", "serde"],
    "javascript": ["a Promise chain", "fetch with AbortController", "a closure in a loop", "async iterators", "the event loop"],
    "sql": ["a LEFT JOIN", "a window function", "a recursive CTE", "an index on two columns", "NULL in NOT IN"],
    "bash": ["set -euo pipefail", "a trap on EXIT", "word splitting", "process substitution", "read -r"],
    "c": ["an array of structs", "strtol", "a flexible array member", "volatile", "a signal handler"],
}
TEMPLATES = [
    "How do I use {s} without blocking the main thread?",
    "Why does {s} return \"nothing\" when the input is empty?",
    "{s}: what's the difference between A & B?",
    "Is it safe to call {s} from a signal handler?",
    "Why is {s} so slow on large inputs (100k rows)?",
    "Can't get {s} to work with <generics> — what am I missing?",
    "What's the idiomatic way to cancel {s}?",
    "{s} fails with 'permission denied' only in CI",
    "How to test {s} without the network?",
    "Best way to paginate results from {s}?",
]
SPECIAL_TITLES = [
    "日本語のタイトル: {s} で文字化けするのはなぜですか？",
    "如何在终端中正确显示 {s} 的宽字符？",
    "🚀 Making {s} fast: is there a zero-copy way? 🎉",
    "Emoji in output breaks alignment 👍🏽 when using {s} ✨",
    "A very long title about {s} that keeps going because the person asking wanted to describe every detail of their setup, their operating system, their compiler version and the exact error message they saw",
    "Why does {s} print &amp; instead of & (and &lt;b&gt; instead of <b>)?",
]
FIRST = ["alice", "bob", "carol", "dmitri", "eve", "fatima", "gao", "hiro", "ingrid", "jamal", "kofi", "lena", "mateo", "nadia", "oskar", "priya", "quinn", "rosa", "sven", "tariq", "王小明", "Zoë", "José", "Ørjan"]


# The sites with a data set of their own: tags, subjects, question ids and the link's host.
OTHER_SITES = {
    "superuser": {
        "seed": SEED + 1, "count": 150, "first_id": 69_000_000, "host": "https://superuser.com",
        "tags": ["windows", "macos", "networking", "keyboard-shortcuts", "ssh"], "weights": [8, 6, 6, 3, 4],
        "subjects": {
            "windows": ["the Windows Terminal", "a PowerShell profile", "WSL 2", "a scheduled task", "the registry"],
            "macos": ["Homebrew", "the Dock", "Spotlight indexing", "a launchd agent", "Terminal.app"],
            "networking": ["a static IP", "DNS over HTTPS", "a VPN split tunnel", "IPv6 on the router", "Wi-Fi roaming"],
            "keyboard-shortcuts": ["a compose key", "AutoHotkey", "a remapped Caps Lock", "tmux prefix keys"],
            "ssh": ["an ssh-agent", "a jump host", "ssh config Include", "X11 forwarding", "a known_hosts entry"],
        },
    },
    "unix": {
        "seed": SEED + 2, "count": 150, "first_id": 59_000_000, "host": "https://unix.stackexchange.com",
        "tags": ["shell", "systemd", "zsh", "terminal", "awk"], "weights": [8, 6, 4, 6, 4],
        "subjects": {
            "shell": ["a here-document", "IFS", "a subshell", "find -exec", "xargs -0"],
            "systemd": ["a user unit", "journalctl --since", "a socket-activated service", "systemd-resolved"],
            "zsh": ["a zle widget", "zsh completion", "setopt extendedglob", "a prompt theme"],
            "terminal": ["the terminfo entry", "stty raw", "a 256-colour palette", "tput cup", "SIGWINCH in a pipeline"],
            "awk": ["awk -F", "an awk associative array", "gawk's FPAT", "printf in awk"],
        },
    },
}

COMMENT_SEED = SEED + 100
COMMENT_TEXTS = [
    "Did you try running it under <code>strace -f</code>? It shows where it hangs.",
    "Which version are you on? This changed in the last release.",
    "Please add the exact error message to the question, not a screenshot.",
    "This is a duplicate of an older question, see <a href=\"https://example.com/q/1\" rel=\"nofollow noreferrer\">this one</a>.",
    "Works for me &ndash; are you sure the <code>PATH</code> is the same in CI?",
    "+1, this saved me an afternoon.",
    "Careful: this breaks when the file name contains spaces.",
    "Could you show a minimal example? The snippet does not compile on its own.",
    "Thanks, that was it! I had the arguments in the wrong order.",
    "<b>Note</b>: the documentation is wrong about the default here.",
    "Is there a way to do this without root?",
    "The second approach is much faster on large inputs &gt; 1 GB.",
]


def owner(rng):
    if rng.random() < 0.05:
        return {"display_name": rng.choice(FIRST) + str(rng.randint(1, 999)), "user_type": "does_not_exist"}
    user_id = rng.randint(1_000, 9_999_999)
    name = rng.choice(FIRST) + ("" if rng.random() < 0.5 else str(rng.randint(1, 99)))
    return {
        "account_id": user_id + 17, "reputation": int(rng.paretovariate(1.2) * 10), "user_id": user_id,
        "user_type": "registered", "display_name": html.escape(name, quote=True).replace("&#x27;", "&#39;"),
        "link": f"https://stackoverflow.com/users/{user_id}/{name.lower()}",
    }


# The snippet a question shows, in the language of its first tag (no random numbers: the rest of the data stays
# as it was). A question with one language tag gets its blocks coloured in that language (the sites' rule), so
# scripts/demo shows highlighting; tags that name no language keep the original Swift-like snippet.
SNIPPETS = {
    "python": "# attempt {i}\nresult = run(\"{t}\", retries=3)\nprint(result)  # prints nothing\n",
    "rust": "// attempt {i}\nlet result: Option<u32> = run(\"{t}\");\nprintln!(\"{{:?}}\", result); // prints nothing\n",
    "javascript": "// attempt {i}\nconst result = await run(`{t}`, {{ retries: 3 }});\nconsole.log(result); // prints nothing\n",
    "sql": "-- attempt {i}\nSELECT id, name FROM runs WHERE tag = '{t}' AND retries > 3;\n",
    "bash": "# attempt {i}\nresult=$(run \"{t}\" --retries 3)\necho \"$result\"  # prints nothing\n",
    "c": "/* attempt {i} */\nint result = run(\"{t}\", 3);\nprintf(\"%d\\n\", result); // prints nothing\n",
}
SWIFT_SNIPPET = "// attempt {i}\nlet result = try run(\"{t}\")\nprint(result)  // prints nothing\n"


def body(rng, subject, tag, index):
    parts = [f"<p>I am trying to use <code>{html.escape(subject)}</code> in a small {tag} project, and it does not behave the way I expect.</p>"]
    if rng.random() < 0.7:
        code = SNIPPETS.get(tag, SWIFT_SNIPPET).format(i=index, t=tag)
        parts.append(f"<pre><code>{html.escape(code)}</code></pre>")
    if rng.random() < 0.4:
        parts.append("<p>What I tried:</p><ul><li>reading the <a href=\"https://example.com/docs/" + tag + "\">documentation</a></li><li>searching for <em>similar</em> questions<ul><li>none matched</li></ul></li><li>a <strong>clean</strong> build</li></ul>")
    if rng.random() < 0.25:
        parts.append("<blockquote><p>error: operation could not be completed (code 2)</p></blockquote>")
    if rng.random() < 0.2:
        parts.append("<ol><li>Build it</li><li>Run it with <code>--verbose</code></li><li>Watch it hang</li></ol>")
    parts.append("<p>Any idea what is going on? Thanks &amp; regards.</p>")
    return "\n\n".join(parts) + "\n"


def answer_body(rng, subject):
    parts = [f"<p>The short answer: <code>{html.escape(subject)}</code> needs to be set up before you call it.</p>"]
    if rng.random() < 0.6:
        parts.append("<pre><code>" + html.escape("setUp()\nlet value = try call()   // now it works\n") + "</code></pre>")
    if rng.random() < 0.3:
        parts.append("<p>See <a href=\"https://example.com/reference\">the reference</a> for details.</p>")
    return "\n\n".join(parts) + "\n"


def generate(seed=SEED, count=QUESTION_COUNT, first_id=79_000_000, host="https://stackoverflow.com",
             tag_names=TAGS, weights=TAG_WEIGHTS, subjects=SUBJECTS):
    rng = random.Random(seed)
    questions, answers = [], []
    next_answer_id = first_id + 1_000_000
    for index in range(count):
        question_id = first_id + index * 7 + rng.randint(0, 6)
        primary = rng.choices(tag_names, weights)[0]
        tags = [primary] + [t for t in rng.sample(tag_names, 2) if t != primary][: rng.randint(0, 2)]
        subject = rng.choice(subjects[primary])
        template = rng.choice(SPECIAL_TITLES) if rng.random() < 0.08 else rng.choice(TEMPLATES)
        title = template.format(s=subject)
        created = EPOCH - index * rng.randint(60, 900)
        answer_count = rng.choice([0, 0, 1, 1, 2, 3, 4, 5])
        score = int(rng.gauss(3, 8))
        answer_items = []
        for _ in range(answer_count):
            next_answer_id += rng.randint(1, 40)
            # Answers arrive within a day, but never after EPOCH: the replica shifts EPOCH to five minutes ago,
            # and a later date would land in the future (the replica clamps those to "now", a lump of "0s ago").
            delay = rng.randint(60, 86_400)
            answer_created = created + delay * min(EPOCH - created, 86_400) // 86_400
            answer_items.append({
                "owner": owner(rng), "is_accepted": False, "score": int(rng.gauss(2, 6)),
                "last_activity_date": answer_created, "creation_date": answer_created,
                "answer_id": next_answer_id, "question_id": question_id, "content_license": "CC BY-SA 4.0",
                "body": answer_body(rng, subject),
            })
        question = {
            "tags": tags, "owner": owner(rng), "is_answered": False, "view_count": int(rng.paretovariate(1.1) * 20),
            "answer_count": answer_count, "score": score,
            "last_activity_date": max([created] + [a["creation_date"] for a in answer_items]),
            "creation_date": created, "question_id": question_id, "content_license": "CC BY-SA 4.0",
            "link": f"{host}/questions/{question_id}",
            "title": html.escape(title, quote=True).replace("&#x27;", "&#39;"),
            "body": body(rng, subject, primary, index),
        }
        if answer_items and rng.random() < 0.5:
            accepted = rng.choice(answer_items)
            accepted["is_accepted"] = True
            question["accepted_answer_id"] = accepted["answer_id"]
        question["is_answered"] = any(a["score"] > 0 or a["is_accepted"] for a in answer_items)
        questions.append(question)
        answers += answer_items
    return questions, answers


# One question per kind of cluster that terminals count differently, tagged `unicode-width` (no other question
# has that tag), so an end-to-end test can list exactly these rows and check that the columns after each title
# line up with the ASCII-only one. Fixed values, no random numbers: adding them leaves the rest of the data as it was.
UNICODE_WIDTH_TITLES = [
    "Plain ASCII title for the column check",
    "Skin tone 👍🏽 modifier in a title",
    "ZWJ sequence 👩‍💻 in a title",
    "Variation selector ☀️ in a title",
    "Flag 🇯🇵 in a title",
    "Combining mark e\u0301 (é) in a title",
]


def add_unicode_width_questions(questions):
    for index, title in enumerate(UNICODE_WIDTH_TITLES):
        question_id = 78_000_000 + index
        created = EPOCH - 400 * 86_400 - index * 3_600
        questions.append({
            "tags": ["unicode-width"], "owner": {"display_name": "unicode", "user_type": "does_not_exist"},
            "is_answered": False, "view_count": 100 + index, "answer_count": 0, "score": index,
            "last_activity_date": created, "creation_date": created, "question_id": question_id,
            "content_license": "CC BY-SA 4.0", "link": f"https://stackoverflow.com/questions/{question_id}",
            "title": html.escape(title, quote=True), "body": "<p>A question whose title tests column alignment.</p>\n",
        })


# Code blocks the way the sites mark them, tagged `syntax-highlighting` (no other question has that tag), so
# that scripts/demo and the end-to-end tests find them with `--tag syntax-highlighting`: a `lang-py` block and
# a `lang-none` one, a block whose language comes from the question's one language tag, a shebang, a question
# with two language tags (its unmarked block stays plain), and a tour of hinted languages. Fixed values.
HIGHLIGHT_QUESTIONS = [
    (["python", "syntax-highlighting"], "Highlighting: a hinted Python block and its plain output",
     '<p>This prints the wrong greeting:</p>\n<pre class="lang-py prettyprint-override"><code>'
     + html.escape('def greet(name):\n    return "hello " + name  # say hi\n\nprint(greet("world"), 42)\n')
     + '</code></pre>\n<p>Output:</p>\n<pre class="lang-none prettyprint-override"><code>'
     + html.escape('def is not a keyword here "and this is no string"\n') + '</code></pre>\n'),
    (["javascript", "syntax-highlighting"], "Highlighting: a block whose language comes from the tag",
     '<p>No hint on the block; the question has one language tag.</p>\n<pre><code>'
     + html.escape('const total = items.reduce((sum, x) => sum + x, 0);\nconsole.log(`total: ${total}`); // done\n')
     + '</code></pre>\n'),
    (["python", "bash", "syntax-highlighting"], "Highlighting: two language tags and a shebang",
     '<p>Two language tags give no default, so this block stays plain:</p>\n<pre><code>'
     + html.escape('for x in range(3): print(x)\n') + '</code></pre>\n<p>but a shebang names its language:</p>\n<pre><code>'
     + html.escape('#!/bin/bash\nfor f in *.txt; do\n  echo "file: $f"  # list\ndone\n') + '</code></pre>\n'),
    (["syntax-highlighting"], "Highlighting: a tour of hinted languages",
     '<p>Each block names its language.</p>\n'
     + ''.join(f'<pre class="lang-{lang} prettyprint-override"><code>{html.escape(code)}</code></pre>\n' for lang, code in [
         ("rust", '#[derive(Debug)]\nfn main() {\n    let v: Vec<u32> = vec![1, 2]; /* outer /* nested */ */\n    println!("{:?}", v);\n}\n'),
         ("sql", "SELECT name, COUNT(*) FROM users WHERE active = 1 -- live ones\nGROUP BY name;\n"),
         ("swift", '@MainActor\nfunc greet(_ name: String) -> String {\n    "hello \\(name)" // interpolated\n}\n'),
         ("cs", 'public static int Count(string s) => s.Length; // C#\n'),
         ("html", '<a href="/docs" class="link">Docs &amp; more</a> <!-- a link -->\n'),
         ("yaml", "name: demo  # a key\nretries: 3\nenabled: true\n"),
         ("json", '{"name": "demo", "retries": 3, "enabled": true}\n'),
     ])),
]


def add_highlight_questions(questions, answers):
    for index, (tags, title, body_html) in enumerate(HIGHLIGHT_QUESTIONS):
        question_id = 77_000_000 + index
        created = EPOCH - 200 * 86_400 - index * 3_600
        answer_count = 1 if index == 0 else 0
        questions.append({
            "tags": tags, "owner": {"display_name": "highlight", "user_type": "does_not_exist"},
            "is_answered": answer_count > 0, "view_count": 50 + index, "answer_count": answer_count, "score": 5 - index,
            "last_activity_date": created + 600 * answer_count, "creation_date": created, "question_id": question_id,
            "content_license": "CC BY-SA 4.0", "link": f"https://stackoverflow.com/questions/{question_id}",
            "title": html.escape(title, quote=True), "body": body_html,
        })
        if answer_count:
            answers.append({
                "owner": {"display_name": "answerer", "user_type": "does_not_exist"}, "is_accepted": False, "score": 3,
                "last_activity_date": created + 600, "creation_date": created + 600, "answer_id": 77_100_000 + index,
                "question_id": question_id, "content_license": "CC BY-SA 4.0",
                "body": "<p>Use an f-string; this block has no hint, so the question's tag makes it Python:</p>\n<pre><code>"
                + html.escape('def greet(name):\n    return f"hello {name}"\n') + "</code></pre>\n",
            })


def fold_in_captures(questions, answers):
    """Adds the captured real questions, with exactly the captured answers that belong to them."""
    captured = json.loads((CAPTURES / "goso_questions_by_ids_withbody.v2.3.json").read_text())["items"]
    captured_answers = json.loads((CAPTURES / "goso_question_answers_withbody.v2.3.json").read_text())["items"]
    for question in captured:
        mine = [a for a in captured_answers if a["question_id"] == question["question_id"]]
        question = dict(question)
        question["answer_count"] = len(mine)
        if not any(a.get("is_accepted") for a in mine):
            question.pop("accepted_answer_id", None)
        questions.append(question)
        answers += mine


def comments_for(questions, answers, rng, next_id):
    """0-3 comments on about half the posts (always some on the 20 newest questions), oldest first."""
    comments = []
    newest = {q["question_id"] for q in questions[:20]}
    posts = [(q["question_id"], q["creation_date"]) for q in questions] + [(a["answer_id"], a["creation_date"]) for a in answers]
    for post_id, created in posts:
        count = rng.choice([0, 0, 0, 1, 1, 2, 3])
        if post_id in newest:
            count = max(count, 2)
        date = created
        for _ in range(count):
            next_id += rng.randint(1, 30)
            date = min(EPOCH, date + rng.randint(30, 7_200))
            comments.append({
                "owner": owner(rng), "edited": rng.random() < 0.1, "score": max(0, int(rng.gauss(1, 3))),
                "creation_date": date, "post_id": post_id, "comment_id": next_id,
                "content_license": "CC BY-SA 4.0", "body": rng.choice(COMMENT_TEXTS),
            })
    return comments, next_id


def write(directory, files):
    directory.mkdir(parents=True, exist_ok=True)
    for name, items in files:
        (directory / name).write_text(json.dumps(items, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")


def main():
    questions, answers = generate()
    comment_rng = random.Random(COMMENT_SEED)
    comments, next_comment_id = comments_for(questions, answers, comment_rng, 90_000_000)
    fold_in_captures(questions, answers)
    add_unicode_width_questions(questions)
    add_highlight_questions(questions, answers)
    write(OUT, (("questions.json", questions), ("answers.json", answers), ("comments.json", comments)))
    for site, config in OTHER_SITES.items():
        site_questions, site_answers = generate(
            config["seed"], config["count"], config["first_id"], config["host"], config["tags"], config["weights"],
            config["subjects"])
        site_comments, next_comment_id = comments_for(site_questions, site_answers, comment_rng, next_comment_id)
        write(OUT / "sites" / site,
              (("questions.json", site_questions), ("answers.json", site_answers), ("comments.json", site_comments)))
        print(f"{site}: {len(site_questions)} questions, {len(site_answers)} answers, {len(site_comments)} comments")
    for licence in sorted(CAPTURES.glob("LICENSE*.txt")) + [CAPTURES / "README.txt"]:
        shutil.copyfile(licence, OUT / licence.name)
    tags = {}
    for q in questions:
        for t in q["tags"]:
            tags[t] = tags.get(t, 0) + 1
    print(f"{len(questions)} questions, {len(answers)} answers, {len(comments)} comments; tags: {dict(sorted(tags.items()))}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Writes the bundled stackterm-replica data set into Sources/StackExchangeReplica/Data/.

Deterministic: a fixed seed and a fixed clock, so running it twice gives identical files.
The real questions and answers from Tests/Fixtures/stackexchange-captures (CC BY-SA) are
folded in unchanged except that answer_count and accepted_answer_id are made to agree with
the answers we actually have. The server shifts every date at startup so the newest
question is about five minutes old; the dates written here are relative to NEWEST.
"""
import json
import os
import random
import shutil

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CAPTURES = os.path.join(ROOT, "Tests", "Fixtures", "stackexchange-captures")
OUT = os.path.join(ROOT, "Sources", "StackExchangeReplica", "Data")
NEWEST = 1_763_000_000
SEED = 20261123
QUESTION_COUNT = 1200

rng = random.Random(SEED)

TAGS = {
    "swift": ["Array", "Optional", "async/await", "Codable", "actor", "protocol", "closure", "String.Index", "SwiftPM", "Sendable"],
    "python": ["list comprehension", "dict", "asyncio", "pip", "virtualenv", "decorator", "generator", "pandas DataFrame", "f-string", "pathlib"],
    "linux": ["systemd", "cron", "permissions", "ssh", "iptables", "symlink", "fstab", "journalctl", "chmod", "grep"],
    "ncurses": ["wgetch", "newwin", "color pairs", "resize", "mvprintw", "wide characters", "panels", "KEY_RESIZE", "refresh", "attron"],
    "git": ["rebase", "merge conflict", "submodule", "stash", "cherry-pick", "reflog", "detached HEAD", "force push", ".gitignore", "bisect"],
    "rust": ["borrow checker", "lifetime", "trait object", "Box<dyn Error>", "cargo", "async", "Arc<Mutex>", "iterator", "macro_rules!", "serde"],
    "javascript": ["Promise", "fetch", "closure", "this binding", "event loop", "array map", "JSON.parse", "setTimeout", "async function", "prototype"],
    "sql": ["JOIN", "GROUP BY", "index", "NULL", "subquery", "window function", "transaction", "foreign key", "UPSERT", "CTE"],
    "bash": ["for loop", "quoting", "here document", "exit code", "array", "parameter expansion", "pipe", "trap", "getopts", "xargs"],
    "c": ["pointer", "malloc", "segfault", "struct", "char array", "header file", "undefined behaviour", "printf", "function pointer", "linked list"],
}
# ncurses is kept rare (a test pages through it to the end within 25 pages of 20).
WEIGHTS = {"swift": 14, "python": 16, "linux": 12, "ncurses": 5, "git": 11, "rust": 11, "javascript": 14, "sql": 10, "bash": 9, "c": 8}

TEMPLATES = [
    "How do I use {t} in {lang}?",
    "Why does {t} behave differently in {lang}?",
    "{lang}: {t} returns unexpected result",
    "What is the idiomatic way to handle {t}?",
    "Error when combining {t} with {u}",
    "Is there a faster alternative to {t} for large inputs?",
    "\"{t}\" fails with \"permission denied\" & exits",
    "Can't get {t} to work after upgrading",
    "Difference between {t} and {u}",
    "{t} inside a loop only runs once",
]
SPECIAL_TITLES = [
    "日本語のタイトル: {t} の使い方 ({lang})",
    "🚀 Speeding up {t} in {lang} by 10x?",
    "Comparing {t} & {u}: which is better when a < b?",
    "{t}で文字化けする — 中文 한국어 mixed text",
    "Why doesn't {t} work with 'single quotes' and \"double quotes\"?",
    "A very long title about {t} that keeps going because the asker wanted to describe every single detail of the problem including {u} and the exact versions involved",
]
NAMES = ["Ada L.", "brian", "Chen Wei", "dev_null", "Émilie", "Farhan", "grace h", "Hiro Tanaka", "Ivan Petrov",
         "jdoe", "Kai", "Lina", "mkdir", "Nadia", "O'Brien", "Priya", "Quentin", "rustacean42", "Sven", "Tomás",
         "user1234567", "Vera", "Wojtek", "xX_coder_Xx", "Yuki", "Zoë", "山田太郎", "🐍 pythonista"]


def esc(text):
    """HTML-escapes like the real API does for titles and display names."""
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#39;"))


def owner(user_index):
    if user_index % 23 == 0:
        return {"display_name": esc(NAMES[user_index % len(NAMES)]), "user_type": "does_not_exist"}
    user_id = 10_000 + user_index * 37
    name = NAMES[user_index % len(NAMES)]
    slug = "".join(c for c in name.lower().replace(" ", "-") if c.isascii() and (c.isalnum() or c == "-")) or "user"
    return {"user_id": user_id, "display_name": esc(name), "reputation": 1 + (user_index * 7919) % 250_000,
            "user_type": "registered", "link": f"https://stackoverflow.com/users/{user_id}/{slug}"}


def body(tag, topic, other, answer=False):
    parts = []
    if answer:
        parts.append(f"<p>You can do this with <code>{esc(topic)}</code>; the trick is to keep <strong>{esc(other)}</strong> out of the hot path.</p>")
    else:
        parts.append(f"<p>I am trying to use <code>{esc(topic)}</code> in a small {tag} project and it does <em>not</em> do what I expect.</p>")
    choice = rng.randrange(6)
    code = {
        "swift": "let values = [3, 1, 2].sorted()\nprint(values.first ?? 0)",
        "python": "values = sorted([3, 1, 2])\nprint(values[0] if values else None)",
        "linux": "$ sudo systemctl status demo.service\n● demo.service - Demo\n   Active: failed",
        "ncurses": "initscr();\nkeypad(stdscr, TRUE);\nint ch = wgetch(stdscr);\nendwin();",
        "git": "$ git rebase -i HEAD~3\nerror: could not apply 1a2b3c4... WIP",
        "rust": "let v: Vec<i32> = vec![3, 1, 2];\nlet first = v.iter().min();",
        "javascript": "const values = [3, 1, 2].sort((a, b) => a - b);\nconsole.log(values[0]);",
        "sql": "SELECT a.id, COUNT(*) FROM a\nJOIN b ON b.a_id = a.id\nGROUP BY a.id;",
        "bash": "for f in *.txt; do\n  echo \"$f\" && wc -l < \"$f\"\ndone",
        "c": "int *p = malloc(10 * sizeof *p);\nif (p == NULL) return 1;\nfree(p);",
    }[tag]
    parts.append(f"<pre><code>{esc(code)}\n</code></pre>")
    if choice in (0, 3):
        parts.append(f"<ul>\n<li>I tried {esc(other)}</li>\n<li>I read the <a href=\"https://example.com/docs/{tag}\">documentation</a></li>\n<li>Nothing changed</li>\n</ul>")
    if choice in (1, 4):
        parts.append("<ol>\n<li>Build it</li>\n<li>Run it with <code>--verbose</code></li>\n<li>Watch it fail</li>\n</ol>")
    if choice in (2, 5):
        parts.append(f"<blockquote>\n<p>The {esc(topic)} call is <em>undefined</em> when {esc(other)} is involved.</p>\n</blockquote>")
    parts.append(f"<p>See <a href=\"https://stackoverflow.com/questions/tagged/{tag}\">other {tag} questions</a> &mdash; what am I missing?</p>" if not answer
                 else "<p>Hope this helps &amp; good luck.</p>")
    return "\n\n".join(parts) + "\n"


def generate():
    tags = list(WEIGHTS)
    weights = [WEIGHTS[t] for t in tags]
    questions, answers = [], []
    next_answer_id = 90_000_000
    for i in range(QUESTION_COUNT):
        qid = 80_000_000 + i * 13
        primary = rng.choices(tags, weights)[0]
        extra = [t for t in rng.sample(tags, 2) if t != primary and t != "ncurses"][: rng.randrange(3)]
        qtags = [primary] + extra
        topic, other = rng.sample(TAGS[primary], 2)
        lang = primary.capitalize()
        if i % 17 == 0:
            raw = SPECIAL_TITLES[(i // 17) % len(SPECIAL_TITLES)]
        else:
            raw = rng.choice(TEMPLATES)
        title = raw.format(t=topic, u=other, lang=lang)
        # The first question is the newest thing in the data set; nothing is dated after it.
        created = NEWEST if i == 0 else NEWEST - i * 2_700 - rng.randrange(2_000)
        n_answers = rng.choices([0, 1, 2, 3, 4, 5], [12, 30, 25, 15, 10, 8])[0]
        accepted = None
        last_activity = created
        q_answers = []
        for k in range(n_answers):
            a_created = created + 600 * (k + 1) + rng.randrange(3_000)
            a_created = min(a_created, NEWEST)
            last_activity = max(last_activity, a_created)
            a_topic, a_other = rng.sample(TAGS[primary], 2)
            q_answers.append({
                "answer_id": next_answer_id, "question_id": qid, "score": rng.randrange(-2, 120),
                "is_accepted": False, "creation_date": a_created, "last_activity_date": a_created,
                "owner": owner(rng.randrange(1, 4000)), "content_license": "CC BY-SA 4.0",
                "body": body(primary, a_topic, a_other, answer=True),
            })
            next_answer_id += 7
        if q_answers and rng.random() < 0.45:
            chosen = rng.choice(q_answers)
            chosen["is_accepted"] = True
            accepted = chosen["answer_id"]
        score = rng.randrange(-3, 60) if i % 11 else rng.randrange(100, 2_500)
        q = {
            "question_id": qid, "title": esc(title),
            "link": f"https://stackoverflow.com/questions/{qid}/replica-question-{i}",
            "score": score, "answer_count": len(q_answers),
            "is_answered": accepted is not None or any(a["score"] > 0 for a in q_answers),
            "view_count": rng.randrange(5, 90_000), "creation_date": created,
            "last_activity_date": last_activity, "tags": qtags,
            "owner": owner(rng.randrange(1, 4000)), "content_license": "CC BY-SA 4.0",
            "body": body(primary, topic, other),
        }
        if accepted is not None:
            q["accepted_answer_id"] = accepted
        questions.append(q)
        answers.extend(q_answers)
    return questions, answers


def trim_owner(o):
    if o.get("user_type") == "does_not_exist":
        return {"display_name": o["display_name"], "user_type": "does_not_exist"}
    return {k: o[k] for k in ("user_id", "display_name", "reputation", "user_type", "link") if k in o}


def real_captures():
    with open(os.path.join(CAPTURES, "goso_questions_by_ids_withbody.v2.3.json")) as f:
        qs = json.load(f)["items"]
    with open(os.path.join(CAPTURES, "goso_question_answers_withbody.v2.3.json")) as f:
        ans = json.load(f)["items"]
    keep_q = ("question_id", "title", "link", "score", "answer_count", "is_answered", "view_count",
              "accepted_answer_id", "creation_date", "last_activity_date", "last_edit_date", "tags",
              "owner", "content_license", "body")
    keep_a = ("answer_id", "question_id", "score", "is_accepted", "creation_date", "last_activity_date",
              "last_edit_date", "owner", "content_license", "body")
    answers = [{k: a[k] for k in keep_a if k in a} for a in ans]
    for a in answers:
        a["owner"] = trim_owner(a["owner"])
    questions = []
    for q in qs:
        q = {k: q[k] for k in keep_q if k in q}
        q["owner"] = trim_owner(q["owner"])
        mine = [a for a in answers if a["question_id"] == q["question_id"]]
        q["answer_count"] = len(mine)
        if not any(a["answer_id"] == q.get("accepted_answer_id") for a in mine):
            q.pop("accepted_answer_id", None)
            for a in mine:
                a["is_accepted"] = False
        questions.append(q)
    # The captures are years old; move them into the recent window so they show up in the demo.
    latest = max(item.get(key, 0) for item in questions + answers for key in ("creation_date", "last_activity_date", "last_edit_date"))
    offset = NEWEST - 40_000 - latest
    for item in questions + answers:
        for key in ("creation_date", "last_activity_date", "last_edit_date"):
            if key in item:
                item[key] += offset
    return questions, answers


def main():
    questions, answers = generate()
    real_q, real_a = real_captures()
    questions = sorted(questions + real_q, key=lambda q: q["question_id"])
    answers = sorted(answers + real_a, key=lambda a: a["answer_id"])
    os.makedirs(OUT, exist_ok=True)
    for name, items in (("questions.json", questions), ("answers.json", answers)):
        with open(os.path.join(OUT, name), "w", encoding="utf-8") as f:
            json.dump(items, f, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
            f.write("\n")
    with open(os.path.join(CAPTURES, "stackapi_sites_trimmed.v2.x.json")) as f:
        sites = json.load(f)["items"]
    with open(os.path.join(OUT, "sites.json"), "w", encoding="utf-8") as f:
        json.dump(sites, f, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
        f.write("\n")
    for name in os.listdir(CAPTURES):
        if name == "README.txt" or (name.startswith("LICENSE") and name.endswith(".txt")):
            shutil.copyfile(os.path.join(CAPTURES, name), os.path.join(OUT, name))
    with open(os.path.join(OUT, "ATTRIBUTION.txt"), "w", encoding="utf-8") as f:
        f.write("questions.json and answers.json: generated by scripts/generate-replica-data.py (seed %d),\n"
                "plus the real Stack Overflow questions and answers of goso_questions_by_ids_withbody.v2.3.json and\n"
                "goso_question_answers_withbody.v2.3.json (user contributions licensed CC BY-SA; see README.txt and\n"
                "the LICENSE files here for where each capture came from). sites.json is stackapi_sites_trimmed.v2.x.json.\n" % SEED)
    tag_counts = {}
    for q in questions:
        for t in q["tags"]:
            tag_counts[t] = tag_counts.get(t, 0) + 1
    print(f"{len(questions)} questions, {len(answers)} answers; ncurses: {tag_counts.get('ncurses')}")


if __name__ == "__main__":
    main()

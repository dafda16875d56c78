"""Prints the functions of a stackterm binary that its launches run, in the order first seen: the release link's
--symbol-ordering-file (scripts/orderfile writes it to scripts/lib/startup-order.txt).

Usage: startup-order.py BINARY API_BASE WORK_DIR LINK_MAP

Each launch runs under valgrind's callgrind, which records every function executed (sampling would miss the many
that run once). The launches: --version, --help, --print, --json over three sites, a link, a browse that opens a
question, and a query, the last three on a pseudo-terminal. Only the binary's own symbols are kept (not libc's or
libcurl's), by their mangled names, as the linker knows them.

The order: the functions every launch runs first (the runtime's start, `main`, the parse), then those of fewer launches;
within each group, those a browse runs in the order they first ran there (each profile is dumped in parts as it goes),
then those a query, a link, `--version`, `--help`, `--print` and `--json` add, in their own order. The linker can only move whole input sections, and LINK_MAP (the release
link's `-Map`) says which function has a section of its own (or a small one). The toolchain's archives hold some that
do not: the standard library's `Swift.o` `.text`, `_StringProcessing`'s, CoreFoundation's C files. A name in one
of those drags its whole section to where it is listed, so those names come after all the others: listed among them,
a handful spread the launch's other functions over megabytes.
"""
import glob
import os
import pty
import re
import select
import signal
import subprocess
import sys
import time

binary, base, work, link_map = sys.argv[1:5]
# A profile dumped every 200,000 basic blocks: the parts say when each function first ran, not only that it did.
valgrind = ["valgrind", "--tool=callgrind", "--demangle=no", "--dump-every-bb=200000"]


def profile_path(name):
    return os.path.join(work, "callgrind.%s" % name)


def run_plain(name, arguments):
    subprocess.run(valgrind + ["--callgrind-out-file=" + profile_path(name), binary] + arguments,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, timeout=300)


def run_on_pty(name, arguments, steps):
    """Runs the binary on a 120x40 pty; `steps` are (text to wait for, bytes to type) pairs; ends with q q."""
    command = valgrind + ["--callgrind-out-file=" + profile_path(name), binary] + arguments
    environment = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", COLUMNS="120", LINES="40")
    pid, fd = pty.fork()
    if pid == 0:
        os.execvpe(command[0], command, environment)
    seen = b""

    def wait_for(text, seconds=120):
        nonlocal seen
        deadline = time.time() + seconds
        while text.encode() not in seen and time.time() < deadline:
            ready, _, _ = select.select([fd], [], [], 0.5)
            if ready:
                try:
                    seen += os.read(fd, 65536)
                except OSError:
                    return False
        return text.encode() in seen

    for text, typed in steps:
        if not wait_for(text):
            sys.stderr.write("startup-order: %s never showed %r\n" % (name, text))
            break
        seen = b""
        os.write(fd, typed)
    for _ in range(2):
        time.sleep(1)
        os.write(fd, b"q")
    deadline = time.time() + 60
    while time.time() < deadline:
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            try:
                os.read(fd, 65536)
            except OSError:
                pass
    else:
        os.kill(pid, signal.SIGTERM)
        os.waitpid(pid, 0)


def profile_parts(name):
    """The files of one launch's profile, in the order callgrind dumped them (`callgrind.NAME.1`, `.2`…)."""
    path = profile_path(name)
    parts = glob.glob(glob.escape(path) + ".*")
    numbered = sorted((int(part.rsplit(".", 1)[1]), part) for part in parts if part.rsplit(".", 1)[1].isdigit())
    return [part for _, part in numbered] + ([path] if os.path.exists(path) else [])


def executed(path, program, names, seen, objects, functions):
    """Appends to `names` the program's functions a callgrind profile (one part) saw, in the order first seen;
    `objects` and `functions` are the compressed names defined so far (kept across one launch's parts)."""
    current_object = called_object = None
    pattern = re.compile(r"^(ob|cob|fn|cfn)=\((\d+)\)(?: (.*))?$")
    with open(path, errors="replace") as profile:
        for line in profile:
            match = pattern.match(line.rstrip("\n"))
            if not match:
                continue
            kind, ident, name = match.groups()
            if kind in ("ob", "cob"):
                if name is not None:
                    objects[ident] = name
                if kind == "ob":
                    current_object = objects.get(ident)
                else:
                    called_object = objects.get(ident)
                continue
            if name is not None:
                functions[ident] = name
            owner = current_object if kind == "fn" else (called_object or current_object)
            if kind == "fn":
                called_object = None
            function = re.sub(r"'\d+$", "", functions.get(ident, ""))
            if owner == program and function and function not in seen and not function.startswith("0x") \
                    and function != "(below main)":
                seen.add(function)
                names.append(function)
    return names


site_arguments = ["--site", "stackoverflow", "--site", "unix", "--site", "superuser"]
# STARTUP_ORDER_REUSE=1 sorts the profiles already in WORK_DIR again (after a new link map) without running them.
if os.environ.get("STARTUP_ORDER_REUSE") != "1":
    run_plain("version", ["--version"])
    run_plain("help", ["--help"])
    run_plain("print", ["--api-base", base, "--print", "reflog"])
    run_plain("json", ["--api-base", base, "--json", "-n", "5"] + site_arguments + ["reflog"])
    run_on_pty("link", ["--api-base", base, "https://stackoverflow.com/questions/79000006"], [("line 1/", b"j")])
    run_on_pty("browse", ["--api-base", base], [("1/30", b"\r"), ("line 1/", b"j")])
    run_on_pty("query", ["--api-base", base, "reflog"], [("reflog", b"j")])


class LinkMap:
    """What the release link's `-Map` says about the functions and zero-filled data a launch touches.

    `placeable`: the functions the linker can place one by one, in an input section of their own (`.text.NAME`,
    `.text.unlikely.NAME`…, as -ffunction-sections and -function-sections make them) or in a small one (a C++ file's
    `.text.startup` with its static constructor, a small C file's `.text`). `object_of`: each function's input file.
    `zero_filled`: a name in each input file's `.bss` section(s), by input file: a Swift file keeps its types' metadata
    caches and its globals' once-tokens there, one section a file, which the launch's first touches fault in page by
    page (twice: read, then written)."""

    own_text = re.compile(r"^\.text\.(?:(?:unlikely|hot|startup|exit|split)\.)?(.+)$")
    line_pattern = re.compile(r"^\s*[0-9a-f]+\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+ (.*)$")
    input_pattern = re.compile(r"^(.*):\(([^()]*)\)$")

    def __init__(self, path):
        self.placeable, self.object_of, self.zero_filled = set(), {}, {}
        # A local name several files define (a merged helper, `__swift_memcpy1_1`) is placeable only when no copy is in
        # a large shared section: the linker places every copy where the name is listed.
        shared = set()
        output = source = section = None
        size = 0
        with open(path, errors="replace") as lines:
            for line in lines:
                match = self.line_pattern.match(line.rstrip("\n"))
                if not match:
                    continue
                text = match.group(2)
                indent = len(text) - len(text.lstrip())
                text = text.strip()
                if indent == 0:
                    output = text
                elif indent == 8:
                    parts = self.input_pattern.match(text)
                    source, section = (parts.group(1), parts.group(2)) if parts else (None, None)
                    size = int(match.group(1), 16)
                    if output == ".text" and section:
                        own = self.own_text.match(section)
                        if own:
                            self.placeable.add(own.group(1))
                            self.object_of.setdefault(own.group(1), source)
                    elif output == ".bss" and section and section.startswith(".bss."):
                        self.zero_filled.setdefault(source, []).append(section[len(".bss."):])
                        section = None
                elif indent == 16 and source:
                    if output == ".text":
                        self.object_of.setdefault(text, source)
                        if size <= 4096:
                            self.placeable.add(text)
                        elif not (section and self.own_text.match(section)):
                            shared.add(text)
                    elif output == ".bss" and section == ".bss" and self.is_raw(text):
                        # One name places the whole section.
                        self.zero_filled.setdefault(source, []).append(text)
                        section = None

        self.placeable -= shared

    @staticmethod
    def is_raw(name):
        """Whether `name` is a symbol as the linker knows it (the map shows C++ names demangled)."""
        return not any(character in name for character in " ()<>:,")


program = os.path.realpath(binary)
# Each function at the first launch that runs it, the launches people make most first (a browse, a query, a link), in
# the order it first ran there; sorted below by how many launches run it first, so the start every launch shares (the
# runtime, `main`, the parse) comes first, in the order a browse ran it.
first_seen, launches = {}, {}
for name in ["browse", "query", "link", "version", "help", "print", "json"]:
    parts = profile_parts(name)
    if not parts:
        sys.exit("startup-order: no profile of the %s launch" % name)
    names, seen, objects, functions = [], set(), {}, {}
    for part in parts:
        executed(part, program, names, seen, objects, functions)
    for function in names:
        first_seen.setdefault(function, len(first_seen))
        launches[function] = launches.get(function, 0) + 1
if len(first_seen) < 1000:
    sys.exit("startup-order: only %d functions seen; a launch did not run" % len(first_seen))
link_map = LinkMap(link_map)
if len(link_map.placeable) < 10000:
    sys.exit("startup-order: the link map names only %d functions the link can place; not the link's -Map?"
             % len(link_map.placeable))
order = sorted(first_seen, key=lambda function: (function not in link_map.placeable, -launches[function],
                                                 first_seen[function]))
placed = sum(1 for function in order if function in link_map.placeable)
# Then the zero-filled data of the files whose functions the launches run, in the same order, so that the pages the
# launch touches there are together too.
data, files = [], set()
for function in order:
    source = link_map.object_of.get(function)
    if source and source not in files:
        files.add(source)
        data += link_map.zero_filled.get(source, [])
sys.stderr.write("startup-order: %d functions, %d of them placeable one by one (listed first), then %d names of "
                 "zero-filled data\n" % (len(order), placed, len(data)))
sys.stdout.write("\n".join(order + data) + "\n")

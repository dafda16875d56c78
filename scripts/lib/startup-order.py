"""Prints the functions of a stackterm binary that its launches run, in the order first seen: the release link's
--symbol-ordering-file (scripts/orderfile writes it to scripts/lib/startup-order.txt).

Usage: startup-order.py BINARY API_BASE WORK_DIR

Each launch runs under valgrind's callgrind, which records every function executed (sampling would miss the many
that run once). The launches: --version, --help, --print, --json over three sites, a link, a browse that opens a
question, and a query, the last three on a pseudo-terminal. Only the binary's own symbols are kept (not libc's or
libcurl's), by their mangled names, as the linker knows them.
"""
import os
import pty
import re
import select
import signal
import subprocess
import sys
import time

binary, base, work = sys.argv[1:4]
valgrind = ["valgrind", "--tool=callgrind", "--demangle=no"]


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


def executed(path, program):
    """The program's functions a callgrind profile saw, in the order first seen."""
    names, seen = [], set()
    objects, functions = {}, {}
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
run_plain("version", ["--version"])
run_plain("help", ["--help"])
run_plain("print", ["--api-base", base, "--print", "reflog"])
run_plain("json", ["--api-base", base, "--json", "-n", "5"] + site_arguments + ["reflog"])
run_on_pty("link", ["--api-base", base, "https://stackoverflow.com/questions/79000006"], [("line 1/", b"j")])
run_on_pty("browse", ["--api-base", base], [("1/30", b"\r"), ("line 1/", b"j")])
run_on_pty("query", ["--api-base", base, "reflog"], [("reflog", b"j")])

program = os.path.realpath(binary)
order, kept = [], set()
for name in ["version", "help", "print", "json", "link", "browse", "query"]:
    path = profile_path(name)
    if not os.path.exists(path):
        sys.exit("startup-order: no profile of the %s launch" % name)
    for function in executed(path, program):
        if function not in kept:
            kept.add(function)
            order.append(function)
if len(order) < 1000:
    sys.exit("startup-order: only %d functions seen; a launch did not run" % len(order))
sys.stdout.write("\n".join(order) + "\n")

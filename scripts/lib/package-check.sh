#!/usr/bin/env bash
# package-check.sh DEB REPLICA: unpacks DEB (dpkg-deb -x) and runs the binary from there against a stackterm-replica
# (REPLICA, a path to the binary): --version, then --print of a known question, which must find it (status 0).
# Also checks that the manual page, the three completions, the README and the copyright are where they belong.
set -euo pipefail
deb="$1"
replica="$2"
root="$(mktemp -d)"
trap 'kill "${replica_pid:-}" 2>/dev/null || true; rm -rf "$root"' EXIT
dpkg-deb -x "$deb" "$root/unpacked"
for file in usr/bin/stackterm usr/share/man/man1/stackterm.1.gz usr/share/bash-completion/completions/stackterm \
    usr/share/zsh/site-functions/_stackterm usr/share/fish/vendor_completions.d/stackterm.fish \
    usr/share/doc/stackterm/README.md usr/share/doc/stackterm/docs/SHELL.md usr/share/doc/stackterm/copyright; do
    [ -s "$root/unpacked/$file" ] || { echo "package-check: $file missing from $deb" >&2; exit 1; }
done
# /usr/bin/stackterm links to a directory that holds the binary alone (Foundation lists it on every start).
[ "$(readlink "$root/unpacked/usr/bin/stackterm")" = "../lib/stackterm/stackterm" ] || {
    echo "package-check: usr/bin/stackterm is not a link to ../lib/stackterm/stackterm" >&2; exit 1; }
[ "$(ls -A "$root/unpacked/usr/lib/stackterm")" = "stackterm" ] || {
    echo "package-check: usr/lib/stackterm holds more than the binary: $(ls -A "$root/unpacked/usr/lib/stackterm")" >&2; exit 1; }
# Stripped (no symbol table, no DWARF), with a debug link; its symbols in the -dbgsym package beside the .deb.
binary="$root/unpacked/usr/lib/stackterm/stackterm"
sections="$(readelf -S -W "$binary")"
if grep -qE ' \.(symtab|debug_info) ' <<< "$sections"; then
    echo "package-check: the packaged binary is not stripped" >&2; exit 1
fi
grep -q ' \.gnu_debuglink ' <<< "$sections" || { echo "package-check: the packaged binary has no debug link" >&2; exit 1; }
dbgsym="$(dirname "$deb")/$(basename "$deb" | sed 's/^stackterm_/stackterm-dbgsym_/')"
[ -s "$dbgsym" ] || { echo "package-check: $dbgsym missing" >&2; exit 1; }
dpkg-deb -x "$dbgsym" "$root/dbgsym"
debug_file="$(find "$root/dbgsym/usr/lib/debug" -name '*.debug' | head -n 1)"
[ -n "$debug_file" ] || { echo "package-check: $dbgsym holds no debug file" >&2; exit 1; }
readelf -S -W "$debug_file" | grep -q ' \.symtab ' || { echo "package-check: $debug_file holds no symbols" >&2; exit 1; }
# The debug link's CRC (its last four bytes, little-endian) is the debug file's CRC-32, so gdb accepts the file.
objcopy --dump-section .gnu_debuglink="$root/debuglink" "$binary" "$root/binary-copy"
python3 -c 'import sys, zlib; link = open(sys.argv[1], "rb").read(); data = open(sys.argv[2], "rb").read()
sys.exit(0 if int.from_bytes(link[-4:], "little") == zlib.crc32(data) else 1)' "$root/debuglink" "$debug_file" || {
    echo "package-check: the debug link's CRC does not match $debug_file" >&2; exit 1; }
"$root/unpacked/usr/bin/stackterm" --version > /dev/null
"$replica" --port 0 > "$root/replica.out" 2>&1 &
replica_pid=$!
for _ in $(seq 100); do grep -q listening "$root/replica.out" && break; sleep 0.05; done
base="$(grep -o 'http://[^ ]*' "$root/replica.out")"
output="$(XDG_CACHE_HOME="$root/cache" XDG_DATA_HOME="$root/data" XDG_CONFIG_HOME="$root/config" \
    "$root/unpacked/usr/bin/stackterm" --api-base "$base" --print https://stackoverflow.com/q/79000006)"
[ "$(head -n 1 <<< "$output")" = "What's the idiomatic way to cancel reflog?" ] || {
    echo "package-check: the unpacked stackterm printed: $output" >&2; exit 1; }
echo "package-check: $deb unpacks and answers"

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
    usr/share/doc/stackterm/README.md usr/share/doc/stackterm/copyright; do
    [ -s "$root/unpacked/$file" ] || { echo "package-check: $file missing from $deb" >&2; exit 1; }
done
# /usr/bin/stackterm links to a directory that holds the binary alone (Foundation lists it on every start).
[ "$(readlink "$root/unpacked/usr/bin/stackterm")" = "../lib/stackterm/stackterm" ] || {
    echo "package-check: usr/bin/stackterm is not a link to ../lib/stackterm/stackterm" >&2; exit 1; }
[ "$(ls -A "$root/unpacked/usr/lib/stackterm")" = "stackterm" ] || {
    echo "package-check: usr/lib/stackterm holds more than the binary: $(ls -A "$root/unpacked/usr/lib/stackterm")" >&2; exit 1; }
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

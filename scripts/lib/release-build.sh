# The release build stackterm ships (scripts/install), also run by scripts/demo and measured by scripts/bench:
# - the Swift runtime and Foundation linked in statically: a third less start-up and peak memory than loading
#   them as shared libraries;
# - SQLite, ncurses (with its tinfo), zlib, libstdc++ and libgcc linked in statically too, from their archives: the
#   loader then maps and relocates 3 libraries (libc, libm and itself) instead of 9. `stackterm --version` as a whole
#   process: 4.8 ms with all 9, 3.8 ms without the first four, 2.9 ms without libstdc++ and libgcc as well (issue 17).
#   `-lsqlite3` and the others find the archives first, in the directory made below; tinfo is named because the
#   shared ncurses brought it in by itself. (GCC's runtime library exception allows linking libstdc++ in.)
# - position-independent, as Debian builds every program: the program's own code is placed at a random address (it
#   parses HTML from the network and links C libraries). `-no-pie` saved about 1 ms of start-up (40 k relative
#   relocations instead of 130 k) and 3.5 MB of `stackterm --help`'s peak; BENCHMARKS.md has both against curl;
# - linked by lld with packed relative relocations (`-z pack-relative-relocs`: DT_RELR, glibc 2.36), not by gold,
#   which cannot pack them: the loader's table of 99 k relocations shrinks from 2.3 MB to 19 KB, so a start reads and
#   applies less (BENCHMARKS.md, "Start-up with PIE, measured");
# - the functions a launch runs laid out together (`--symbol-ordering-file scripts/lib/startup-order.txt`, written by
#   scripts/orderfile from callgrind profiles of the launches): each page fault of the program's code then brings in
#   code the launch uses, not its neighbours in the 22 MB of text. lld, because bfd 2.40 orders no sections;
#   BENCHMARKS.md, "Start-up code laid out together";
# - no RUNPATH: `--disable-local-rpath` drops SwiftPM's `$ORIGIN`, so a libcurl.so.4 put beside a copy of the binary
#   is never loaded in place of the system's (the static build needs nothing from its own directory);
# - libcurl not linked: `-lcurl`, which Foundation's networking asks for, finds the empty stand-in in
#   scripts/lib/lazy-curl first; Sources/CLazyCurl loads libcurl.so.4 (or libcurl-gnutls.so.4) when the network is
#   first needed. EndToEndTests/ReleaseBinaryTests checks the result with readelf: PIE, NEEDED only libc and libm, no RUNPATH.
release_lib_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
release_static_dir="$(cd "$release_lib_dir/../.." && pwd)/.build/static-libs"
release_multiarch="$(gcc -print-multiarch 2>/dev/null || true)"
mkdir -p "$release_static_dir"
# Links, not copies: they resolve once ensure_deps has installed the packages (libsqlite3-dev, libncurses-dev, zlib1g-dev).
for release_lib in sqlite3 ncursesw tinfo z; do
    ln -sfn "/usr/lib/${release_multiarch:-x86_64-linux-gnu}/lib$release_lib.a" "$release_static_dir/lib$release_lib.a"
done
# libstdc++'s archive comes with the compiler the Swift toolchain needs (libstdc++-NN-dev); without it, the shared one.
release_stdcxx="$(gcc -print-file-name=libstdc++.a 2>/dev/null || true)"
if [ -f "$release_stdcxx" ]; then ln -sfn "$release_stdcxx" "$release_static_dir/libstdc++.a"; else rm -f "$release_static_dir/libstdc++.a"; fi
# - concrete generic types' metadata made by calling their accessors with the conformances the compiler already
#   knows (`-disable-concrete-type-metadata-mangled-name-accessors`), not by demangling their names at run time:
#   a demangled `[KeymapScreen: …]` has the runtime look `KeymapScreen: Hashable` up through all 7,000 conformance
#   records of the program, Foundation's included, the first time each such type is made. A launch ran 8.2 M
#   instructions on its main thread before `App.launch`, 4.2 M of them in those look-ups; 5.4 M with this
#   (callgrind; BENCHMARKS.md, "Before `main`"). It applies to every module built here, ArgumentParser's and GRDB's too;
# - none of the program's own symbols exported (`--no-export-dynamic`, after the `-export-dynamic` of the toolchain's
#   static-stdlib-args.lnk): the Swift runtime's start looks for its backtracer with `dladdr`, which walked all
#   17,000 entries of the dynamic symbol table at every launch (0.46 M instructions before `main`), and a library
#   loaded later (libcurl's thirty) could bind to the program's own symbols. Nothing looks them up by name (libcurl
#   and the image libraries are found with `dlsym` on their own handles); a crash's printed stack names no Swift
#   function (the packaged binary is stripped anyway: `stackterm-dbgsym` has the symbols);
# - each Swift function in a section of its own (`-function-sections`): Swift
#   otherwise emits a source file's functions as one `.text`, which the order file above can only move whole, so a
#   launch's functions came with their whole files' code around them. With it, the link places each function the
#   launch runs, and `--gc-sections` drops unused ones singly;
#   ReleaseBinaryTests checks the functions of our modules have sections of their own;
# - the compiler's module cache inside the checkout (.build/module-cache), not under $XDG_CACHE_HOME: a build run
#   with other XDG directories (scripts/demo --signed-in's, a test's) finds the modules built before instead of
#   building everything again (issue 26).
release_module_cache="$(cd "$release_lib_dir/../.." && pwd)/.build/module-cache"
# SwiftPM does not know the link reads the order file: a release binary older than the file is removed, so the next
# build links it again (after scripts/orderfile, a pull or a merge) instead of keeping the old layout.
release_binary="$(cd "$release_lib_dir/../.." && pwd)/.build/release/stackterm"
if [ -e "$release_binary" ] && [ "$release_lib_dir/startup-order.txt" -nt "$release_binary" ]; then rm -f "$release_binary"; fi
RELEASE_BUILD_FLAGS=(-c release --static-swift-stdlib --disable-local-rpath
    -Xswiftc -module-cache-path -Xswiftc "$release_module_cache"
    -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs
    -Xlinker "--symbol-ordering-file=$release_lib_dir/startup-order.txt" -Xlinker --no-warn-symbol-ordering
    -Xlinker -L -Xlinker "$release_static_dir" -Xlinker -ltinfo -Xswiftc -Xclang-linker -Xswiftc -static-libgcc
    -Xlinker -L -Xlinker "$release_lib_dir/lazy-curl"
    -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors -Xlinker --no-export-dynamic
    -Xswiftc -Xfrontend -Xswiftc -function-sections)

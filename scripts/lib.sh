# Shared by the scripts in this folder; sourced, not run.

# Weft's own builds run its internal checks in debug (Package.swift reads this); an
# app that depends on Weft never sets it, so its debug builds stay fast.
export WEFT_INTERNAL_CHECKS=1

# Runs a command and prints how long it took, so slow steps show in CI logs.
step() {
  local start=$SECONDS
  echo "==> $*"
  "$@"
  echo "<== $(( SECONDS - start ))s: $1 ${2:-}"
}

# Linker flags that give a sanitizer ("asan" or "tsan") its C++ runtime with jemalloc
# linked. swiftc links only the sanitizer's C runtime, so jemalloc's exported operator
# new/delete would pair with the sanitizer's free: ASan reports a bad-free, TSan fails
# a CHECK in its allocator (both in the Swift runtime's demangler). Linking the C++
# runtime whole gives both to the sanitizer (a known pitfall of swiftc's sanitizer link on Linux).
sanitizer_cxx_link_flags() {
  local rt
  rt="$(dirname "$(readlink -f "$(command -v swiftc)")")/../lib/clang"
  rt="$(ls -d "$rt"/*/lib/linux | head -1)"
  echo -Xlinker --whole-archive -Xlinker "$rt/libclang_rt.$1_cxx-x86_64.a" -Xlinker --no-whole-archive \
       -Xlinker "--dynamic-list=$rt/libclang_rt.$1_cxx-x86_64.a.syms"
}
asan_link_flags() { sanitizer_cxx_link_flags asan; }
tsan_link_flags() { sanitizer_cxx_link_flags tsan; }

# Runs a command with the linker's "Cannot export local symbol" warnings left out:
# --dynamic-list names the sanitizer runtime's symbols, and lld warns once for each
# one that is local, about 400 lines that say nothing about Weft. Keeps the status.
without_linker_noise() {
  "$@" 2>&1 | { grep -v 'Cannot export local symbol' || true; }
}

# The fuzzers, each named by its corpus folder under Tests/Corpus/ and built as <name>Fuzzer.
FUZZERS="ChangeSet ElementMap Diff Pipeline LayoutSpec Display"

# Builds the fuzzers named (all by default) with libFuzzer and ASan into .build-fuzz.
# SwiftPM's own --sanitize flags turn off its renamed entry point, and only the last
# -sanitize reaches the Swift frontend, so the comma-joined -Xswiftc flag instruments the
# Swift code too. One product at a time: each links libFuzzer's main; the modules they
# share are compiled once.
build_fuzzer() {
  local name
  for name in ${*:-$FUZZERS}; do
    swift build -c debug --product "${name}Fuzzer" --scratch-path .build-fuzz \
      --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING \
      $(asan_link_flags) 2>&1 | { grep -v 'Cannot export local symbol' || true; }
  done
}

# Replays every input of each fuzzer's corpus once: inputs that once found a bug stay
# in the corpus, so the bug stays fixed.
replay_corpora() {
  local name
  for name in $FUZZERS; do
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 \
      ".build-fuzz/debug/${name}Fuzzer" -runs=0 "Tests/Corpus/$name"
  done
}

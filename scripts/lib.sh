# Shared by the scripts in this folder; sourced, not run.

# Runs a command and prints how long it took, so slow steps show in CI logs.
step() {
  local start=$SECONDS
  echo "==> $*"
  "$@"
  echo "<== $(( SECONDS - start ))s: $1 ${2:-}"
}

# Linker flags for AddressSanitizer with jemalloc linked. swiftc links only ASan's C
# runtime, so jemalloc's exported operator new/delete would pair with ASan's free;
# linking ASan's C++ runtime whole gives both to ASan (reference/toolchain.md pitfall 7).
asan_link_flags() {
  local rt
  rt="$(dirname "$(readlink -f "$(command -v swiftc)")")/../lib/clang"
  rt="$(ls -d "$rt"/*/lib/linux | head -1)"
  echo -Xlinker --whole-archive -Xlinker "$rt/libclang_rt.asan_cxx-x86_64.a" -Xlinker --no-whole-archive \
       -Xlinker "--dynamic-list=$rt/libclang_rt.asan_cxx-x86_64.a.syms"
}

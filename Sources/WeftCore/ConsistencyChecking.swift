/// Whether Weft was built with its internal consistency checks
/// (`WEFT_INTERNAL_CHECKS`: on in debug builds made with `WEFT_INTERNAL_CHECKS=1` in the
/// environment, as Weft's own scripts do; never in an app's build).
///
/// The checks walk whole structures after public mutations and invalidate every
/// documented complexity, so benchmarks ask this instead of guessing from their own
/// build configuration, and refuse to publish figures while it is `true`. Every Weft
/// module is compiled with the same setting as WeftCore.
///
/// - Complexity: O(1).
public var _isConsistencyCheckingEnabled: Bool {
    #if WEFT_INTERNAL_CHECKS
    true
    #else
    false
    #endif
}

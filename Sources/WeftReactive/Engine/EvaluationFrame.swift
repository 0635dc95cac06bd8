/// One running evaluation, on the stack of the thread that holds the lock: the
/// node it evaluates (by address, unretained) and the flag its `deinit` sets if a
/// transform drops the node's last reference. Frames chain outwards, so a node
/// that dies during a nested evaluation finds its own.
struct EvaluationFrame {
    let node: UnsafeMutableRawPointer
    let isTargetGone: UnsafeMutablePointer<Bool>
    let outer: UnsafeMutablePointer<EvaluationFrame>?
}

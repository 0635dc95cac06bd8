import Testing
import WeftTestSupport
import WeftCore
import WeftMemory
import WeftReactive

/// One set through a chain allocates nothing once the graph is warm: the engine
/// reuses its frontier, the thread's delivery queue and the listener's value queue. Counted by jemalloc's
/// per-thread counter, so CI catches a regression.
// Runs in optimized builds (scripts/test runs `swift test -c release --filter AllocationTests`):
// unoptimized code boxes closure contexts that the optimizer keeps on the stack.
@Suite(.enabled(if: AllocationCounter.isCounting && isReleaseBuild, "needs jemalloc as malloc and a release build"))
struct PropagationAllocationTests {
    final class Owner: ListenerOwner {
        let listenerBag = ListenerBag()
    }
    final class Sink { var value = 0 }

    @Test func aSetThroughA1000NodeChainAllocatesNothingAfterWarmUp() throws {
        let source = MutableValueNode(0)
        var last: ValueNode<Int> = source
        for _ in 0 ..< 1_000 { last = last.map { $0 &+ 1 } }
        let owner = Owner()
        let sink = Sink()
        let listening = last.listen(owner: owner) { sink.value = $0 }
        for value in 0 ..< 3 { source.value = value }

        let bytes = AllocationCounter.bytesAllocated { source.value = 41 }
        #expect(bytes == 0, "one propagation allocated \(bytes ?? 0) bytes")
        #expect(sink.value == 1_041)
        listening.cancel()
    }
}

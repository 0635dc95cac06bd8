import Testing
import WeftTestSupport
import WeftCore
import WeftMemory
import WeftReusePool

/// A steady-state mount pass allocates nothing: every view exists, every attribute
/// is applied, and the pool's tables have reached their size. Counted by jemalloc's
/// per-thread counter, so the gate holds in CI and not only in a benchmark.
@MainActor
// Runs in optimized builds (scripts/test runs `swift test -c release --filter AllocationTests`):
// unoptimized code boxes closure contexts that the optimizer keeps on the stack.
@Suite(.enabled(if: AllocationCounter.isCounting && isReleaseBuild, "needs jemalloc as malloc and a release build"))
struct MountPassAllocationTests {
    final class Row {}

    @Test func aSteadyStateMountPassOf500ViewsAllocatesNothing() throws {
        let root = HeadlessView()
        let map = ReusePoolMap(container: root)
        let viewClass = ViewClass(HeadlessView.self)
        // Three shapes, and two sets of values so that a pass re-applies attributes.
        let configurations: [[ViewConfiguration]] = try (0 ..< 2).map { set in
            try (0 ..< 500).map { row in
                var attributes = [ViewAttribute("alpha", value: set == 0 ? 1.0 : 0.5) { (view: HeadlessView, alpha) in
                    view.alpha = alpha
                }]
                if row % 3 == 1 {
                    attributes.append(ViewAttribute("hidden-frame", value: Double(row)) { (view: HeadlessView, x) in
                        view.frame.origin.x = x
                    })
                }
                return try ViewConfiguration(viewClass, attributes: attributes)
            }
        }
        let components = (0 ..< 500).map { ComponentID(Row.self, instance: $0) }
        var pass = 0
        func mountPass() throws {
            let set = configurations[pass % 2]
            pass += 1
            try map.mount { mount in
                for row in 0 ..< 500 {
                    _ = try mount.view(for: set[row], component: components[row])
                }
            }
        }
        for _ in 0 ..< 4 { try mountPass() }

        let bytes = try AllocationCounter.bytesAllocated { try mountPass() }
        #expect(bytes == 0, "a steady-state mount pass allocated \(bytes ?? 0) bytes")
        #expect(map.statistics.viewsCreated == 500)
        #expect(root.subviews.count == 500)
    }
}

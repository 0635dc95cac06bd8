import Foundation
import Testing
import WeftTestSupport
import WeftCore
import WeftMemory
import WeftNode

/// Resolving a spec allocates the layout's children and nothing else: no
/// element, style or name is kept on the heap. Counted by jemalloc's per-thread
/// counter, so CI catches a regression.
// Runs in optimized builds (scripts/test runs `swift test -c release --filter AllocationTests`):
// unoptimized code boxes closure contexts that the optimizer keeps on the stack.
@Suite(.enabled(if: AllocationCounter.isCounting && isReleaseBuild, "needs jemalloc as malloc and a release build"))
struct LayoutSpecAllocationTests {
    /// A node whose spec is built once, so that a layout pass allocates for the
    /// resolution alone.
    final class PrebuiltSpecNode: DisplayNode, @unchecked Sendable {
        let spec: LayoutSpec

        init(_ spec: LayoutSpec) {
            self.spec = spec
            super.init()
        }

        override func layoutSpecThatFits(_ range: SizeRange) -> LayoutSpec? { spec }
    }

    @Test func aResolutionAllocatesOnlyItsLayoutsChildren() throws {
        let leaves = (0 ..< 12).map { SizedNode(CGFloat(10 + $0), 18) }
        // A feed post's shape: every kind of step a cell's spec takes, 17 elements.
        let node = PrebuiltSpecNode(.inset(EdgeInsets(all: 12), child: .stack(.vertical, spacing: 8, children: [
            .stack(.horizontal, spacing: 8, alignItems: .center, children: [
                .node(leaves[0]).style { $0.preferredSize = CGSize(width: 36, height: 36) },
                .stack(.vertical, children: [.node(leaves[1]), .node(leaves[2])])
                    .style { $0.flexGrow = 1; $0.flexShrink = 1 },
            ]),
            .node(leaves[3]),
            .ratio(0.5, child: .node(leaves[4])),
            .stack(.horizontal, justifyContent: .spaceBetween, children: leaves[5...].map { .node($0) }),
        ])))
        func range(_ width: Int) -> SizeRange {
            (try? SizeRange(min: .zero, max: CGSize(width: CGFloat(width), height: .infinity))) ?? .unconstrained
        }
        _ = node.layoutThatFits(range(399))
        let children = try #require(node.calculatedLayout?.children)
        #expect(children.count == 12)
        // What the layout's children array costs on its own, in jemalloc's size class.
        let arrayBytes = try #require(AllocationCounter.bytesAllocated {
            _ = [Layout.Child](unsafeUninitializedCapacity: children.count) { buffer, count in
                for child in children { buffer.initializeElement(at: count, to: child); count += 1 }
            }
        })

        // Each width is new to the node and its leaves: every pass resolves anew.
        for width in 300 ..< 340 {
            let bytes = try #require(AllocationCounter.bytesAllocated { _ = node.layoutThatFits(range(width)) })
            #expect(bytes == arrayBytes, "a resolution at width \(width) allocated \(bytes) bytes, its children \(arrayBytes)")
        }
    }
}

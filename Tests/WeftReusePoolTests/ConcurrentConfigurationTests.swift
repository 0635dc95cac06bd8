import Dispatch
import Testing
import WeftCore
import WeftReusePool

/// Components build configurations on any thread; interning must agree across threads.
@Suite struct ConcurrentConfigurationTests {
    @Test func configurationsBuiltOnManyThreadsShareShapesAndIdentities() throws {
        let shapes = PosixMutex<Set<AttributeShape>>([])
        let viewClasses = PosixMutex<Set<ViewClassIdentifier>>([])
        let failures = PosixMutex(0)
        DispatchQueue.concurrentPerform(iterations: 64) { iteration in
            // A name new to the process, interned by several threads at once.
            let fresh = AttributeIdentifier("concurrent-\(iteration % 4)")
            let attributes = [
                ViewAttribute(fresh, value: iteration) { (_: HeadlessView, _) in },
                ViewAttribute("concurrent-shared", value: "x") { (_: HeadlessView, _) in },
            ]
            do {
                let configuration = try ViewConfiguration(ViewClass(HeadlessView.self), attributes: attributes.shuffled())
                shapes.withLock { _ = $0.insert(configuration.shape) }
                viewClasses.withLock { _ = $0.insert(configuration.viewClass.identifier) }
            } catch {
                failures.withLock { $0 += 1 }
            }
        }
        let failuresSeen = failures.withLock { $0 }
        #expect(failuresSeen == 0)
        let shapesCount = shapes.withLock { $0.count }
        #expect(shapesCount == 4)
        let viewClassesCount = viewClasses.withLock { $0.count }
        #expect(viewClassesCount == 1)
        let shapesSeen = shapes.withLock { $0 }
        #expect(shapesSeen.allSatisfy { $0.identifiers.count == 2 })
    }
}

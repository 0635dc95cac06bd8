import Dispatch
import Testing
import WeftCore

private struct Refusal: Error, Equatable {}

@Suite struct PosixMutexTests {
    @Test func eightThreadsNeverLoseAnIncrement() {
        let counter = PosixMutex(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0 ..< 10_000 { counter.withLock { $0 += 1 } }
        }
        let counterSeen = counter.withLock { $0 }
        #expect(counterSeen == 80_000)
    }

    @Test func aThrowingBodyReleasesTheLockAndKeepsItsChanges() {
        let value = PosixMutex([1])
        #expect(throws: Refusal()) {
            try value.withLock { (array: inout [Int]) throws(Refusal) in
                array.append(2)
                throw Refusal()
            }
        }
        // The lock is free again, and the change made before the throw stands.
        let valueSeen = value.withLock { $0 }
        #expect(valueSeen == [1, 2])
    }
}

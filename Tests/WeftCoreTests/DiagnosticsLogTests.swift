import Foundation
import Testing
import WeftCore

struct SampleError: Error, Equatable {
    let code: Int
}

struct OtherError: Error {}

/// Layers of the test's own: WeftCore declares none (each module above declares
/// its own), as an app's module would.
extension Diagnostic.Layer {
    fileprivate static let view = Diagnostic.Layer(rawValue: "view")
    fileprivate static let dataController = Diagnostic.Layer(rawValue: "dataController")
    fileprivate static let node = Diagnostic.Layer(rawValue: "node")
    fileprivate static let container = Diagnostic.Layer(rawValue: "container")
}

final class CountingSink: DiagnosticsSink, @unchecked Sendable {
    // `@unchecked Sendable`: `count` is only touched under `lock`.
    private let lock = NSLock()
    private var count = 0
    func report(_ diagnostic: Diagnostic) { lock.withLock { count += 1 } }
    var received: Int { lock.withLock { count } }
}

@Suite struct DiagnosticsLogTests {
    @Test func recordsKeepTheirLayerUpdateAndPathsAndFilterByTypeAndLayer() {
        let log = DiagnosticsLog()
        #expect(log.isEmpty)
        log.report(SampleError(code: 1), layer: .view, update: 3, indexPaths: [IndexPath(item: 2, section: 0)])
        log.report(OtherError(), layer: .dataController)
        log.report(SampleError(code: 2), layer: .node)
        #expect(log.diagnostics.count == 3)
        #expect(log.diagnostics[0].update == 3 && log.diagnostics[0].indexPaths == [IndexPath(item: 2, section: 0)])
        #expect(log.errors(of: SampleError.self) == [SampleError(code: 1), SampleError(code: 2)])
        #expect(log.errors(of: SampleError.self, in: .node) == [SampleError(code: 2)])
        #expect(log.errors(of: OtherError.self).count == 1)
        #expect("\(log.diagnostics[0])" == "view (update 3) at [0, 2]: SampleError(code: 1)")
        log.removeAll()
        #expect(log.isEmpty && log.droppedCount == 0)
    }

    @Test func theLogKeepsTheNewestRecordsWithinItsCapacityAndCountsTheRest() {
        let log = DiagnosticsLog(capacity: 3)
        for code in 0 ..< 10 { log.report(SampleError(code: code), layer: .container) }
        #expect(log.errors(of: SampleError.self).map(\.code) == [7, 8, 9])
        #expect(log.droppedCount == 7)
    }

    @Test func reportsFromManyThreadsAllArriveAndReachTheSink() async {
        let sink = CountingSink()
        let log = DiagnosticsLog(forwardingTo: sink)
        await withTaskGroup(of: Void.self) { group in
            for thread in 0 ..< 4 {
                group.addTask {
                    for code in 0 ..< 250 { log.report(SampleError(code: thread * 1_000 + code), layer: .node) }
                }
            }
        }
        #expect(log.diagnostics.count == 1_000 && sink.received == 1_000)
        #expect(Set(log.errors(of: SampleError.self).map(\.code)).count == 1_000)
    }
}

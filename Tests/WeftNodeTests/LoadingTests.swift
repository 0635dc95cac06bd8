import Foundation
import Testing
import WeftNode
import WeftTestSupport
import WeftCore

/// A node that counts its view creations and records the thread of each.
private final class CountingNode: DisplayNode, @unchecked Sendable {
    @MainActor var makeViewCount = 0
    @MainActor var didLoadCount = 0
    @MainActor var loadedOnThread: ThreadIdentity?

    override func makeView() -> any NodeView {
        makeViewCount += 1
        loadedOnThread = .current
        return HeadlessNodeView(frame: CGRect(x: 0, y: 0, width: 1, height: 1))
    }

    override func didLoad() {
        didLoadCount += 1
        // The view is already the node's: reading it here returns the same one.
        view.frame.size.width = 42
    }
}

/// Types whose only purpose is to count premature loads apart from other tests'.
private final class EarlyLoadingNode: DisplayNode, @unchecked Sendable {}
private final class PatientNode: DisplayNode, @unchecked Sendable {}

@MainActor
@Suite struct LoadingTests {
    @Test func theViewLoadsOnceOnMainAndNeverUnloads() throws {
        let node = CountingNode()
        #expect(!node.isNodeLoaded)
        try node.recursivelySetInterfaceState([.preload, .display])
        let view = node.view
        #expect(node.isNodeLoaded)
        #expect(node.makeViewCount == 1 && node.didLoadCount == 1)
        #expect(node.loadedOnThread == ThreadIdentity.current)
        #expect(view.frame.width == 42)
        // Later reads return the same view; leaving every state keeps it.
        for _ in 0 ..< 3 { #expect(node.view === view) }
        try node.recursivelySetInterfaceState([])
        #expect(node.isNodeLoaded && node.view === view)
        #expect(node.makeViewCount == 1 && node.didLoadCount == 1)
    }

    @Test func isNodeLoadedIsReadableOffMain() throws {
        let node = CountingNode()
        #expect(try offMain { node.isNodeLoaded } == false)
        _ = node.view
        #expect(try offMain { node.isNodeLoaded } == true)
    }

    @Test func theDefaultViewIsHeadless() {
        let node = DisplayNode()
        #expect(node.view is HeadlessNodeView)
        #expect(node.view.frame == .zero)
    }

    @Test func prematureLoadsAreCountedPerNodeType() throws {
        let before = PrematureLoadReport.current()
        #expect(before.count(for: EarlyLoadingNode.self) == 0)
        // Loading before any interface state is premature, once per node.
        let early = (0 ..< 3).map { _ in EarlyLoadingNode() }
        for node in early {
            _ = node.view
            _ = node.view
        }
        // Loading once in a state is not.
        let patient = PatientNode()
        try patient.recursivelySetInterfaceState([.preload])
        _ = patient.view

        let report = PrematureLoadReport.current()
        #expect(report.count(for: EarlyLoadingNode.self) == 3)
        #expect(report.count(for: PatientNode.self) == 0)
        #expect(report.totalCount >= before.totalCount + 3)
        let entry = try #require(report.entries.first { $0.nodeType == ObjectIdentifier(EarlyLoadingNode.self) })
        #expect(entry.typeName.hasSuffix("EarlyLoadingNode"))
        #expect(report.description.contains("  3  \(entry.typeName)"))
        #expect(report.entries.map(\.count) == report.entries.map(\.count).sorted(by: >))
    }
}

import Foundation
import Testing
import WeftCore
import WeftNode
import WeftTestSupport

/// A node whose layout names the nodes in ``wanted``, stacked 10 points apart,
/// and that logs what its subnodes are at each step of a transition.
private final class ManagedNode: DisplayNode, @unchecked Sendable {
    let wanted = PosixMutex<[DisplayNode]>([])
    let log: EventLog
    /// Whether `animateLayoutTransition` completes at once or keeps the transition.
    @MainActor var completesAtOnce = true
    @MainActor var heldTransition: LayoutTransition?

    init(log: EventLog) {
        self.log = log
        super.init()
        automaticallyManagesSubnodes = true
        debugName = "managed"
    }

    override func calculateLayoutThatFits(_ range: SizeRange) -> Layout {
        let nodes = wanted.withLock { $0 }
        let children = nodes.enumerated().map { index, node in
            Layout.Child(node: node, frame: CGRect(x: 0, y: CGFloat(index) * 10, width: 100, height: 10))
        }
        return Layout(size: CGSize(width: 100, height: CGFloat(nodes.count) * 10), children: children)
    }

    /// Changes what the layout names and invalidates it.
    func want(_ nodes: [DisplayNode]) {
        wanted.withLock { $0 = nodes }
        invalidateCalculatedLayout()
    }

    private var names: String {
        subnodes.map { $0.debugName ?? "?" }.joined(separator: " ")
    }

    override func animateLayoutTransition(_ transition: LayoutTransition) {
        log.events.append("animate: \(names)")
        if completesAtOnce {
            transition.completeTransition()
        } else {
            heldTransition = transition
        }
    }

    override func didCompleteLayoutTransition(_ transition: LayoutTransition) {
        log.events.append("complete: \(names)")
    }
}

/// Logs, when it leaves the display state, what its former supernode holds.
private final class SiblingWatcher: DisplayNode, @unchecked Sendable {
    let name: String
    weak var watched: DisplayNode?
    let log: EventLog

    init(_ name: String, parent: DisplayNode, log: EventLog) {
        self.name = name
        watched = parent
        self.log = log
        super.init()
    }

    override func didExitDisplayState() {
        let names = watched?.subnodes.map { $0.debugName ?? "?" }.joined(separator: " ") ?? ""
        log.events.append("\(name) exit display; subnodes: \(names)")
    }
}

private func named(_ name: String) -> DisplayNode {
    let node = DisplayNode()
    node.debugName = name
    return node
}

@MainActor
@Suite struct AutomaticSubnodeTests {
    private let range = try! SizeRange(min: .zero, max: CGSize(width: 100, height: 1_000))

    /// A managed node showing `a` and `b`, with an empty log.
    private func showingAB() throws -> (EventLog, ManagedNode, DisplayNode, DisplayNode, DisplayNode) {
        let log = EventLog()
        let node = ManagedNode(log: log)
        let (a, b, c) = (named("a"), named("b"), named("c"))
        node.want([a, b])
        try node.transitionLayout(to: range, animated: false)
        log.events = []
        return (log, node, a, b, c)
    }

    @Test func withoutAnimationInsertionAndRemovalHappenAtOnce() throws {
        let log = EventLog()
        let node = ManagedNode(log: log)
        let (a, b, c) = (named("a"), named("b"), named("c"))
        node.want([a, b])
        try node.transitionLayout(to: range, animated: false)
        #expect(node.subnodes.map(\.debugName) == ["a", "b"])
        #expect(log.take() == ["complete: a b"])

        node.want([c, a])
        try node.transitionLayout(to: range, animated: false)
        #expect(node.subnodes.map(\.debugName) == ["c", "a"])
        #expect(b.supernode == nil && c.supernode === node)
        #expect(log.take() == ["complete: c a"])
        node._checkInvariants()
    }

    @Test func anAnimatedTransitionInsertsEachNewSubnodeAtItsIndexAndRemovesOnCompletion() throws {
        let (log, node, a, b, c) = try showingAB()

        node.completesAtOnce = false
        node.want([c, b])
        try node.transitionLayout(to: range, animated: true)
        // Texture: c goes to its index in the new layout at the start; a stays until the end.
        #expect(log.take() == ["animate: c a b"])
        let transition = try #require(node.heldTransition)
        #expect(transition.insertedSubnodes.map(\.debugName) == ["c"])
        #expect(transition.removedSubnodes.map(\.debugName) == ["a"])
        #expect(transition.isAnimated && !transition.isComplete)
        #expect(transition.previousLayout?.children.map(\.node.debugName) == ["a", "b"])
        #expect(transition.layout.children.map(\.node.debugName) == ["c", "b"])
        #expect(a.supernode === node)

        transition.completeTransition()
        #expect(log.take() == ["complete: c b"])
        #expect(node.subnodes.map(\.debugName) == ["c", "b"] && a.supernode == nil)
        transition.completeTransition()  // only the first call counts
        #expect(log.events.isEmpty)
        node._checkInvariants()
    }

    @Test func anAnimatedTransitionEndsInTheLayoutsOrder() throws {
        let (log, node, _, b, c) = try showingAB()
        node.want([b, c])
        try node.transitionLayout(to: range, animated: true)
        #expect(log.take() == ["animate: a c b", "complete: b c"])
        #expect(node.subnodes.map(\.debugName) == ["b", "c"])
        node._checkInvariants()
    }

    /// A newer transition cancels the one in flight, as Texture's transition id
    /// does: the old one's completion does nothing and is not reported, and the
    /// subnodes it was to remove leave with the new one.
    @Test func aNewTransitionCancelsTheOneInFlight() throws {
        let log = EventLog()
        let node = ManagedNode(log: log)
        let (a, b, c) = (named("a"), named("b"), named("c"))
        node.want([a])
        try node.transitionLayout(to: range, animated: false)
        node.completesAtOnce = false
        node.want([b])
        try node.transitionLayout(to: range, animated: true)
        let first = try #require(node.heldTransition)
        log.events = []

        node.want([a, c])
        try node.transitionLayout(to: range, animated: true)
        #expect(first.isCancelled && !first.isComplete)
        #expect(first.removedSubnodes.isEmpty && first.previousLayout == nil, "a cancelled transition lets go")
        first.completeTransition()
        #expect(!first.isComplete, "completing a cancelled transition does nothing")
        let second = try #require(node.heldTransition)
        #expect(second !== first)
        #expect(log.events.count == 1 && log.events[0].hasPrefix("animate:"), "no completion for the first: \(log.events)")
        #expect(second.removedSubnodes.map(\.debugName) == ["b"])
        log.events = []
        second.completeTransition()
        #expect(log.take() == ["complete: a c"])
        #expect(node.subnodes.map(\.debugName) == ["a", "c"] && b.supernode == nil)
        node._checkInvariants()
    }

    /// A transition whose layout is refused replaces nothing: the one in flight
    /// completes, as before, and removes what it was to remove.
    @Test func aRefusedTransitionCompletesTheOneInFlight() throws {
        let log = EventLog()
        let node = ManagedNode(log: log)
        let (a, b) = (named("a"), named("b"))
        let other = named("other")
        let owned = named("owned")
        try other.addSubnode(owned)
        node.want([a])
        try node.transitionLayout(to: range, animated: false)
        node.completesAtOnce = false
        node.want([b])
        try node.transitionLayout(to: range, animated: true)
        let first = try #require(node.heldTransition)
        node.want([b, owned])
        #expect(throws: NodeError.self) { try node.transitionLayout(to: range, animated: true) }
        #expect(first.isComplete && !first.isCancelled)
        #expect(node.subnodes.map(\.debugName) == ["b"] && a.supernode == nil)
        node._checkInvariants()
    }

    /// Texture's transition invalidates the layout first: in an unchanged range
    /// it still asks for a new layout (the old code reused the cached one).
    @Test func aTransitionInAnUnchangedRangeAsksForANewLayout() throws {
        let log = EventLog()
        let node = ManagedNode(log: log)
        let (a, b) = (named("a"), named("b"))
        node.want([a])
        try node.transitionLayout(to: range, animated: false)
        node.wanted.withLock { $0 = [b] }  // no invalidation by hand
        try node.transitionLayout(to: range, animated: false)
        #expect(node.subnodes.map(\.debugName) == ["b"])
    }

    /// A subnode an animated transition removes dies when the transition
    /// completes, though the transition object lives on (it held the removed
    /// subnodes and the previous layout until it died).
    @Test func aRemovedSubnodeDiesAtCompletionNotWithTheTransition() throws {
        let log = EventLog()
        let node = ManagedNode(log: log)
        weak var gone: DisplayNode?
        do {
            let leaving = named("leaving")
            gone = leaving
            node.want([leaving])
            try node.transitionLayout(to: range, animated: false)
        }
        node.completesAtOnce = false
        node.want([named("staying")])
        try node.transitionLayout(to: range, animated: true)
        let transition = try #require(node.heldTransition)
        #expect(gone != nil, "still a subnode while the transition animates")
        transition.completeTransition()
        #expect(gone == nil, "released at completion")
        #expect(transition.isComplete && transition.removedSubnodes.isEmpty)
        withExtendedLifetime(transition) {}
    }

    @Test func insertedSubnodesAddTheStateAndRemovedOnesKeepTheirs() throws {
        let log = EventLog()
        let node = ManagedNode(log: log)
        node.setRangeManaged(true)
        try node.recursivelySetInterfaceState([.preload, .display])
        let first = RecordingNode("first", log: log)
        let second = RecordingNode("second", log: log)
        try second.recursivelySetInterfaceState([.preload])
        log.events = []
        node.want([first])
        try node.transitionLayout(to: range, animated: false)
        #expect(log.take() == [
            "first enter preload", "first enter display", "first changed from [] to [preload, display]",
            "complete: first",
        ])
        node.want([second])
        try node.transitionLayout(to: range, animated: false)
        // Texture: a subnode leaving range management keeps its state; a new one ORs the parent's in.
        #expect(log.take() == [
            "second enter display", "second changed from [preload] to [preload, display]", "complete: second",
        ])
        #expect(first.interfaceState == [.preload, .display] && !first.isRangeManaged)
        #expect(second.isRangeManaged)
        node._checkInvariants()
    }

    @Test func withoutAnimationTheOldSubnodesLeaveBeforeTheNewOnesJoin() throws {
        let log = EventLog()
        let node = ManagedNode(log: log)
        let old = SiblingWatcher("old", parent: node, log: log)
        try old.recursivelySetInterfaceState([.preload, .display])
        node.want([old])
        try node.transitionLayout(to: range, animated: false)
        log.events = []
        // Not range-managed: the leaving subnode leaves its states; at that moment
        // the new one must not be a subnode yet.
        node.want([named("new")])
        try node.transitionLayout(to: range, animated: false)
        #expect(log.take() == ["old exit display; subnodes: ", "complete: new"])
        node._checkInvariants()
    }

    @Test func measuringOffMainAdoptsTheSubnodesOfANodeInNoState() throws {
        let node = ManagedNode(log: EventLog())
        node.setRangeManaged(true)  // as a cell: range-managed, in no state yet
        let (a, b) = (named("a"), named("b"))
        node.want([a, b])
        let range = self.range
        _ = try offMain { node.layoutThatFits(range).size }
        #expect(node.subnodes.map(\.debugName) == ["a", "b"])
        #expect(a.isRangeManaged && b.supernode === node)
        node._checkInvariants()
    }

    @Test func aNewLayoutOfANodeInAStateWaitsForLayoutIfNeededOnMain() throws {
        let log = EventLog()
        let node = ManagedNode(log: log)
        node.setRangeManaged(true)
        let (a, b) = (named("a"), named("b"))
        node.want([a])
        try node.transitionLayout(to: range, animated: false)
        try node.recursivelySetInterfaceState([.preload])
        log.events = []

        node.want([b])
        let range = self.range
        _ = try offMain { node.layoutThatFits(range).size }
        // Adopting b off main would change its state: it waits for main.
        #expect(node.subnodes.map(\.debugName) == ["a"])
        try node.layoutIfNeeded()
        #expect(node.subnodes.map(\.debugName) == ["b"])
        #expect(b.interfaceState == [.preload] && a.interfaceState == [.preload])
        #expect(log.take() == ["complete: b"])
        try node.layoutIfNeeded()  // nothing pending: nothing happens
        #expect(log.events.isEmpty)
        node._checkInvariants()
    }

    @Test func enteringPreloadLaysOutAnAutoManagedNodeWithoutALayout() throws {
        let log = EventLog()
        let node = ManagedNode(log: log)
        node.setRangeManaged(true)
        let child = RecordingNode("child", log: log)
        node.want([child])
        try node.transitionLayout(to: range, animated: false)
        let fresh = RecordingNode("fresh", log: log)
        node.want([fresh])  // invalidates the layout
        log.events = []
        try node.recursivelySetInterfaceState([.preload])
        // The layout ran first, so the new subnode exists and preloads with its parent.
        #expect(node.subnodes.map(\.debugName) == ["fresh"])
        #expect(fresh.interfaceState == [.preload])
        #expect(log.take() == ["fresh enter preload", "fresh changed from [] to [preload]", "complete: fresh"])
        node._checkInvariants()
    }

    @Test func loadedChildViewsGetTheirFrames() throws {
        let node = ManagedNode(log: EventLog())
        let (a, b) = (named("a"), named("b"))
        _ = b.view
        node.want([a, b])
        try node.transitionLayout(to: range, animated: false)
        #expect(!a.isNodeLoaded)  // a transition never loads a view
        #expect(b.view.frame == CGRect(x: 0, y: 10, width: 100, height: 10))
    }

    @Test func invalidLayoutsAreRefusedAndChangeNothing() throws {
        let log = EventLog()
        let node = ManagedNode(log: log)
        let parent = named("parent")
        try parent.addSubnode(node)
        let other = named("other")
        let owned = named("owned")
        try other.addSubnode(owned)
        let kept = named("kept")
        node.want([kept])
        try node.transitionLayout(to: range, animated: false)

        let fresh = named("fresh")
        let cases: [([DisplayNode], NodeError)] = [
            ([fresh, node], .subnodeIsSelf(node: "ManagedNode 'managed'")),
            ([fresh, parent], .subnodeIsAncestor(subnode: "DisplayNode 'parent'", supernode: "ManagedNode 'managed'")),
            ([fresh, kept, fresh], .duplicateLayoutChild(child: "DisplayNode 'fresh'", supernode: "ManagedNode 'managed'")),
            ([fresh, owned], .layoutChildHasAnotherSupernode(
                child: "DisplayNode 'owned'", supernode: "ManagedNode 'managed'", otherSupernode: "DisplayNode 'other'")),
        ]
        for (nodes, error) in cases {
            node.want(nodes)
            #expect(throws: error) { try node.transitionLayout(to: range, animated: false) }
            #expect(node.subnodes.map(\.debugName) == ["kept"])
            #expect(fresh.supernode == nil && owned.supernode === other)
        }
        #expect("\(NodeError.duplicateLayoutChild(child: "A", supernode: "B"))" == "the layout of B names A more than once")
        #expect("\(NodeError.layoutChildHasAnotherSupernode(child: "A", supernode: "B", otherSupernode: "C"))"
            == "the layout of B names A, which is a subnode of C; remove it there first")
        parent._checkInvariants()
    }

    @Test func withoutAutomaticManagementSubnodesStayAsTheyAre() throws {
        let log = EventLog()
        let node = ManagedNode(log: log)
        node.automaticallyManagesSubnodes = false
        let manual = named("manual")
        try node.addSubnode(manual)
        node.want([named("ignored")])
        try node.transitionLayout(to: range, animated: false)
        #expect(node.subnodes.map(\.debugName) == ["manual"])
        #expect(log.take() == ["complete: manual"])
    }

    /// A layout a node cannot adopt as it enters preload goes back to the caller
    /// (a range controller reports it); it was a `try?` that dropped it.
    @Test func aLayoutRefusedOnEnteringPreloadIsReturned() throws {
        let node = ManagedNode(log: EventLog())
        let other = named("other")
        let owned = named("owned")
        try other.addSubnode(owned)
        node.want([owned])
        _ = node.layoutThatFits(range)
        let errors = try node.recursivelySetInterfaceState(.preload)
        #expect(errors == [.layoutChildHasAnotherSupernode(
            child: "DisplayNode 'owned'", supernode: "ManagedNode 'managed'", otherSupernode: "DisplayNode 'other'")])
        #expect(node.isInPreloadState && node.subnodes.isEmpty && owned.supernode === other)
        #expect(try node.recursivelySetInterfaceState([]).isEmpty, "leaving lays nothing out")
    }
}

import Testing
import WeftReusePool

@MainActor
@Suite struct HeadlessViewTests {
    @Test func subviewsKeepOrderAndKnowTheirParent() {
        let parent = HeadlessView()
        let children = (0 ..< 3).map { _ in HeadlessView() }
        for child in children { parent.addSubview(child) }
        #expect(parent.subviewCount == 3)
        #expect(same(parent.subviews, children))
        #expect(children.allSatisfy { $0.parentView === parent })

        parent.exchangeSubview(at: 0, withSubviewAt: 2)
        #expect(same(parent.subviews, [children[2], children[1], children[0]]))
        #expect(parent.subview(at: 1) === children[1])

        children[1].removeFromParentView()
        #expect(children[1].parentView == nil)
        #expect(same(parent.subviews, [children[2], children[0]]))
        children[1].removeFromParentView()
    }

    @Test func addingAViewMovesItFromItsOldParent() {
        let first = HeadlessView()
        let second = HeadlessView()
        let child = HeadlessView()
        first.addSubview(child)
        second.addSubview(child)
        #expect(first.subviews.isEmpty)
        #expect(child.parentView === second)
        second.addSubview(child)
        #expect(second.subviewCount == 1)
    }

    @Test func aViewIsHiddenInTheHierarchyIfAnAncestorIs() {
        let grandparent = HeadlessView()
        let parent = HeadlessView()
        let child = HeadlessView()
        grandparent.addSubview(parent)
        parent.addSubview(child)
        #expect(!child.isHiddenOrHasHiddenAncestor)
        grandparent.isHidden = true
        #expect(child.isHiddenOrHasHiddenAncestor && !child.isHidden)
    }

    @Test func aParentDoesNotKeepItselfAlive() {
        weak var released: HeadlessView?
        let child = HeadlessView()
        do {
            let parent = HeadlessView()
            parent.addSubview(child)
            released = parent
        }
        #expect(released == nil)
        #expect(child.parentView == nil)
    }
}

import Foundation
import Synchronization
import Weft
import WeftCore
import WeftTestSupport
import WeftDataController
import WeftDisplay

/// A post cell with a bold title line, drawn by Pango, that reports its death
/// to a tracker when given one.
final class TitleCell: CellNode, @unchecked Sendable {
    let title: TextNode
    private let lifetime: LifetimeTracker.Instance?

    init(_ text: String, lifetime: LifetimeTracker.Instance?, background: Color? = .white,
         link: (value: String, text: String, delegate: any TextNodeDelegate & Sendable)? = nil) {
        let bold = TextAttributes(fontSize: 17, fontWeight: .bold)
        if let link {
            var linked = TextAttributes(fontSize: 17, color: Color(red: 0.1, green: 0.3, blue: 0.9))
            linked.link = link.value
            linked.underline = .single
            title = TextNode(AttributedText(runs: [.init(text + " ", attributes: bold), .init(link.text, attributes: linked)]))
            title.delegate = link.delegate
        } else {
            title = TextNode(AttributedText(text, attributes: bold))
        }
        self.lifetime = lifetime
        super.init()
        // Xvfb's screen has one pixel per point; the cell's own scale, which its
        // subnodes inherit, keeps other suites' default out of the pictures.
        contentsScale = 1
        backgroundColor = background
        automaticallyManagesSubnodes = true
    }

    override func layoutSpecThatFits(_ range: SizeRange) -> LayoutSpec? {
        .inset(EdgeInsets(top: 14, left: 16, bottom: 14, right: 16), child: .node(title))
    }

    /// How many times any post's own label was asked: a screen reader's
    /// label for a post starts there (its title's text follows).
    static let labelAsks = Atomic<Int>(0)

    override var accessibilityLabel: String? {
        get {
            Self.labelAsks.add(1, ordering: .relaxed)
            return super.accessibilityLabel
        }
        set { super.accessibilityLabel = newValue }
    }
}

/// Posts by number, in a list the tests edit as an app edits its model.
@MainActor
final class Posts: CollectionNodeDataSource, CollectionNodeDelegate {
    var ids: [Int]
    let tracker: LifetimeTracker?
    private(set) var selected: [Int] = []
    private(set) var deselected: [Int] = []
    /// What each cell draws behind its title; `nil` lets its selection show behind it.
    var cellBackground: Color? = .white
    /// Hears the links that end each title ("the docs", valued `docs-ID`);
    /// `nil` for titles without links.
    var links: (any TextNodeDelegate & Sendable)?
    /// Titles and links in Arabic ("منشور N الدليل"), for a right-to-left window.
    var isArabic = false

    init(count: Int, tracker: LifetimeTracker? = nil) {
        ids = Array(0 ..< count)
        self.tracker = tracker
    }

    func collectionNode(_ node: CollectionNode, numberOfItemsInSection section: Int) -> Int {
        ids.count
    }

    func collectionNode(_ node: CollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> CellNodeBlock {
        let id = ids[indexPath.item], tracker = tracker, background = cellBackground, links = links
        let (title, linkText) = isArabic ? ("منشور \(id)", "الدليل") : ("Post \(id)", "the docs")
        return {
            TitleCell(title, lifetime: tracker?.makeInstance(), background: background,
                      link: links.map { ("docs-\(id)", linkText, $0) })
        }
    }

    func collectionNode(_ collectionNode: CollectionNode, didSelectItemAt indexPath: IndexPath) {
        selected.append(ids[indexPath.item])
    }

    func collectionNode(_ collectionNode: CollectionNode, didDeselectItemAt indexPath: IndexPath) {
        deselected.append(ids[indexPath.item])
    }
}

/// Items in sections of given sizes, for a data controller without a container.
@MainActor
final class SectionedItems: DataControllerDataSource {
    let counts: [Int]

    init(_ counts: [Int]) { self.counts = counts }

    func numberOfSections(in dataController: DataController) -> Int { counts.count }

    func dataController(_ dataController: DataController, numberOfItemsInSection section: Int) -> Int { counts[section] }

    func dataController(_ dataController: DataController, nodeBlockForItemAt indexPath: IndexPath) -> CellNodeBlock {
        { CellNode() }
    }
}

import CGtk4
import Foundation
import Weft
import WeftDisplay
import WeftGTK

/// A post: a name and a line of text, each shaped by Pango off main.
final class PostNode: CellNode, @unchecked Sendable {
    let name: TextNode
    let text: TextNode

    init(number: Int) {
        name = TextNode(AttributedText("Post \(number)", attributes: TextAttributes(fontSize: 16, fontWeight: .bold)))
        text = TextNode(AttributedText("What post \(number) says, in a line or two of text that wraps."))
        super.init()
        automaticallyManagesSubnodes = true      // a screen reader reads "Post 1, What post 1 says…"
    }

    override func layoutSpecThatFits(_ range: SizeRange) -> LayoutSpec? {
        .inset(EdgeInsets(top: 10, left: 16, bottom: 10, right: 16), child:
            .stack(.vertical, spacing: 4, children: [.node(name), .node(text)]))
    }
}

@MainActor
final class Posts: CollectionNodeDataSource, CollectionNodeDelegate {
    let count = 100_000

    func collectionNode(_ node: CollectionNode, numberOfItemsInSection section: Int) -> Int { count }

    func collectionNode(_ node: CollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> CellNodeBlock {
        let number = indexPath.item
        return { PostNode(number: number) }           // runs off main
    }

    func collectionNode(_ node: CollectionNode, didSelectItemAt indexPath: IndexPath) {
        print("selected post \(indexPath.item)")      // a click, Return or Space
    }
}

do {
    try GTK.initialize()
} catch {
    print("feed: \(error)")                           // GTKError.noDisplay without X11 or Wayland
    exit(2)
}
let posts = Posts()
let view = GTKCollectionView()
view.accessibilityLabel = "Posts"                     // what a screen reader calls the list
let feed = CollectionNode(layout: try ListLayout(), view: view, itemLoading: .lazy)
feed.dataSource = posts
feed.delegate = posts
feed.isInverted = CommandLine.arguments.contains("--chat")   // newest at the bottom

let window = gtk_window_new()!
let gtkWindow = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
gtk_window_set_title(gtkWindow, "Posts")
gtk_window_set_default_size(gtkWindow, 400, 600)
gtk_window_set_child(gtkWindow, view.widget)
feed.reloadData()

// `--screenshot FILE`: once the first screen is drawn, write it (in device
// pixels: 2x under GDK_SCALE=2) and close the window; fail after a minute.
if let flag = CommandLine.arguments.firstIndex(of: "--screenshot"), flag + 1 < CommandLine.arguments.count {
    let file = URL(fileURLWithPath: CommandLine.arguments[flag + 1])
    view.framePainted = { frame in
        guard frame.visibleItems > 0, frame.blankVisibleItems == 0 else { return }
        view.framePainted = nil
        do {
            try GTK.render(view.widget).writePNG(to: file)
        } catch {
            print("feed: \(error)")
            exit(1)
        }
        gtk_window_close(gtkWindow)
    }
    DispatchQueue.main.asyncAfter(deadline: .now() + 60) {
        print("feed: the first screen was not drawn within a minute")
        exit(1)
    }
}
GTK.run(window: window)                               // until the window closes

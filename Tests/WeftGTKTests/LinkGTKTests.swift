import CGtk4
import Foundation
import Testing
import Weft
import WeftDisplay
import WeftTestSupport
@testable import WeftGTK

/// Records the links tapped in a window's cells.
@MainActor
final class TappedLinks: TextNodeDelegate {
    var taps: [String] = []
    func textNode(_ textNode: TextNode, tappedLink link: TextLink, at point: CGPoint) { taps.append(link.value) }
}

extension GTKWindows {
    /// Links in a GTK window, with a real pointer: `xdotool` moves it and
    /// clicks through the X server (XTEST), as a mouse does.
    @MainActor
    @Suite(.serialized, .enabled(if: GTKHarness.displayIsAvailable, "needs a display: run under xvfb-run"))
    struct LinkGTKTests {
        /// Where post `item`'s link shows in the window, in points.
        func linkPoint(_ item: Int, in harness: GTKHarness) throws -> CGPoint {
            let path = IndexPath(item: item, section: 0)
            let cell = try #require(harness.collection.nodeForItem(at: path) as? TitleCell)
            let frame = harness.collection.viewportRect(
                forContentRect: try #require(harness.collection.frameForItem(at: path)))
            let child = try #require(cell.calculatedLayout?.children.first { $0.node === cell.title })
            let text = try #require(cell.title.calculatedLayout).size
            // "the docs" ends the title: the first point along its middle that is on it.
            let link = stride(from: 0.0, to: text.width, by: 4).lazy
                .compactMap { cell.title.link(at: CGPoint(x: $0, y: text.height / 2)) }.first
            let rect = try #require(link?.rects.first, "a link along the middle of \(text)")
            return CGPoint(x: frame.minX + child.frame.minX + rect.midX, y: frame.minY + child.frame.minY + rect.midY)
        }

        /// Moves the pointer to `point` in the window (it must not be there
        /// already: `--sync` waits for it to move), or leaves it where it is
        /// (`nil`), then clicks the primary button if asked.
        func pointer(_ harness: GTKHarness, to point: CGPoint?, click: Bool) async throws {
            let move = point.map { ["mousemove", "--window", "%1", "--sync", "\(Int($0.x))", "\(Int($0.y))"] } ?? []
            _ = try await harness.runTool("/usr/bin/xdotool", [
                "search", "--sync", "--name", "^\(harness.title)$", "windowfocus", "--sync",
            ] + move + (click ? ["click", "1"] : []))
        }

        /// A click on a link taps it and selects nothing; the pointer shows a
        /// hand over it; a click beside it selects the post. In a list read
        /// top down and in an inverted one, at both ends.
        @Test(arguments: [false, true])
        func aClickOnALinkTapsItInsteadOfSelecting(inverted: Bool) async throws {
            let posts = Posts(count: 40)
            let taps = TappedLinks()
            posts.links = taps
            let harness = try GTKHarness()
            defer { harness.close() }
            harness.collection.isInverted = inverted
            try await harness.show(posts)
            for item in [0, 2] {
                let point = try linkPoint(item, in: harness)
                try await pointer(harness, to: point, click: false)
                try await harness.run("the pointer over post \(item)'s link") { harness.view.showsPointerCursor }
                let cursor = try #require(gtk_widget_get_cursor(harness.view.canvas))
                #expect(String(cString: gdk_cursor_get_name(cursor)) == "pointer")
                try await pointer(harness, to: nil, click: true)
                try await harness.run("post \(item)'s link tapped") { taps.taps.count == (item == 0 ? 1 : 2) }
                #expect(taps.taps.last == "docs-\(item)")
                #expect(posts.selected.isEmpty, "a link's click selects nothing")
            }
            // Beside the link, in the cell's padding: the post is selected, the cursor is the default.
            let frame = harness.collection.viewportRect(
                forContentRect: try #require(harness.collection.frameForItem(at: IndexPath(item: 2, section: 0))))
            try await pointer(harness, to: CGPoint(x: frame.minX + 4, y: frame.midY), click: true)
            try await harness.run("post 2 selected") { posts.selected == [2] }
            #expect(!harness.view.showsPointerCursor && gtk_widget_get_cursor(harness.view.canvas) == nil)
            #expect(taps.taps.count == 2)
            // The other end of the list, the oldest post: the scroll bar's end
            // in a list read top down, its start in an inverted one.
            harness.view.scroll(to: inverted ? 0 : harness.collection.layout.contentSize.height)
            try await harness.runUntilSettled("the other end")
            #expect(harness.collection.indexPathsForVisibleItems.contains(IndexPath(item: 39, section: 0)))
            let point = try linkPoint(39, in: harness)
            try await pointer(harness, to: point, click: true)
            try await harness.run("post 39's link tapped") { taps.taps.count == 3 }
            #expect(taps.taps.last == "docs-39" && posts.selected == [2])
        }

        /// The keyboard reaches links as GtkListView's Tab reaches a row's
        /// children: Tab moves from the focused item to its link, Return taps
        /// it (and selects nothing), Shift+Tab goes back to the item, whose
        /// Return selects it. Real key presses through XTEST.
        @Test func tabReachesTheFocusedItemsLinkAndReturnTapsIt() async throws {
            let posts = Posts(count: 40)
            let taps = TappedLinks()
            posts.links = taps
            let harness = try GTKHarness()
            defer { harness.close() }
            try await harness.show(posts)
            try await harness.press(["Down", "Down"])
            // Both presses handled: xdotool ends once the X server has the keys,
            // and GTK may handle the second after the first has focused an item.
            // Waiting for any item captured the first one's link while the
            // second Down moved on, and Tab then reached the next item's link.
            try await harness.run("post 2 focused") {
                harness.view.indexPathForFocusedItem == IndexPath(item: 2, section: 0)
            }
            let focused = try #require(harness.view.indexPathForFocusedItem).item
            let root = try #require(gtk_widget_get_root(harness.view.canvas))
            let element = try #require(harness.collection.dataController.visibleMap.element(at: IndexPath(item: focused, section: 0)))
            let item = try #require(harness.view.itemAccessible(of: element))
            #expect(item.links.count == 1)
            try await harness.press(["Tab"])
            try await harness.run("the link focused") { gtk_root_get_focus(root) == item.links.first?.widget }
            // The focus ring goes around the link, not the post.
            try await harness.runUntilSettled("the ring around the link")
            let (matches, difference) = try ReferenceImage.matches(
                try harness.screenshot(), "keyboard-link-focused.png", besides: #filePath, encode: { $0.pngData() },
                decode: { try Bitmap(pngData: $0) })
            #expect(matches, "\(difference.map { "\($0)" } ?? "")")
            try await harness.press(["Return"])
            try await harness.run("the link tapped") { taps.taps == ["docs-\(focused)"] }
            #expect(posts.selected.isEmpty, "Return on a link selects nothing")
            try await harness.press(["shift+Tab"])
            try await harness.run("the item focused again") { gtk_root_get_focus(root) == item.widget }
            try await harness.press(["Return"])
            try await harness.run("the item selected") { posts.selected == [focused] }
            #expect(taps.taps.count == 1)
        }

        /// A right-to-left window of Arabic posts, inverted, at both ends: the
        /// links lead from the right, a click on one taps it, and the screen
        /// matches its reference (looked at).
        @Test func linksInAnInvertedRightToLeftWindow() async throws {
            let posts = Posts(count: 40)
            posts.isArabic = true
            let taps = TappedLinks()
            posts.links = taps
            let harness = try GTKHarness()
            defer { harness.close() }
            gtk_widget_set_direction(harness.view.widget, GTK_TEXT_DIR_RTL)
            harness.collection.isInverted = true
            try await harness.show(posts)
            let newest = try linkPoint(0, in: harness)
            #expect(newest.x > Double(harness.size.width) / 2, "an Arabic title's link is on the right: \(newest)")
            try await pointer(harness, to: newest, click: true)
            try await harness.run("post 0's link tapped") { taps.taps == ["docs-0"] }
            let (matches, difference) = try ReferenceImage.matches(
                try harness.screenshot(), "links-inverted-rtl.png", besides: #filePath, encode: { $0.pngData() },
                decode: { try Bitmap(pngData: $0) })
            #expect(matches, "\(difference.map { "\($0)" } ?? "")")
            harness.view.scroll(to: 0)
            try await harness.runUntilSettled("the oldest posts")
            try await pointer(harness, to: try linkPoint(39, in: harness), click: true)
            try await harness.run("post 39's link tapped") { taps.taps == ["docs-0", "docs-39"] }
            #expect(posts.selected.isEmpty)
        }
    }
}

import CGtk4
import Foundation
import Testing
import Weft
import WeftCore
@testable import WeftGTK
import WeftDataController
import WeftDisplay
import WeftTestSupport

extension GTKWindows {
    /// The keyboard as a person uses it: real key presses through the X server
    /// (`xdotool`'s XTEST events, which GTK takes as a keyboard's), in a real
    /// window under Xvfb. xdotool missing fails these tests; `scripts/setup`
    /// installs it.
    @MainActor
    @Suite(.serialized, .enabled(if: GTKHarness.displayIsAvailable, "needs a display: run under xvfb-run"))
    struct KeyboardTests {
        let first = IndexPath(item: 0, section: 0)

        func path(_ item: Int) -> IndexPath { IndexPath(item: item, section: 0) }

        /// The widget that holds focus for the focused item, if it has focus.
        func focusedItemWidgetHasFocus(_ harness: GTKHarness) -> Bool {
            guard let element = harness.view.focusedElement, let item = harness.view.itemAccessible(of: element) else {
                return false
            }
            return gtk_widget_has_focus(item.widget) != 0
        }

        /// The straight-alpha `color` over white, as 0...255 channels.
        func over(_ color: Color, background: Double = 1) -> (Double, Double, Double) {
            let blend = { (channel: Double) in (channel * color.alpha + background * (1 - color.alpha)) * 255 }
            return (blend(color.red), blend(color.green), blend(color.blue))
        }

        func channels(_ pixel: UInt32) -> (Double, Double, Double) {
            (Double((pixel >> 16) & 0xFF), Double((pixel >> 8) & 0xFF), Double(pixel & 0xFF))
        }

        func near(_ a: (Double, Double, Double), _ b: (Double, Double, Double), within tolerance: Double = 3) -> Bool {
            abs(a.0 - b.0) <= tolerance && abs(a.1 - b.1) <= tolerance && abs(a.2 - b.2) <= tolerance
        }

        @Test func arrowKeysMoveFocusEnterSelectsAndSelectionAndFocusAreDrawn() async throws {
            let posts = Posts(count: 1_000)
            posts.cellBackground = nil
            let harness = try GTKHarness(itemLoading: .lazy)
            defer { harness.close() }
            try await harness.show(posts)

            try await harness.press(["Down", "Down", "Down", "Return"])
            try await harness.run("post 3 selected by Enter") { posts.selected == [3] }
            #expect(harness.view.indexPathForFocusedItem == path(3))
            #expect(harness.collection.indexPathsForSelectedItems == [path(3)])
            #expect(focusedItemWidgetHasFocus(harness), "the item's widget holds GTK's focus")

            // Drawn: the selected post's rect shows the theme's selection tint behind
            // its title, with the focus ring at its edge; the other posts stay white.
            try await harness.runUntilSettled("the selected post drawn")
            let screen = try harness.screenshot()
            let selectedFrame = harness.collection.viewportRect(
                forContentRect: try #require(harness.collection.frameForItem(at: path(3))))
            let theme = try #require(harness.view.themeColor(named: "theme_selected_bg_color"))
            let tint = harness.collection.selectedBackgroundColor
            #expect(abs(tint.alpha - theme.alpha * 0.3) < 0.01, "the selection follows the theme: \(tint) from \(theme)")
            let background = channels(screen.pixel(x: Int(selectedFrame.maxX) - 12, y: Int(selectedFrame.midY)))
            #expect(near(background, over(tint)), "selected post's background \(background), expected \(over(tint))")
            let ring = channels(screen.pixel(x: Int(selectedFrame.minX) + 2, y: Int(selectedFrame.midY)))
            #expect(ring.0 < background.0 - 20, "a focus ring at the post's edge: \(ring) against \(background)")
            let otherFrame = harness.collection.viewportRect(
                forContentRect: try #require(harness.collection.frameForItem(at: path(1))))
            let other = channels(screen.pixel(x: Int(otherFrame.maxX) - 12, y: Int(otherFrame.midY)))
            #expect(near(other, (255, 255, 255)), "an unselected post stays white: \(other)")
            let (matches, difference) = try ReferenceImage.matches(
                screen, "keyboard-selected.png", besides: #filePath, encode: { $0.pngData() },
                decode: { try Bitmap(pngData: $0) })
            #expect(matches, "\(difference.map { "\($0)" } ?? "")")

            // End: focus goes to the last post through a thousand lazy items, which scroll into view.
            try await harness.press(["End"])
            try await harness.run("the last post focused and shown") {
                harness.layOut()
                return harness.view.indexPathForFocusedItem == path(999)
                    && harness.collection.viewIndexPathsForVisibleItems.contains(path(999)) && focusedItemWidgetHasFocus(harness)
            }
            try await harness.runUntilSettled("the end of the list")
            let last = harness.collection.viewportRect(forContentRect: try #require(harness.collection.frameForItem(at: path(999))))
            #expect(last.minY >= 0 && last.maxY <= harness.collection.viewportSize.height + 0.5, "shown whole: \(last)")
            try await harness.press(["Home"])
            try await harness.run("the first post focused again") {
                harness.layOut()
                return harness.view.indexPathForFocusedItem == first && focusedItemWidgetHasFocus(harness)
            }
            #expect(harness.collection.diagnostics.diagnostics.isEmpty, "\(harness.collection.diagnostics.diagnostics)")
        }

        @Test func upInAnInvertedListGoesToTheOlderPostAboveIt() async throws {
            let posts = Posts(count: 200)
            let harness = try GTKHarness()
            defer { harness.close() }
            harness.collection.isInverted = true
            try await harness.show(posts)
            let newest = harness.collection.viewportRect(forContentRect: try #require(harness.collection.frameForItem(at: first)))
            harness.view.click(at: CGPoint(x: newest.midX, y: newest.midY))
            #expect(harness.view.indexPathForFocusedItem == first)

            try await harness.press(["Up"])
            try await harness.run("post 1 focused") { harness.view.indexPathForFocusedItem == path(1) }
            let above = harness.collection.viewportRect(forContentRect: try #require(harness.collection.frameForItem(at: path(1))))
            #expect(above.maxY <= newest.minY + 0.5, "the focused post is drawn above the newest")
            try await harness.press(["Down", "Down"])
            try await harness.run("back at the newest post, which is the end") { harness.view.indexPathForFocusedItem == first }
            try await harness.press(["Return"])
            try await harness.run("the newest post selected again, by Return") { posts.selected == [0, 0] }
        }

        @Test func shiftExtendsAndControlTogglesWithMultipleSelection() async throws {
            let posts = Posts(count: 100)
            let harness = try GTKHarness()
            defer { harness.close() }
            harness.collection.allowsMultipleSelection = true
            try await harness.show(posts)

            try await harness.press(["space", "shift+Down", "shift+Down"])
            try await harness.run("three posts selected") { harness.collection.indexPathsForSelectedItems.count == 3 }
            #expect(harness.collection.indexPathsForSelectedItems == [path(0), path(1), path(2)])
            #expect(posts.selected == [0, 1, 2])
            try await harness.press(["ctrl+space"])
            try await harness.run("post 2 toggled off") { posts.deselected == [2] }
            #expect(harness.collection.indexPathsForSelectedItems == [path(0), path(1)])
            try await harness.press(["Up", "ctrl+Return"])
            try await harness.run("post 1 toggled off") { posts.deselected == [2, 1] }
            #expect(harness.collection.indexPathsForSelectedItems == [path(0)])
        }

        @Test func tabLeavesTheListAndShiftTabComesBackToTheFocusedPost() async throws {
            let posts = Posts(count: 100)
            let harness = try GTKHarness()
            defer { harness.close() }
            // The list above a button, in one box.
            let gtkWindow = UnsafeMutableRawPointer(harness.window).assumingMemoryBound(to: GtkWindow.self)
            g_object_ref(UnsafeMutableRawPointer(harness.view.widget))
            gtk_window_set_child(gtkWindow, nil)
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            gtk_widget_set_vexpand(harness.view.widget, 1)
            gtk_box_append(UnsafeMutableRawPointer(box).assumingMemoryBound(to: GtkBox.self), harness.view.widget)
            g_object_unref(UnsafeMutableRawPointer(harness.view.widget))
            let button = gtk_button_new_with_label("After the list")!
            gtk_box_append(UnsafeMutableRawPointer(box).assumingMemoryBound(to: GtkBox.self), button)
            gtk_window_set_child(gtkWindow, box)
            try await harness.show(posts)

            try await harness.press(["Down"])
            try await harness.run("post 1 focused") { harness.view.indexPathForFocusedItem == path(1) }
            try await harness.press(["Tab"])
            try await harness.run("the button focused") { gtk_widget_has_focus(button) != 0 }
            #expect(!harness.view.isFocusInside)
            try await harness.press(["shift+Tab"])
            try await harness.run("post 1 focused again") { focusedItemWidgetHasFocus(harness) }
            #expect(harness.view.indexPathForFocusedItem == path(1))
        }

        @Test func keysHeldDownAtAThousandPerSecondStopAtTheLastPost() async throws {
            let posts = Posts(count: 1_000)
            let harness = try GTKHarness(itemLoading: .lazy)
            defer { harness.close() }
            try await harness.show(posts)
            try await harness.press(Array(repeating: "Down", count: 1_100), delay: 1)
            try await harness.run("the last post focused") { harness.view.indexPathForFocusedItem == path(999) }
            try await harness.runUntilSettled("the end of the list drawn")
            #expect(harness.collection.viewIndexPathsForVisibleItems.contains(path(999)))
            #expect(harness.collection.diagnostics.diagnostics.isEmpty, "\(harness.collection.diagnostics.diagnostics)")
        }

        @Test func aFocusedPostDeletedInTheSameTurnLeavesFocusSafe() async throws {
            let posts = Posts(count: 100)
            let harness = try GTKHarness()
            defer { harness.close() }
            try await harness.show(posts)
            try await harness.press(["Down", "Down", "Down"])
            try await harness.run("post 3 focused") { harness.view.indexPathForFocusedItem == path(3) }

            // The app deletes the focused post, and a key arrives before the commit.
            posts.ids.remove(at: 3)
            try harness.collection.deleteItems(at: [path(3)])
            #expect(harness.view.keyPressed(guint(GDK_KEY_Down), modifiers: GdkModifierType(0)))
            #expect(harness.view.keyPressed(guint(GDK_KEY_Return), modifiers: GdkModifierType(0)))
            try await harness.run("the delete committed") { !harness.collection.isProcessingUpdates }
            try await harness.runUntilSettled("the screen after the delete")
            let focused = try #require(harness.view.indexPathForFocusedItem)
            #expect(focused.item < posts.ids.count)
            #expect(!posts.selected.contains(3), "the deleted post was never selected")
            try await harness.press(["Down"])
            try await harness.run("focus moves on") { harness.view.indexPathForFocusedItem != focused }
        }
    }
}

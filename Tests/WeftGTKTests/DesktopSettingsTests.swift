import CGtk4
import Foundation
import Testing
import Weft
@testable import WeftGTK
import WeftDisplay
import WeftSimulation
import WeftTestSupport

/// weft-gallery's feed: its post cells, by number.
@MainActor
final class GalleryPosts: CollectionNodeDataSource {
    func collectionNode(_ node: CollectionNode, numberOfItemsInSection section: Int) -> Int { 100 }

    func collectionNode(_ node: CollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> CellNodeBlock {
        let id = indexPath.item
        return { PostCellNode(id: id) }
    }
}

extension GTKWindows {
    /// The desktop's text settings, changed as GNOME's settings daemon changes
    /// them (GtkSettings' `gtk-xft-dpi` and `gtk-font-name`), reach the cells:
    /// measured again, drawn larger or in the desktop's font, never blank.
    @MainActor
    @Suite(.serialized, .enabled(if: GTKHarness.displayIsAvailable, "needs a display: run under xvfb-run"))
    struct DesktopSettingsTests {
        /// Sets an integer or string property of the display's GtkSettings.
        func setSetting(_ name: String, _ value: Any) throws {
            let settings = try #require(gtk_settings_get_default())
            var gvalue = GValue()
            switch value {
            case let number as Int:
                g_value_init(&gvalue, GType(6 << G_TYPE_FUNDAMENTAL_SHIFT))  // G_TYPE_INT
                g_value_set_int(&gvalue, gint(number))
            case let text as String:
                g_value_init(&gvalue, GType(16 << G_TYPE_FUNDAMENTAL_SHIFT))  // G_TYPE_STRING
                g_value_set_string(&gvalue, text)
            default:
                Issue.record("a setting of an unexpected type: \(value)")
                return
            }
            g_object_set_property(UnsafeMutableRawPointer(settings).assumingMemoryBound(to: GObject.self), name, &gvalue)
            g_value_unset(&gvalue)
        }

        /// Reads an integer or string property of the display's GtkSettings.
        func setting(_ name: String, string: Bool) throws -> Any {
            let settings = try #require(gtk_settings_get_default())
            var gvalue = GValue()
            g_value_init(&gvalue, GType((string ? 16 : 6) << G_TYPE_FUNDAMENTAL_SHIFT))
            defer { g_value_unset(&gvalue) }
            g_object_get_property(UnsafeMutableRawPointer(settings).assumingMemoryBound(to: GObject.self), name, &gvalue)
            return string ? (g_value_get_string(&gvalue).map { String(cString: $0) } ?? "") as Any
                : Int(g_value_get_int(&gvalue)) as Any
        }

        /// Sets the desktop's font as GNOME's settings daemon does, and runs
        /// until the container's traits carry `family` and the cells are drawn.
        func setFont(_ name: String, family: String, in harness: GTKHarness) async throws {
            try setSetting("gtk-font-name", name)
            try await harness.run("the traits in \(family)") {
                harness.view.setNeedsDisplay()
                harness.layOut()
                return harness.collection.traitCollection.fontFamily == family
            }
            try await harness.runUntilSettled("the text drawn in \(family)")
        }

        /// Rows of the item's rect on `screen` that hold ink.
        func inkRows(_ item: Int, on screen: Bitmap, of harness: GTKHarness) throws -> Int {
            let rect = harness.collection.viewportRect(
                forContentRect: try #require(harness.collection.frameForItem(at: IndexPath(item: item, section: 0))))
            return ReferenceImage.inkRows(screen, x: Int(rect.minX) ..< Int(rect.maxX), y: Int(rect.minY) ..< Int(rect.maxY))
        }

        @Test func theTextFollowsGTKsTextScaleAndFontSettings() async throws {
            let posts = Posts(count: 200)
            let harness = try GTKHarness()
            defer { harness.close() }
            let dpi = try #require(try setting("gtk-xft-dpi", string: false) as? Int)
            let font = try #require(try setting("gtk-font-name", string: true) as? String)
            defer {
                try? setSetting("gtk-xft-dpi", dpi)
                try? setSetting("gtk-font-name", font)
            }
            try await harness.show(posts)
            let first = IndexPath(item: 0, section: 0)
            let before = try #require(harness.collection.frameForItem(at: first))
            let inkBefore = try inkRows(0, on: try harness.screenshot(), of: harness)
            #expect(harness.collection.traitCollection.textScale == (dpi > 0 ? Double(dpi) / 1024 / 96 : 1))

            // GNOME's "large text": 1.25 times 96 dpi.
            try setSetting("gtk-xft-dpi", 120 * 1024)
            try await harness.run("the cells measured at the larger text") {
                harness.view.setNeedsDisplay()
                harness.layOut()
                return harness.collection.traitCollection.textScale == 1.25
                    && (harness.collection.frameForItem(at: first)?.height ?? 0) > before.height
            }
            try await harness.runUntilSettled("the larger text drawn")
            let larger = try harness.screenshot()
            try larger.writePNG(to: URL(fileURLWithPath: NSTemporaryDirectory() + "gtk-text-scale-1.25.png"))
            let after = try #require(harness.collection.frameForItem(at: first))
            #expect(after.height - 28 >= (before.height - 28) * 1.2, "the title's line grew: \(before) then \(after)")
            let inkAfter = try inkRows(0, on: larger, of: harness)
            #expect(inkAfter > inkBefore, "taller ink: \(inkBefore) rows, then \(inkAfter)")
            #expect(harness.collection.blankVisibleItems.isEmpty)

            // The desktop's font for text that names none; an alias is matched to what Fontconfig draws it with.
            try await setFont("DejaVu Sans Mono 11", family: "DejaVu Sans Mono", in: harness)
            try harness.screenshot().writePNG(to: URL(fileURLWithPath: NSTemporaryDirectory() + "gtk-text-mono.png"))
            try setSetting("gtk-font-name", "Sans 10")
            try await harness.run("the alias matched") {
                harness.view.setNeedsDisplay()
                harness.layOut()
                return harness.collection.traitCollection.fontFamily != "DejaVu Sans Mono"
            }
            let family = try #require(harness.collection.traitCollection.fontFamily)
            #expect(Fonts.availableFamilies.contains(family), "\"Sans\" is an installed family: \(family)")
            #expect(!Fonts.diagnostics.diagnostics.contains { "\($0)".contains("\"Sans\"") }, "no missing family reported")
            try await harness.runUntilSettled("the screen in the desktop's font")
            #expect(harness.collection.diagnostics.diagnostics.isEmpty, "\(harness.collection.diagnostics.diagnostics)")
        }

        /// A window that opens on a desktop whose font is not Weft's default
        /// measures its first screen in that font, as a later font change
        /// measures it: weft-gallery's post cells add their text nodes after
        /// measuring them (automatic subnode management), which measured them
        /// in DejaVu Sans and drew them in the desktop's font, cutting the
        /// last line of a third of the posts under Noto Sans.
        @Test func theFirstScreenIsMeasuredInTheDesktopsFont() async throws {
            try GTK.initialize()
            let font = try #require(try setting("gtk-font-name", string: true) as? String)
            defer { try? setSetting("gtk-font-name", font) }
            try setSetting("gtk-font-name", "DejaVu Sans Mono 11")
            let feed = GalleryPosts()
            let harness = try GTKHarness()
            defer { harness.close() }
            // The window at its size first, as an app's is when its feed
            // arrives: the first measurement is the one the cells keep.
            harness.present()
            harness.collection.dataSource = feed
            harness.collection.reloadData()
            try await harness.runUntilSettled("the first screen")
            #expect(harness.collection.traitCollection.fontFamily == "DejaVu Sans Mono")
            let shown = (0 ..< 4).map { IndexPath(item: $0, section: 0) }
            let measured = shown.map { (harness.collection.nodeForItem(at: $0) as? PostCellNode)?.body.calculatedLayout?.size }
            #expect(measured.allSatisfy { $0 != nil })

            // Measured again by a change of font and back: the same sizes.
            try await setFont("DejaVu Sans 11", family: "DejaVu Sans", in: harness)
            try await setFont("DejaVu Sans Mono 11", family: "DejaVu Sans Mono", in: harness)
            let again = shown.map { (harness.collection.nodeForItem(at: $0) as? PostCellNode)?.body.calculatedLayout?.size }
            #expect(again == measured, "the first screen's posts measured \(measured), in the desktop's font \(again)")
            #expect(harness.collection.blankVisibleItems.isEmpty)
        }
    }
}

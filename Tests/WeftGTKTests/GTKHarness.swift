import CGtk4
import Foundation
import Testing
import Weft
import WeftGTK

/// A window around a ``GTKCollectionView`` and its container, and a way to let
/// GTK and the main queue run until something holds.
///
/// Swift Testing serves the main actor from libdispatch's main queue (after
/// `dispatchMain()`), so GTK's loop cannot serve the queue here as it does in
/// an app; the harness turns both instead: GTK's ready events, then a yield to
/// the main queue's other work (commits, drawings landing), until a condition
/// holds or a deadline passes. It never sleeps.
@MainActor
final class GTKHarness {
    /// Whether a display is named (`DISPLAY` or `WAYLAND_DISPLAY`). With
    /// `WEFT_REQUIRE_DISPLAY=1` (CI, under xvfb-run) the tests run regardless, so
    /// a missing display fails them with GTK's typed error instead of skipping them.
    nonisolated static var displayIsAvailable: Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment["WEFT_REQUIRE_DISPLAY"] == "1" || !(environment["DISPLAY"] ?? "").isEmpty
            || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
    }

    let view: GTKCollectionView
    let collection: CollectionNode
    let window: UnsafeMutablePointer<GtkWidget>
    /// Frames the view painted, newest last.
    private(set) var frames: [GTKFrame] = []

    init(itemLoading: DataController.ItemLoading = .eager, width: Int32 = 360, height: Int32 = 480) throws {
        try GTK.initialize()
        DisplayNode.defaultContentsScale = 1
        view = GTKCollectionView()
        collection = CollectionNode(layout: try ListLayout(), view: view, itemLoading: itemLoading)
        window = gtk_window_new()
        let gtkWindow = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
        gtk_window_set_default_size(gtkWindow, width, height)
        gtk_window_set_child(gtkWindow, view.widget)
        view.framePainted = { [unowned self] frame in self.frames.append(frame) }
    }

    /// Shows the window.
    func present() {
        gtk_window_present(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self))
    }

    /// Closes the window, as its close button does.
    func close() {
        view.framePainted = nil
        gtk_window_destroy(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self))
    }

    /// Runs GTK and the main queue until `condition` holds.
    func run(_ what: String, timeout: Duration = .seconds(120), until condition: () -> Bool) async throws {
        let clock = ContinuousClock(), deadline = clock.now + timeout
        while !condition() {
            guard clock.now < deadline else { throw HarnessTimeout(waitingFor: what) }
            GTK.handlePendingEvents()
            await Task.yield()
        }
    }

    /// Runs until a frame painted after now shows every visible cell drawn, and
    /// returns it.
    @discardableResult
    func runUntilSettled(_ what: String) async throws -> GTKFrame {
        let start = frames.count
        view.setNeedsDisplay()
        try await run(what) {
            frames.count > start && frames.last!.visibleItems > 0 && frames.last!.blankVisibleItems == 0
        }
        return frames.last!
    }

    /// The view as it shows now.
    func screenshot() throws -> Bitmap {
        try GTK.render(view.widget)
    }
}

struct HarnessTimeout: Error, CustomStringConvertible {
    var waitingFor: String
    var description: String { "timed out waiting for \(waitingFor)" }
}

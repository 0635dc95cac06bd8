import CGtk4
import Foundation
import Weft
import WeftGTK
import WeftSimulation

/// One run of the gallery: the window, the feed, and the script the options ask for.
@MainActor
final class GallerySession {
    /// Where a run stands; each painted frame may move it on.
    enum Phase {
        /// Waiting for the visible cells to be drawn, then `next`.
        case settling(step: String, next: () -> Void)
        /// A scripted scroll from `offset` at `start` (frame clock µs; nil until the first frame).
        case scrolling(start: Int?, offset: Double)
        /// Nothing scripted: a person uses the window.
        case interactive
        case finished
    }

    let options: WeftGallery
    let view: GTKCollectionView
    let collection: CollectionNode
    let feed: GalleryFeed
    let window: UnsafeMutablePointer<GtkWidget>
    /// The window's content: the collection with the overlay above it.
    let content: UnsafeMutablePointer<GtkWidget>
    let overlay: UnsafeMutablePointer<GtkWidget>
    var phase = Phase.interactive
    var outcome: Result<Void, GalleryError> = .success(())
    var statistics = FrameStatistics()
    var lastFrame: GTKFrame?
    /// `g_get_monotonic_time` when the command began, and when the first
    /// frame with every visible cell drawn was painted.
    let started: Int
    var firstCompleteFrame: Int?

    init(options: WeftGallery, started: Int) throws {
        self.options = options
        self.started = started
        view = GTKCollectionView()
        view.accessibilityLabel = "Posts"
        feed = GalleryFeed(count: options.items, displaysAsynchronously: !options.synchronousDisplay)
        collection = CollectionNode(layout: try ListLayout(), view: view, itemLoading: .lazy)
        // A chat: post 0 (the newest) at the bottom; fetching at the end fetches older posts, above.
        collection.isInverted = options.inverted
        collection.dataSource = feed
        collection.delegate = feed
        window = gtk_window_new()
        // GTK's list of toplevels owns a new window and drops it when the window
        // closes; the session's own reference keeps the pointer valid until run() ends.
        g_object_ref(UnsafeMutableRawPointer(window))
        gtk_window_set_title(window.cast(), "Weft gallery: \(options.items) posts")
        gtk_window_set_default_size(window.cast(), Int32(options.width), Int32(options.height))
        let stack = gtk_overlay_new()!
        content = stack
        gtk_overlay_set_child(OpaquePointer(stack), view.widget)
        overlay = gtk_label_new("")
        gtk_widget_add_css_class(overlay, "weft-overlay")
        let style = gtk_css_provider_new()
        gtk_css_provider_load_from_data(
            style, ".weft-overlay { background: rgba(0,0,0,0.72); color: white; padding: 4px 8px; border-radius: 6px; }",
            -1)
        gtk_style_context_add_provider_for_display(
            gtk_widget_get_display(window), OpaquePointer(style), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(UnsafeMutableRawPointer(style))
        gtk_widget_set_halign(overlay, GTK_ALIGN_END)
        gtk_widget_set_valign(overlay, GTK_ALIGN_START)
        gtk_widget_set_margin_top(overlay, 8)
        gtk_widget_set_margin_end(overlay, 20)
        gtk_widget_set_can_target(overlay, 0)
        gtk_overlay_add_overlay(OpaquePointer(stack), overlay)
        gtk_window_set_child(window.cast(), stack)
        let quit: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = { _, _ in
            MainActor.assumeIsolated { GTK.quitMainLoop() }
            return 0
        }
        g_signal_connect_data(
            UnsafeMutableRawPointer(window), "close-request", unsafeBitCast(quit, to: GCallback.self), nil, nil,
            GConnectFlags(0))
    }

    /// Shows the window and runs GTK's loop until the script ends or the window closes.
    func run() -> Result<Void, GalleryError> {
        view.framePainted = { [unowned self] frame in self.framePainted(frame) }
        collection.reloadData()
        gtk_window_present(window.cast())
        if options.scrollTo != nil || options.scrollSpeed != nil || options.screenshot != nil {
            settle("the first screen") { [unowned self] in self.afterFirstScreen() }
        }
        GTK.runMainLoop()
        view.framePainted = nil
        gtk_window_destroy(window.cast())
        g_object_unref(UnsafeMutableRawPointer(window))
        if case .success = outcome, let error = collection.diagnostics.diagnostics.first {
            return .failure(.pipeline("the pipeline reported: \(error)"))
        }
        return outcome
    }

    private func afterFirstScreen() {
        if let offset = options.scrollTo {
            view.scroll(to: offset)
            settle("--scroll-to \(offset)") { [unowned self] in self.afterScrollTo() }
        } else {
            afterScrollTo()
        }
    }

    private func afterScrollTo() {
        if options.scrollSpeed != nil {
            phase = .scrolling(start: nil, offset: collection.displayedContentOffset.y)
            view.frameWillBegin = { [unowned self] time in self.scrollStep(at: time) }
            view.startContinuousFrames()
        } else {
            afterScrolling()
        }
    }

    private func afterScrolling() {
        guard let path = options.screenshot else { return finish(.success(())) }
        settle("--screenshot") { [unowned self] in
            do {
                try GTK.render(self.content).writePNG(to: URL(fileURLWithPath: path))
                print("weft-gallery: wrote \(path)")
                self.finish(.success(()))
            } catch {
                self.finish(.failure(.pipeline("--screenshot \(path): \(error)")))
            }
        }
    }

    /// Moves the offset for the frame at `time`: `--scroll-speed` screens a second.
    private func scrollStep(at time: Int) {
        guard case .scrolling(let start, let offset) = phase, let speed = options.scrollSpeed else { return }
        guard let start else {
            phase = .scrolling(start: time, offset: offset)
            return
        }
        let elapsed = Double(time - start) / 1_000_000
        if elapsed >= options.seconds {
            view.stopContinuousFrames()
            view.frameWillBegin = nil
            let firstFrame = firstCompleteFrame.map { Double($0 - started) / 1000 }
            print(statistics.report(
                speed: speed, seconds: elapsed, synchronous: options.synchronousDisplay, cellsMade: feed.cellsMade,
                firstCompleteFrame: firstFrame))
            afterScrolling()
            return
        }
        // Down the feed, or, in a chat, up toward older posts (the scroll bar's value falls).
        let distance = speed * collection.viewportSize.height * elapsed
        view.scroll(to: options.inverted ? offset - distance : offset + distance)
    }

    private func framePainted(_ frame: GTKFrame) {
        if case .scrolling(let start?, _) = phase, frame.frameTime > start { statistics.add(frame) }
        // The overlay changes after a scripted step, so a screenshot shows it laid out.
        defer { updateOverlay(frame) }
        guard case .settling(_, let next) = phase, frame.visibleItems > 0, frame.blankVisibleItems == 0 else { return }
        if firstCompleteFrame == nil { firstCompleteFrame = g_get_monotonic_time() }
        phase = .interactive
        next()
    }

    /// Waits for a frame with every visible cell drawn, then runs `next`; fails
    /// the run if none comes within `--settle-timeout`.
    private func settle(_ step: String, then next: @escaping () -> Void) {
        phase = .settling(step: step, next: next)
        view.setNeedsDisplay()
        DispatchQueue.main.asyncAfter(deadline: .now() + options.settleTimeout) { [weak self] in
            MainActor.assumeIsolated {
                guard let self, case .settling(let waiting, _) = self.phase, waiting == step else { return }
                let frame = self.lastFrame
                self.finish(.failure(.notSettled(
                    step: step, seconds: self.options.settleTimeout, blank: frame?.blankVisibleItems ?? 0,
                    visible: frame?.visibleItems ?? 0)))
            }
        }
    }

    private func finish(_ outcome: Result<Void, GalleryError>) {
        phase = .finished
        self.outcome = outcome
        GTK.quitMainLoop()
    }

    /// The overlay: the last frame's main-thread time, the cells made, the selection.
    private func updateOverlay(_ frame: GTKFrame) {
        lastFrame = frame
        let milliseconds = Double(frame.mainThreadTime.components.attoseconds) / 1e15
            + Double(frame.mainThreadTime.components.seconds) * 1000
        var text = String(format: "frame %.1f ms · %d cells made", milliseconds, feed.cellsMade)
        if let selected = feed.selected { text += " · post \(selected) selected" }
        gtk_label_set_text(OpaquePointer(overlay), text)
    }
}

extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// The widget as its class's instance type (GObject's upcast, unchecked).
    func cast<T>() -> UnsafeMutablePointer<T> {
        UnsafeMutableRawPointer(self).assumingMemoryBound(to: T.self)
    }
}

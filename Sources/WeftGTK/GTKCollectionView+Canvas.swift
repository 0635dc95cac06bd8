import CGtk4
import CWeftGTK
import Foundation
import Weft

/// The canvas's callbacks: GTK calls them on its main thread, in its frame
/// phases, with the view as an unretained context.
extension GTKCollectionView {
    static let canvasCallbacks = weft_canvas_callbacks(
        context: nil,
        allocate: { context, width, height in
            view(context).map { view in MainActor.assumeIsolated { view.timed { view.allocate(width: width, height: height) } } }
        },
        snapshot: { context, snapshot, width, height in
            // GTK's snapshot, used on this (the main) thread within the call only.
            guard let snapshot else { return }
            nonisolated(unsafe) let frameSnapshot = snapshot
            view(context).map { view in MainActor.assumeIsolated { view.timed { view.draw(into: frameSnapshot, width: width, height: height) } } }
        },
        scrolled: { context, value in
            view(context).map { view in MainActor.assumeIsolated { view.didScroll(to: value) } }
        },
        frame_began: { context, frameTime in
            view(context).map { view in MainActor.assumeIsolated { view.frameBegan(at: frameTime) } }
        },
        frame_painted: { context, frameTime in
            view(context).map { view in MainActor.assumeIsolated { view.framePainted(at: frameTime) } }
        },
        pressed: { context, x, y, down in
            view(context).map { view in MainActor.assumeIsolated { view.press(at: CGPoint(x: x, y: y), down: down != 0) } }
        },
        held: { context, x, y in
            view(context).map { view in MainActor.assumeIsolated { view.pressHeld(at: CGPoint(x: x, y: y)) } }
        },
        pointer_moved: { context, x, y in
            view(context).map { view in MainActor.assumeIsolated { view.pointerMoved(to: CGPoint(x: x, y: y)) } }
        },
        clicked: { context, x, y, state in
            view(context).map { view in
                MainActor.assumeIsolated { view.click(at: CGPoint(x: x, y: y), modifiers: state) }
            }
        },
        key_pressed: { context, keyval, state in
            guard let view = view(context) else { return 0 }
            return MainActor.assumeIsolated { view.keyPressed(keyval, modifiers: state) } ? 1 : 0
        },
        focus_target: { context in
            guard let view = view(context) else { return nil }
            // A pointer is not Sendable out of the isolated closure; its bits are.
            let target = MainActor.assumeIsolated { view.focusTarget().map { UInt(bitPattern: $0) } ?? 0 }
            return UnsafeMutablePointer(bitPattern: target)
        },
        focus_changed: { context, inside in
            view(context).map { view in MainActor.assumeIsolated { view.focusChanged(inside: inside != 0) } }
        },
        item_activated: { context, item in
            // The widget's bits cross into the isolated closure: a pointer is not Sendable.
            guard let item else { return }
            let bits = UInt(bitPattern: item)
            view(context).map { view in MainActor.assumeIsolated { view.itemActivated(UnsafeMutablePointer(bitPattern: bits)) } }
        },
        focus_step: { context, forward in
            guard let view = view(context) else { return nil }
            // As focus_target: the widget's bits cross out of the isolated closure.
            let next = MainActor.assumeIsolated { view.focusStep(forward: forward != 0).map { UInt(bitPattern: $0) } ?? 0 }
            return UnsafeMutablePointer(bitPattern: next)
        },
        link_activated: { context, link in
            guard let link else { return }
            let bits = UInt(bitPattern: link)
            view(context).map { view in MainActor.assumeIsolated { view.linkActivated(UnsafeMutablePointer(bitPattern: bits)) } }
        },
        desktop_changed: { context in
            view(context).map { view in
                MainActor.assumeIsolated {
                    view.desktopNeedsReading = true
                    gtk_widget_queue_draw(view.canvas)
                }
            }
        }
    )

    private static func view(_ context: UnsafeMutableRawPointer?) -> GTKCollectionView? {
        context.map { Unmanaged<GTKCollectionView>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The canvas has a new size: it is the viewport. Sizes the adjustments to
    /// the content and moves the ranges.
    /// An allocation that only places item widgets (they moved with a scroll,
    /// the canvas kept its size) lays nothing out.
    func allocate(width: Int32, height: Int32) {
        guard let container else { return }
        let size = CGSize(width: Double(width), height: Double(height))
        if !itemsNeedAllocation || allocatedSize != size {
            if container.viewportSize != size { container.viewportSize = size }
            needsLayout = true
            layOutContainerIfNeeded()
            configureAdjustments()
        }
        allocatedSize = size
        itemsNeedAllocation = false
        allocateItemAccessibles()
    }

    /// Sizes the vertical adjustment to the content and the viewport, at the
    /// container's offset (which the container keeps within the content).
    func configureAdjustments() {
        guard let container, let vertical = weft_canvas_get_vadjustment(canvas), container.viewportSize != .zero
        else { return }
        let page = container.viewportSize.height
        let upper = max(container.layout.contentSize.height, page)
        isConfiguringAdjustments = true
        // The adjustment is the scroll position as shown: an inverted list's
        // starts at the layout's far end (`displayedContentOffset`).
        gtk_adjustment_configure(vertical, container.displayedContentOffset.y, 0, upper, page * 0.1, page * 0.9, page)
        if let horizontal = weft_canvas_get_hadjustment(canvas) {
            let width = container.viewportSize.width
            gtk_adjustment_configure(horizontal, 0, 0, width, width * 0.1, width * 0.9, width)
        }
        isConfiguringAdjustments = false
        // The adjustment keeps its value within the content; an offset left past
        // the end (a taller viewport, shorter content) follows it, or the view
        // would show a gap where the scrollbar says the content ends.
        let clamped = gtk_adjustment_get_value(vertical)
        if clamped != container.displayedContentOffset.y { didScroll(to: clamped) }
    }

    /// The adjustment moved (wheel, touchpad, scrollbar, keys, ``scroll(to:)``):
    /// the container's offset follows, and the next frame moves the ranges
    /// before it lays out and paints.
    func didScroll(to value: Double) {
        guard !isConfiguringAdjustments, let container else { return }
        isApplyingScroll = true
        container.displayedContentOffset.y = value
        isApplyingScroll = false
        needsLayout = true
        gtk_widget_queue_draw(canvas)
    }

    /// A frame begins (the frame clock's before-paint phase, which every frame
    /// has): the drawings finished by now are applied
    /// (`DisplayNode.commitFinishedDisplays()`, so they are in this frame rather
    /// than a later main-queue turn's), then the range update a scroll asked for
    /// and the hand-over of the visible cells (``mount(_:of:)``) run, before
    /// layout and paint.
    func frameBegan(at frameTime: Int) {
        frameStart = g_get_monotonic_time()
        viewTime = .zero
        frameWillBegin?(frameTime)
        timed {
            if desktopNeedsReading {
                desktopNeedsReading = false
                applyDesktopTraits()
            }
            DisplayNode.commitFinishedDisplays()
            layOutContainerIfNeeded()
        }
    }

    /// Lays the container out (`CollectionNode.layoutIfNeeded()`: the range
    /// update, then the visible cells handed to ``mount(_:of:)``) if a scroll,
    /// commit or load asked for it since it last did. Each frame's update phase
    /// calls it; drawing calls it too, for a snapshot taken outside the frame
    /// clock (`GTK.render`), where it then finds nothing to do in a real frame.
    func layOutContainerIfNeeded() {
        guard needsLayout, let container else { return }
        needsLayout = false
        container.layoutIfNeeded()
    }

    /// Runs `body`, adding its duration to the frame's ``viewTime``.
    func timed(_ body: () -> Void) {
        let start = ContinuousClock.now
        body()
        viewTime += ContinuousClock.now - start
    }

    /// A frame was painted: reports what it cost, if anyone listens.
    func framePainted(at frameTime: Int) {
        let now = g_get_monotonic_time(), busy = weft_main_queue_busy_time()
        let drew = didDrawThisFrame, start = frameStart
        frameStart = nil
        didDrawThisFrame = false
        defer { lastMainQueueTime = busy }
        guard drew, let framePainted, let start else { return }
        let frame = GTKFrame(
            frameTime: frameTime,
            phasesTime: Duration.microseconds(now - start),
            mainQueueTime: Duration.microseconds(busy - lastMainQueueTime),
            viewTime: viewTime,
            visibleItems: drawnScreen.visibleItems.count,
            blankVisibleItems: drawnScreen.blankItems.count,
            placeholderVisibleItems: drawnScreen.placeholderItems.count,
            isAnimating: drawnScreen.isAnimating)
        framePainted(frame)
    }
}

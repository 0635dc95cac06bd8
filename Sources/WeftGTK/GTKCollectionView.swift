public import CGtk4
import CWeftGTK
public import Foundation
public import Weft

/// A container's backing view in a GTK 4 window: Texture's `ASCollectionView`
/// on the Linux desktop.
///
/// Pass one to a container and put its ``widget`` in a window:
///
/// ```swift
/// try GTK.initialize()
/// let view = GTKCollectionView()
/// let feed = CollectionNode(layout: try ListLayout(), view: view, itemLoading: .lazy)
/// feed.dataSource = posts
/// gtk_window_set_child(window, view.widget)
/// feed.reloadData()
/// GTK.runMainLoop()
/// ```
///
/// Step 5 of each update (the commit) goes through a `HeadlessCollectionView`
/// inside, so the relay order, the validation of the relayed edits by UIKit's
/// rules and the divergence record are the headless view's, word for word;
/// then the widget redraws. The widget is a `GtkScrolledWindow` around a
/// canvas: its allocation drives `CollectionNode.viewportSize`, its vertical
/// adjustment (wheel, touchpad, scrollbar, keys) `CollectionNode.contentOffset`,
/// and each frame draws the container's `CollectionNode.visibleContentLayers()`
/// over the contents' own bytes (textures with GTK's GL renderer, Cairo image
/// surfaces with its Cairo renderer; no conversion on Weft's side). The range
/// update a scroll asks for runs at the start of the next frame, before layout
/// and paint.
/// A click taps the item under it (`CollectionNode.tapItem(at:)`).
///
/// Main thread only, in a process that runs GTK's main loop; see ``GTK``.
@MainActor
public final class GTKCollectionView: ContainerBackingView {
    /// The widget to put in a window: a `GtkScrolledWindow`.
    public let widget: UnsafeMutablePointer<GtkWidget>

    /// The view that validates and applies every commit, as the headless view
    /// does: its diagnostics are the data controller's, and its cells are the
    /// ones this view shows.
    public let headless: HeadlessCollectionView

    /// What shows where no cell draws.
    public var backgroundColor: Color = .white {
        didSet { gtk_widget_queue_draw(canvas) }
    }

    /// Called on main after each frame the widget painted, with what it cost.
    public var framePainted: (@MainActor (GTKFrame) -> Void)?

    /// Called on main at the start of each frame's update phase, with the frame
    /// clock's time in microseconds: where a scripted scroll moves the offset.
    public var frameWillBegin: (@MainActor (Int) -> Void)?

    /// The container the view shows; set by the container.
    public private(set) weak var container: CollectionNode?

    let canvas: UnsafeMutablePointer<GtkWidget>
    var textures = _TextureCache()
    var contentsObservation: ContentsObservation?
    /// A scroll arrived since the last frame: the next update phase moves the ranges.
    var needsRangeUpdate = false
    /// Inside a call that configures the adjustments: their value changes are ours.
    var isConfiguringAdjustments = false
    /// When the current frame began (its before-paint phase).
    var frameStart: Int?
    var lastMainQueueTime: Int = 0
    /// Time spent in the canvas's callbacks since the frame began.
    var viewTime = Duration.zero
    /// The canvas drew since the frame began: the frame is the view's to report.
    var didDrawThisFrame = false
    /// The tick callback that keeps the frame clock running, while one is asked for.
    var tickCallback: guint?

    /// Creates the view and its widgets. Call ``GTK/initialize()`` first.
    ///
    /// - Parameter viewKind: `.collection` (the default) or `.table`, for the
    ///   headless view's wording.
    public init(viewKind: ViewKind = .collection) {
        headless = HeadlessCollectionView(viewKind: viewKind)
        let scrolled = gtk_scrolled_window_new()!
        // The widget is the view's: a strong reference of its own, not a floating one.
        g_object_ref_sink(UnsafeMutableRawPointer(scrolled))
        widget = scrolled
        canvas = weft_canvas_new()
        // The canvas calls back with an unretained self: the view outlives its
        // callbacks, which deinit clears first.
        var callbacks = Self.canvasCallbacks
        callbacks.context = Unmanaged.passUnretained(self).toOpaque()
        weft_canvas_set_callbacks(canvas, &callbacks)
        gtk_scrolled_window_set_policy(OpaquePointer(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        // The view's own reference: the canvas outlives any change of the
        // scrolled window's child, so deinit can clear its callbacks.
        g_object_ref_sink(UnsafeMutableRawPointer(canvas))
        gtk_scrolled_window_set_child(OpaquePointer(scrolled), canvas)
        lastMainQueueTime = weft_main_queue_busy_time()
    }

    isolated deinit {
        stopContinuousFrames()
        weft_canvas_clear_callbacks(canvas)
        textures.removeAll()
        g_object_unref(UnsafeMutableRawPointer(canvas))
        g_object_unref(UnsafeMutableRawPointer(widget))
    }

    /// The index paths of the items the view shows now, in its own index space
    /// (the committed one), top to bottom.
    public var indexPathsForVisibleItems: [IndexPath] {
        container?.viewIndexPathsForVisibleItems ?? []
    }

    // MARK: ContainerBackingView

    public func attach(to dataController: DataController, preparedIndexPaths: @escaping @MainActor () -> [IndexPath]) {
        headless.attach(to: dataController, preparedIndexPaths: preparedIndexPaths)
    }

    public func attach(to container: CollectionNode) {
        self.container = container
        contentsObservation = DisplayNode.observeContents { [weak self] _ in
            guard let self else { return }
            gtk_widget_queue_draw(self.canvas)
        }
        gtk_widget_queue_allocate(canvas)
    }

    public func dataController(_ dataController: DataController, commit update: DataUpdate, updates: () -> Void) {
        headless.dataController(dataController, commit: update, updates: updates)
        contentDidChange()
    }

    public func dataController(
        _ dataController: DataController, didLoadItemsAt indexPaths: [IndexPath], in map: ElementMap<CollectionElement>
    ) {
        headless.dataController(dataController, didLoadItemsAt: indexPaths, in: map)
        gtk_widget_queue_draw(canvas)
    }

    public func dataController(
        _ dataController: DataController, didUnloadItemsAt indexPaths: [IndexPath], in map: ElementMap<CollectionElement>
    ) {
        headless.dataController(dataController, didUnloadItemsAt: indexPaths, in: map)
        gtk_widget_queue_draw(canvas)
    }

    public func dataControllerDidRelayout(_ dataController: DataController) {
        headless.dataControllerDidRelayout(dataController)
        contentDidChange()
    }

    /// The content's size may have changed: the adjustments follow at once (a
    /// scroll right after a commit reaches the new content), and the frame redraws.
    func contentDidChange() {
        configureAdjustments()
        gtk_widget_queue_draw(canvas)
    }
}

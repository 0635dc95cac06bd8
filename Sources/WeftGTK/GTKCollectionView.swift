public import CGtk4
import CWeftGTK
public import Foundation
public import Weft
public import WeftElementMap
import WeftDataController
import WeftNode

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
/// Step 5 of each update (the commit) is checked by the engine's
/// `CommitValidator`, UIKit's rules over the relayed edits, as every backing
/// view's is; a refusal goes to the container's diagnostics. Then the widget
/// redraws. The view keeps no cells of its own: it shows the container's
/// visible map. The widget is a `GtkScrolledWindow` around a canvas: its
/// allocation drives `CollectionNode.viewportSize`, its vertical adjustment
/// (wheel, touchpad, scrollbar, keys) `CollectionNode.contentOffset`. At the
/// start of each frame the container lays out (`CollectionNode.layoutIfNeeded()`:
/// the range update a scroll asked for, then the visible cells handed to
/// ``mount(_:of:)``), and the frame draws those cells' contents over their own
/// bytes (textures with GTK's GL renderer, Cairo image surfaces with its Cairo
/// renderer; no conversion on Weft's side): one walk of the visible cells a
/// frame.
/// A click taps the item under it (`CollectionNode.tapItem(at:)`); keys move
/// focus between items and select them, as GtkListView's do, and selection,
/// highlight and the focus ring are drawn in the theme's colours. A screen
/// reader finds a list whose visible items are its children, with their
/// labels, positions and states.
///
/// Main thread only, in a process that runs GTK's main loop; see ``GTK``.
@MainActor
public final class GTKCollectionView: ContainerBackingView {
    /// The widget to put in a window: a `GtkScrolledWindow`.
    public let widget: UnsafeMutablePointer<GtkWidget>

    /// UIKit's check of every commit, against the counts the view shows.
    var validator: CommitValidator

    /// The cells the container handed over at its last layout: what each frame draws.
    var mountedCells: [VisibleCell] = []
    /// The nodes of ``mountedCells``: a drawing landing in one of them redraws.
    var mountedNodes: Set<ObjectIdentifier> = []

    /// What shows where no cell draws: `nil` (the default) for the theme's
    /// base colour (white in Adwaita, dark grey in its dark style).
    public var backgroundColor: Color? {
        didSet { gtk_widget_queue_draw(canvas) }
    }

    /// What a screen reader calls the list ("Posts", "Messages"); `nil` (the
    /// default) for none.
    public var accessibilityLabel: String? {
        didSet { weft_widget_set_accessible_label(canvas, accessibilityLabel) }
    }

    /// Whether the view follows the desktop's theme (`true` by default): the
    /// container's selection and highlight colours are the theme's selection
    /// colour, and its trait collection's style and contrast the theme's (dark
    /// from the theme's colours, GTK's dark preference or a `:dark` or `-dark`
    /// theme name; high contrast from a HighContrast theme name, as GTK 4.8
    /// has no setting for it). Set `false` to keep the container's own. The
    /// display scale follows the widget's scale factor either way.
    public var followsTheme = true {
        didSet { applyDesktopTraits() }
    }

    /// Whether the container's text follows the desktop's text settings
    /// (`true` by default): its trait collection's text scale is GTK's
    /// `gtk-xft-dpi` over 96 dpi (GNOME's "large text" is 1.25), and its font
    /// family, for text that names none, the installed family of
    /// `gtk-font-name`. A change measures the cells again. Set `false` to keep
    /// the container's own.
    public var followsTextSettings = true {
        didSet { applyDesktopTraits() }
    }

    /// Called on main after each frame the widget painted, with what it cost.
    public var framePainted: (@MainActor (GTKFrame) -> Void)?

    /// Called on main at the start of each frame's update phase, with the frame
    /// clock's time in microseconds: where a scripted scroll moves the offset.
    public var frameWillBegin: (@MainActor (Int) -> Void)?

    /// The container the view shows; set by the container.
    public private(set) weak var container: CollectionNode?

    let canvas: UnsafeMutablePointer<GtkWidget>
    /// The desktop's settings or the widget's scale factor changed since the
    /// traits were last read (GTK's notifications): the next frame reads them.
    var desktopNeedsReading = true
    /// The desktop's font name as last read, and the installed family it
    /// matched (Fontconfig is asked only when the name changes).
    var desktopFontName: String?
    var desktopFontFamily: String?
    var textures = _TextureCache()
    var contentsObservation: ContentsObservation?
    /// A scroll, commit or load arrived since the last frame: the next frame
    /// lays the container out before it draws.
    var needsLayout = false
    /// Inside a call that configures the adjustments: their value changes are ours.
    var isConfiguringAdjustments = false
    /// When the current frame began (its before-paint phase).
    var frameStart: Int?
    var lastMainQueueTime: Int = 0
    /// Time spent in the canvas's callbacks since the frame began.
    var viewTime = Duration.zero
    /// The canvas drew since the frame began: the frame is the view's to report.
    var didDrawThisFrame = false
    /// What the last drawing showed: its layers, and the items it left blank,
    /// which the frame reports (the count is made on the layers drawn).
    var drawnScreen = _Screen()
    /// The tick callback that keeps the frame clock running, while one is asked for.
    var tickCallback: guint?
    /// The visible items' widgets for assistive technologies and focus, in screen order.
    var itemAccessibles: [_ItemAccessible] = []
    /// The item widgets moved since the canvas last allocated them: the next
    /// allocation places them, and lays nothing out.
    var itemsNeedAllocation = false
    /// The canvas's size at its last allocation.
    var allocatedSize: CGSize?
    /// The item keyboard focus is on, while it exists.
    weak var focusedElement: CollectionElement?
    /// Where a selection extended with Shift starts: the last item focused without Shift.
    weak var anchorElement: CollectionElement?
    /// The item under a press of the primary button, highlighted until it ends.
    weak var pressedElement: CollectionElement?
    /// The node that claimed the press under way (a text node's link,
    /// `PressHandling`) and its origin in the widget, until the press ends.
    var claimedPress: (handler: any PressHandling, origin: CGPoint)?
    /// The last press was claimed by a node: the click it ends in selects nothing.
    var lastPressWasClaimed = false
    /// The pointer shows the "pointer" cursor: it is over a press target.
    var showsPointerCursor = false
    /// A focus move waiting for its item to load (index path in the data
    /// source's space, and whether it extends the selection).
    var pendingFocus: (path: IndexPath, extending: Bool)?
    /// Keyboard focus is on the list or one of its items.
    var isFocusInside = false
    /// The mounted cells (their nodes) whose contents or selection changed
    /// since the item widgets were last told: only their labels are asked again.
    var cellsToRetell: Set<ObjectIdentifier> = []
    /// A mounted cell's contents or selection changed since the item widgets
    /// were last told: the next frame tells them.
    var accessiblesNeedUpdate: Bool { !cellsToRetell.isEmpty }
    /// What the list last told assistive technologies of its multiple selection.
    var toldMultiselectable: Bool?
    /// Inside ``didScroll(to:)``: the offset moves to where the adjustment is.
    var isApplyingScroll = false

    /// Creates the view and its widgets. Call ``GTK/initialize(returningFreedMemoryAtOnce:)`` first.
    ///
    /// - Parameter viewKind: `.collection` (the default) or `.table`, for the
    ///   wording of the commits' check.
    public init(viewKind: ViewKind = .collection) {
        validator = CommitValidator(viewKind: viewKind)
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
        removeItemAccessibles()
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
        validator.reload(from: dataController.visibleMap)
    }

    public func attach(to container: CollectionNode) {
        self.container = container
        // Only this container's cells, and of those the ones on screen: news of
        // other views' nodes, or of cells drawn ahead, redraws nothing.
        contentsObservation = DisplayNode.observeContents(ofCellsIn: container) { [weak self] cell in
            guard let self, self.mountedNodes.contains(ObjectIdentifier(cell)) else { return }
            // What the cell says may have changed with what it shows (its text, its selection).
            self.cellsToRetell.insert(ObjectIdentifier(cell))
            gtk_widget_queue_draw(self.canvas)
        }
        applyDesktopTraits()
        gtk_widget_queue_allocate(canvas)
    }

    /// Keeps the cells to draw in the next frame; redraws if they changed.
    public func mount(_ cells: [VisibleCell], of container: CollectionNode) {
        let changed = cells.count != mountedCells.count
            || zip(cells, mountedCells).contains { $0.node !== $1.node || $0.frame != $1.frame }
        mountedCells = cells
        updateItemAccessibles(for: cells)
        resumePendingFocus()
        keepFocusOnFocusedItem()
        guard changed else { return }
        mountedNodes = Set(cells.compactMap { $0.node.map(ObjectIdentifier.init) })
        gtk_widget_queue_draw(canvas)
    }

    /// The app moved the offset (a `scrollToItem`, a new offset): the scroll
    /// bar follows and the next frame shows the new place. The view's own
    /// scrolls (the adjustment moved) are already where the adjustment is.
    public func containerDidScroll(_ container: CollectionNode) {
        guard !isApplyingScroll else { return }
        contentDidChange()
    }

    public func dataController(_ dataController: DataController, commit update: DataUpdate, updates: () -> Void) {
        _ = validator.commit(update, of: dataController, updates: updates)
        contentDidChange()
    }

    public func dataController(
        _ dataController: DataController, didLoadItemsAt indexPaths: [IndexPath], in map: ElementMap<CollectionElement>
    ) {
        contentDidChange()
    }

    public func dataController(
        _ dataController: DataController, didUnloadItemsAt indexPaths: [IndexPath], in map: ElementMap<CollectionElement>
    ) {
        contentDidChange()
    }

    public func dataControllerDidRelayout(_ dataController: DataController) {
        contentDidChange()
    }

    /// The content's size or cells may have changed: the adjustments follow at
    /// once (a scroll right after a commit reaches the new content), and the
    /// next frame lays out and redraws.
    func contentDidChange() {
        configureAdjustments()
        needsLayout = true
        gtk_widget_queue_draw(canvas)
    }
}

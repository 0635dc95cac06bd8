import CGtk4
import CWeftGTK
import Foundation
import Weft

extension GTKCollectionView {
    /// The frame: the background, then the contents of every node of the cells
    /// the container handed over at its last layout, as a texture at its frame,
    /// back to front. Textures wrap the contents' bytes; those not drawn this
    /// frame are let go.
    ///
    /// - Complexity: O(*l*) for *l* layers, plus GTK's rendering.
    func draw(into snapshot: OpaquePointer, width: Int32, height: Int32) {
        let background = backgroundColor ?? themeBackground
        var color = GdkRGBA(
            red: Float(background.red), green: Float(background.green),
            blue: Float(background.blue), alpha: Float(background.alpha))
        var bounds = graphene_rect_t(
            origin: graphene_point_t(x: 0, y: 0), size: graphene_size_t(width: Float(width), height: Float(height)))
        gtk_snapshot_append_color(snapshot, &color, &bounds)
        didDrawThisFrame = true
        layOutContainerIfNeeded()
        guard let container else { return }
        if accessiblesNeedUpdate { updateItemAccessibles(for: mountedCells) }
        drawnScreen = container.screen(of: mountedCells, at: CollectionNode.frameTime)
        let layers = drawnScreen.layers
        let size = CGSize(width: Double(width), height: Double(height))
        let scale = Double(gtk_widget_get_scale_factor(canvas))
        if rendersWithCairo {
            drawWithCairo(layers, size: size, scale: scale, into: snapshot)
        } else {
            drawWithTextures(layers, size: size, scale: scale, into: snapshot)
        }
        drawFocusRing(into: snapshot)
        // A fading placeholder changes the picture with nothing else changed:
        // draw the next frame too (a one-shot tick; GTK drops it with the widget).
        if drawnScreen.isAnimating {
            gtk_widget_add_tick_callback(canvas, { widget, _, _ in
                gtk_widget_queue_draw(widget)
                return 0  // G_SOURCE_REMOVE
            }, nil, nil)
        }
    }

    /// A texture per layer that shows, at the rect the shared placement gives
    /// it (``Bitmap/Layer``'s, as a composed frame's).
    private func drawWithTextures(_ layers: [Bitmap.Layer], size: CGSize, scale: Double, into snapshot: OpaquePointer) {
        Bitmap.Layer.place(layers, inCompositionOf: size, scale: scale) { layer, placed in
            var frame = graphene_rect_t(
                origin: graphene_point_t(x: Float(placed.minX), y: Float(placed.minY)),
                size: graphene_size_t(width: Float(placed.width), height: Float(placed.height)))
            if layer.opacity < 1 { gtk_snapshot_push_opacity(snapshot, layer.opacity) }
            gtk_snapshot_append_texture(snapshot, textures.texture(for: layer.bitmap), &frame)
            if layer.opacity < 1 { gtk_snapshot_pop(snapshot) }
        }
        textures.endFrame()
    }

    /// Whether the window renders with GSK's Cairo renderer (software: Xvfb,
    /// or `GSK_RENDERER=cairo`). It converts every texture to a Cairo surface
    /// in every frame (allocating and copying each), so the view hands it Cairo
    /// drawing over the contents' own bytes instead, which are Cairo's format.
    var rendersWithCairo: Bool {
        guard let native = gtk_widget_get_native(canvas), let renderer = gtk_native_get_renderer(native) else {
            return false
        }
        let instance = UnsafeMutableRawPointer(renderer).assumingMemoryBound(to: GTypeInstance.self)
        return g_type_check_instance_is_a(instance, gsk_cairo_renderer_get_type()) != 0
    }

    /// A Cairo node per layer, over the part of it on screen, painted from an
    /// image surface that wraps its bitmap's bytes (no copy), through a
    /// raster-source pattern so that the recording keeps the bitmap rather than
    /// a snapshot Cairo would copy the pixels into when the surface goes
    /// (``_CairoSource``).
    ///
    /// A node per layer rather than one for the frame: the renderer replays a
    /// node's recording into an image of the node's size before compositing it,
    /// and one node for the frame made that a fresh screen-sized image each
    /// frame (1.5 MB at 480x800, every page faulted in anew): main's time per
    /// frame at 10 screens/s fell from 6.1-6.7 to 5.2-6.2 ms (p50) without it.
    private func drawWithCairo(_ layers: [Bitmap.Layer], size: CGSize, scale: Double, into snapshot: OpaquePointer) {
        defer { textures.endFrame() }
        let visible = CGRect(origin: .zero, size: size)
        Bitmap.Layer.place(layers, inCompositionOf: size, scale: scale) { layer, placed in
            let shown = placed.intersection(visible)
            guard !shown.isEmpty else { return }
            var layerBounds = graphene_rect_t(
                origin: graphene_point_t(x: Float(shown.minX), y: Float(shown.minY)),
                size: graphene_size_t(width: Float(shown.width), height: Float(shown.height)))
            guard let cairo = gtk_snapshot_append_cairo(snapshot, &layerBounds) else { return }
            defer { cairo_destroy(cairo) }
            let bitmap = layer.bitmap
            cairo_translate(cairo, placed.minX, placed.minY)
            // The bitmap's pixels onto the placed rect: 1/scale for a bitmap at
            // its own size, a stretch for a fill's one pixel.
            cairo_scale(cairo, placed.width / Double(bitmap.pixelWidth), placed.height / Double(bitmap.pixelHeight))
            let pattern = textures.pattern(for: bitmap)
            cairo_set_source(cairo, pattern)
            cairo_pattern_destroy(pattern)
            if layer.size != nil {
                // A stretched pixel fills its rect to the edges, unblurred. A
                // padded pattern has no edges of its own: the clip bounds it,
                // as the node's bounds do for a fill wholly on screen.
                cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_NEAREST)
                cairo_pattern_set_extend(cairo_get_source(cairo), CAIRO_EXTEND_PAD)
                cairo_rectangle(cairo, 0, 0, Double(bitmap.pixelWidth), Double(bitmap.pixelHeight))
                cairo_clip(cairo)
            }
            if layer.opacity < 1 { cairo_paint_with_alpha(cairo, layer.opacity) } else { cairo_paint(cairo) }
        }
    }

    /// Redraws the visible cells in the next frame, which ``framePainted``
    /// then reports. The view redraws by itself when contents land, items
    /// commit or the offset moves.
    public func setNeedsDisplay() {
        gtk_widget_queue_draw(canvas)
    }

    /// Sets the scroll position's vertical offset through the adjustment, as a
    /// scrollbar would (the position as shown: `CollectionNode.displayedContentOffset`,
    /// from the top of the screen's content, which for an inverted list is its
    /// oldest item); the container's offset follows and the next frame moves
    /// the ranges. Clamped to the content.
    public func scroll(to offset: Double) {
        guard let vertical = weft_canvas_get_vadjustment(canvas) else { return }
        gtk_adjustment_set_value(vertical, offset)
    }

    /// Keeps the frame clock running every frame (for a scripted scroll or a
    /// frame-time measurement) until ``stopContinuousFrames()``. GTK otherwise
    /// paints only when something changed.
    public func startContinuousFrames() {
        guard tickCallback == nil else { return }
        tickCallback = gtk_widget_add_tick_callback(canvas, { _, _, _ in 1 }, nil, nil)
    }

    /// Lets the frame clock idle again.
    public func stopContinuousFrames() {
        guard let tickCallback else { return }
        gtk_widget_remove_tick_callback(canvas, tickCallback)
        self.tickCallback = nil
    }
}

import CGtk4
import CWeftGTK
import Foundation
import Weft

extension GTKCollectionView {
    /// The frame: the background, then every visible node's contents as a
    /// texture at its frame, back to front. Textures wrap the contents' bytes;
    /// those not drawn this frame are let go.
    ///
    /// - Complexity: O(*l*) for *l* layers, plus GTK's rendering.
    func draw(into snapshot: OpaquePointer, width: Int32, height: Int32) {
        var color = GdkRGBA(
            red: Float(backgroundColor.red), green: Float(backgroundColor.green),
            blue: Float(backgroundColor.blue), alpha: Float(backgroundColor.alpha))
        var bounds = graphene_rect_t(
            origin: graphene_point_t(x: 0, y: 0), size: graphene_size_t(width: Float(width), height: Float(height)))
        gtk_snapshot_append_color(snapshot, &color, &bounds)
        didDrawThisFrame = true
        guard let container else { return }
        for layer in container.visibleContentLayers() {
            let size = layer.bitmap.size
            var frame = graphene_rect_t(
                origin: graphene_point_t(x: Float(layer.origin.x), y: Float(layer.origin.y)),
                size: graphene_size_t(width: Float(size.width), height: Float(size.height)))
            gtk_snapshot_append_texture(snapshot, textures.texture(for: layer.bitmap), &frame)
        }
        textures.endFrame()
    }

    /// Redraws the visible cells in the next frame, which ``framePainted``
    /// then reports. The view redraws by itself when contents land, items
    /// commit or the offset moves.
    public func setNeedsDisplay() {
        gtk_widget_queue_draw(canvas)
    }

    /// Sets the scroll position's vertical offset through the adjustment, as a
    /// scrollbar would; the container's offset follows and the next frame
    /// moves the ranges. Clamped to the content.
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

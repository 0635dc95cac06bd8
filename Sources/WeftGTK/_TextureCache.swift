import CGtk4
import Weft

/// GDK textures and Cairo image surfaces for the contents a view draws, made
/// once per bitmap.
///
/// A texture wraps the bitmap's bytes without copying: Weft's ARGB32 is
/// premultiplied native-endian, which on little-endian machines is GDK's
/// `B8G8R8A8_PREMULTIPLIED` (`GDK_MEMORY_DEFAULT`, as Cairo's). The texture's
/// bytes hold the bitmap, released when GDK drops them, on whichever thread
/// the renderer does. Textures not drawn in a frame are let go at its end, so
/// the cache holds about a screen of contents. A surface (for GSK's Cairo
/// renderer) wraps the bytes the same way and holds the bitmap as its user data.
@MainActor
struct _TextureCache {
    private var textures: [ObjectIdentifier: (bitmap: Bitmap, texture: OpaquePointer)] = [:]
    private var surfaces: [ObjectIdentifier: (bitmap: Bitmap, surface: OpaquePointer)] = [:]
    private var drawn: Set<ObjectIdentifier> = []

    /// The texture for `bitmap`, made now if this is its first frame.
    ///
    /// - Complexity: O(1); a new texture allocates a wrapper, not the pixels.
    mutating func texture(for bitmap: Bitmap) -> OpaquePointer {
        let key = ObjectIdentifier(bitmap)
        drawn.insert(key)
        if let known = textures[key] { return known.texture }
        let owner = Unmanaged.passRetained(bitmap).toOpaque()
        let bytes = g_bytes_new_with_free_func(bitmap.baseAddress, gsize(bitmap.byteCount), { owner in
            owner.map { Unmanaged<Bitmap>.fromOpaque($0).release() }
        }, owner)
        let texture = gdk_memory_texture_new(
            Int32(bitmap.pixelWidth), Int32(bitmap.pixelHeight), GDK_MEMORY_B8G8R8A8_PREMULTIPLIED, bytes,
            gsize(bitmap.bytesPerRow))!
        g_bytes_unref(bytes)
        textures[key] = (bitmap, texture)
        return texture
    }

    /// The Cairo image surface over `bitmap`'s bytes, made now if this is its first frame.
    ///
    /// - Complexity: O(1); a new surface allocates a header, not the pixels.
    mutating func surface(for bitmap: Bitmap) -> OpaquePointer {
        let key = ObjectIdentifier(bitmap)
        drawn.insert(key)
        if let known = surfaces[key] { return known.surface }
        let surface = cairo_image_surface_create_for_data(
            UnsafeMutablePointer(mutating: bitmap.baseAddress.assumingMemoryBound(to: UInt8.self)),
            CAIRO_FORMAT_ARGB32, Int32(bitmap.pixelWidth), Int32(bitmap.pixelHeight), Int32(bitmap.bytesPerRow))!
        // Cairo never writes a source surface; the surface holds the bitmap
        // until Cairo (or a recording that references it) lets go.
        let owner = Unmanaged.passRetained(bitmap)
        let status = cairo_surface_set_user_data(surface, &_TextureCache.bitmapKey, owner.toOpaque()) { owner in
            owner.map { Unmanaged<Bitmap>.fromOpaque($0).release() }
        }
        // Only out of memory fails here; the surface then never releases the bitmap.
        if status != CAIRO_STATUS_SUCCESS { owner.release() }
        surfaces[key] = (bitmap, surface)
        return surface
    }

    /// Lets go of the textures and surfaces not drawn since the last call.
    mutating func endFrame() {
        for key in textures.keys.filter({ !drawn.contains($0) }) {
            g_object_unref(UnsafeMutableRawPointer(textures.removeValue(forKey: key)!.texture))
        }
        for key in surfaces.keys.filter({ !drawn.contains($0) }) {
            cairo_surface_destroy(surfaces.removeValue(forKey: key)!.surface)
        }
        drawn.removeAll(keepingCapacity: true)
    }

    /// Lets go of every texture and surface.
    mutating func removeAll() {
        for entry in textures.values { g_object_unref(UnsafeMutableRawPointer(entry.texture)) }
        for entry in surfaces.values { cairo_surface_destroy(entry.surface) }
        textures = [:]
        surfaces = [:]
        drawn = []
    }

    /// The key under which a surface holds its bitmap (its address is the key).
    nonisolated(unsafe) private static var bitmapKey = cairo_user_data_key_t()
}

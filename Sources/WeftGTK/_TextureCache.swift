import CGtk4
import Weft

/// GDK textures and Cairo sources for the contents a view draws, made once
/// per bitmap.
///
/// A texture wraps the bitmap's bytes without copying: Weft's ARGB32 is
/// premultiplied native-endian, which on little-endian machines is GDK's
/// `B8G8R8A8_PREMULTIPLIED` (`GDK_MEMORY_DEFAULT`, as Cairo's). The texture's
/// bytes hold the bitmap, released when GDK drops them, on whichever thread
/// the renderer does. Textures not drawn in a frame are let go at its end, so
/// the cache holds about a screen of contents. For GSK's Cairo renderer a
/// ``_CairoSource`` wraps the bytes the same way; the cache lets go of it as
/// of a texture, and the recordings that painted it keep it while they live.
@MainActor
struct _TextureCache {
    private var textures: [ObjectIdentifier: (bitmap: Bitmap, texture: OpaquePointer)] = [:]
    private var sources: [ObjectIdentifier: _CairoSource] = [:]
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

    /// A new Cairo pattern painting `bitmap`, over a source made now if this
    /// is its first frame; the caller destroys the pattern.
    ///
    /// - Complexity: O(1); a new source allocates a surface header, not the pixels.
    mutating func pattern(for bitmap: Bitmap) -> OpaquePointer {
        let key = ObjectIdentifier(bitmap)
        drawn.insert(key)
        if let known = sources[key] { return known.makePattern() }
        let source = _CairoSource(bitmap)
        sources[key] = source
        return source.makePattern()
    }

    /// Lets go of the textures and Cairo sources not drawn since the last call.
    mutating func endFrame() {
        for key in textures.keys.filter({ !drawn.contains($0) }) {
            g_object_unref(UnsafeMutableRawPointer(textures.removeValue(forKey: key)!.texture))
        }
        for key in sources.keys.filter({ !drawn.contains($0) }) {
            sources.removeValue(forKey: key)
        }
        drawn.removeAll(keepingCapacity: true)
    }

    /// Lets go of every texture and Cairo source.
    mutating func removeAll() {
        for entry in textures.values { g_object_unref(UnsafeMutableRawPointer(entry.texture)) }
        textures = [:]
        sources = [:]
        drawn = []
    }
}

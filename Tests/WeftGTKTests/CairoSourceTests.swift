import CGtk4
import Testing
import WeftCore
@testable import WeftGTK
import WeftMemory

/// The contents GSK's Cairo renderer paints: a recording (GTK's Cairo node)
/// keeps the bitmaps it painted for as long as it lives, and letting go of
/// them copies no pixels, which a surface pattern's snapshot did as every
/// cell left the screen.
@MainActor
@Suite struct CairoSourceTests {
    static let side = 256
    /// More than the cache and Cairo's bookkeeping allocate, less than one copy of the pixels.
    static let lessThanACopy: UInt64 = UInt64(side * side * 4 / 4)

    /// An opaque bitmap of one colour.
    func bitmap(_ colour: UInt32) throws -> Bitmap {
        try Bitmap(pixelWidth: Self.side, pixelHeight: Self.side) { pixels, bytesPerRow in
            for row in 0 ..< Self.side {
                (pixels + row * bytesPerRow).assumingMemoryBound(to: UInt32.self).update(repeating: colour, count: Self.side)
            }
        }
    }

    /// A recording of `source` painted over its whole extent, as GTK makes one per Cairo node.
    func recording(painting source: OpaquePointer) -> OpaquePointer {
        var extents = cairo_rectangle_t(x: 0, y: 0, width: Double(Self.side), height: Double(Self.side))
        let recording = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents)!
        let cairo = cairo_create(recording)!
        cairo_set_source(cairo, source)
        cairo_paint(cairo)
        cairo_destroy(cairo)
        return recording
    }

    /// The centre pixel of `recording` replayed onto a fresh image.
    func centrePixel(of recording: OpaquePointer) -> UInt32 {
        let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(Self.side), Int32(Self.side))!
        defer { cairo_surface_destroy(image) }
        let cairo = cairo_create(image)!
        cairo_set_source_surface(cairo, recording, 0, 0)
        cairo_paint(cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(image)
        let row = cairo_image_surface_get_data(image)! + Self.side / 2 * Int(cairo_image_surface_get_stride(image))
        return UnsafeRawPointer(row).load(fromByteOffset: Self.side / 2 * 4, as: UInt32.self)
    }

    @Test(.enabled(if: AllocationCounter.isCounting, "needs jemalloc's per-thread counter"))
    func aRecordingKeepsWhatItPaintedAndLettingGoCopiesNothing() throws {
        var cache = _TextureCache()
        var kept: Bitmap? = try bitmap(0xFF20_60A0)
        weak let watched = kept
        let pattern = cache.pattern(for: kept!)
        let recording = recording(painting: pattern)
        cairo_pattern_destroy(pattern)
        cache.endFrame()  // drawn this frame: kept
        kept = nil

        // The next frame does not draw it: the cache lets go, the recording still holds it.
        let lettingGo = try #require(AllocationCounter.bytesAllocated { cache.endFrame() })
        #expect(lettingGo < Self.lessThanACopy, "\(lettingGo) bytes allocated as the cache let go")
        #expect(watched != nil, "the recording keeps the bitmap it painted")
        #expect(centrePixel(of: recording) == 0xFF20_60A0, "and replays its pixels")

        let destroying = try #require(AllocationCounter.bytesAllocated { cairo_surface_destroy(recording) })
        #expect(destroying < Self.lessThanACopy, "\(destroying) bytes allocated as the recording went")
        #expect(watched == nil, "the last recording to go releases the bitmap")
    }

    @Test func aSourceDrawnInManyFramesIsOneSourceAndEveryPatternHoldsIt() throws {
        var cache = _TextureCache()
        var kept: Bitmap? = try bitmap(0xFF00_FF00)
        weak let watched = kept
        var recordings: [OpaquePointer] = []
        for _ in 0 ..< 3 {
            let pattern = cache.pattern(for: kept!)
            recordings.append(recording(painting: pattern))
            cairo_pattern_destroy(pattern)
            cache.endFrame()
        }
        kept = nil
        cache.removeAll()
        for (index, recording) in recordings.enumerated() {
            #expect(watched != nil, "recording \(index) of 3 still holds the bitmap")
            #expect(centrePixel(of: recording) == 0xFF00_FF00)
            cairo_surface_destroy(recording)
        }
        #expect(watched == nil)
    }

    @Test func aStretchedPixelFillsItsRectToTheEdges() throws {
        var cache = _TextureCache()
        let pixel = try Bitmap(pixelWidth: 1, pixelHeight: 1) { pixels, _ in
            pixels.storeBytes(of: 0xFFC0_1020, as: UInt32.self)
        }
        let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 10, 10)!
        defer { cairo_surface_destroy(image) }
        let cairo = cairo_create(image)!
        cairo_scale(cairo, 10, 10)
        let pattern = cache.pattern(for: pixel)
        cairo_set_source(cairo, pattern)
        cairo_pattern_destroy(pattern)
        cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_NEAREST)
        cairo_pattern_set_extend(cairo_get_source(cairo), CAIRO_EXTEND_PAD)
        cairo_paint(cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(image)
        let data = cairo_image_surface_get_data(image)!, stride = Int(cairo_image_surface_get_stride(image))
        let corners = [(0, 0), (9, 0), (0, 9), (9, 9), (5, 5)].map { x, y in
            UnsafeRawPointer(data + y * stride).load(fromByteOffset: x * 4, as: UInt32.self)
        }
        #expect(corners.allSatisfy { $0 == 0xFFC0_1020 }, "\(corners.map { String($0, radix: 16) })")
    }
}

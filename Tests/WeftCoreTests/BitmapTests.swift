import Foundation
import Testing
import WeftCore

@Suite struct BitmapTests {
    func solid(_ argb: UInt32, width: Int, height: Int, scale: Double = 1) throws -> Bitmap {
        try Bitmap(pixelWidth: width, pixelHeight: height, scale: scale) { pixels, stride in
            for row in 0 ..< height {
                (pixels + row * stride).assumingMemoryBound(to: UInt32.self).update(repeating: argb, count: width)
            }
        }
    }

    @Test func sizesBeyondTheLimitsAreRefusedBeforeAllocating() {
        #expect(throws: BitmapError.tooLarge(pixelWidth: 20_000, pixelHeight: 1)) {
            _ = try Bitmap(pixelWidth: 20_000, pixelHeight: 1)
        }
        #expect(throws: BitmapError.tooLarge(pixelWidth: 8_192, pixelHeight: 8_192)) {
            _ = try Bitmap(pixelWidth: 8_192, pixelHeight: 8_192)
        }
        #expect(throws: BitmapError.empty(pixelWidth: 0, pixelHeight: 5)) { _ = try Bitmap(pixelWidth: 0, pixelHeight: 5) }
        #expect(throws: BitmapError.invalidScale(.infinity)) { _ = try Bitmap(pixelWidth: 1, pixelHeight: 1, scale: .infinity) }
    }

    @Test func layersAreClippedScaledAndBlendedSourceOver() throws {
        let red = try solid(0xFFFF_0000, width: 4, height: 4)
        let halfBlue = try solid(0x8000_0080, width: 8, height: 8, scale: 2)   // 4 x 4 points at 2x
        let frame = try Bitmap(composing: [
            Bitmap.Layer(red, at: CGPoint(x: -2, y: -2)),          // only its bottom-right quarter shows
            Bitmap.Layer(red, at: CGPoint(x: 100, y: 100)),        // wholly outside: draws nothing
            Bitmap.Layer(red, at: CGPoint(x: -50, y: 3)),          // wholly to the left
            Bitmap.Layer(halfBlue, at: CGPoint(x: 6, y: 6)),       // scaled to 4 x 4 points at 1x, clipped
        ], size: CGSize(width: 8, height: 8), scale: 1, background: .white)
        #expect(frame.pixel(x: 0, y: 0) == 0xFFFF_0000)
        #expect(frame.pixel(x: 1, y: 1) == 0xFFFF_0000)
        #expect(frame.pixel(x: 2, y: 2) == 0xFFFF_FFFF)
        // Half-transparent blue over white: (0, 0, 128) + white × 127/255.
        #expect(frame.pixel(x: 7, y: 7) == 0xFF7F_7FFF)
        #expect(frame.pixel(x: 5, y: 5) == 0xFFFF_FFFF)
    }

    @Test func everyCompositorPlacesLayersOnWholePixelsAndSkipsThoseThatCannotShow() throws {
        let red = try solid(0xFFFF_0000, width: 4, height: 4, scale: 2)   // 2 x 2 points
        let layers = [
            Bitmap.Layer(red, at: CGPoint(x: 1.3, y: 0.74)),               // snapped to (1.5, 0.5) at 2x
            Bitmap.Layer(red, at: CGPoint(x: CGFloat.nan, y: 0)),                 // not finite: skipped
            Bitmap.Layer(red, at: CGPoint(x: 1e20, y: -1e20)),             // far outside: skipped
            Bitmap.Layer(red, at: CGPoint(x: -CGFloat.infinity, y: 1)),
            Bitmap.Layer(red, at: CGPoint(x: 9, y: 9)),                    // outside the 8 x 8 points
        ]
        var placed: [CGRect] = []
        Bitmap.Layer.place(layers, inCompositionOf: CGSize(width: 8, height: 8), scale: 2) { placed.append($1) }
        #expect(placed == [CGRect(x: 1.5, y: 0.5, width: 2, height: 2)])
        Bitmap.Layer.place(layers, inCompositionOf: CGSize(width: 8, height: 8), scale: Double.nan) { _, _ in
            Issue.record("a composition at a NaN scale places nothing")
        }
        // The composed bitmap blits exactly where the placement says, and survives the rest.
        let frame = try Bitmap(composing: layers, size: CGSize(width: 8, height: 8), scale: 2, background: .white)
        #expect(frame.pixel(x: 3, y: 1) == 0xFFFF_0000)
        #expect(frame.pixel(x: 6, y: 4) == 0xFFFF_0000)
        #expect(frame.pixel(x: 2, y: 1) == 0xFFFF_FFFF)
        #expect(frame.pixel(x: 7, y: 5) == 0xFFFF_FFFF)
    }
}

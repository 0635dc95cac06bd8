import CPangoCairo

/// EXIF orientation (tag 0x0112, 1-8): how the stored pixels turn to stand
/// upright. 1 is as stored; 2 and 4 mirror; 3 turns half round; 5 to 8 swap
/// width and height (6 turns a quarter clockwise, 8 a quarter anticlockwise,
/// 5 and 7 also mirror).
struct _ImageOrientation: Hashable, Sendable {
    let value: Int

    static let up = _ImageOrientation(value: 1)

    /// An EXIF value; anything outside 1-8 means as stored, as viewers do.
    init(value: Int) {
        self.value = (1 ... 8).contains(value) ? value : 1
    }

    /// Whether the upright image's width is the stored height.
    var swapsAxes: Bool { value >= 5 }

    /// The stored size of `width x height`, turned upright.
    func uprightSize(width: Double, height: Double) -> (width: Double, height: Double) {
        swapsAxes ? (height, width) : (width, height)
    }

    /// The matrix from stored pixel coordinates to upright ones, for a stored
    /// image of `width x height`.
    func matrix(width: Double, height: Double) -> cairo_matrix_t {
        // (xx, yx, xy, yy, x0, y0): u = xx x + xy y + x0, v = yx x + yy y + y0.
        switch value {
        case 2: cairo_matrix_t(xx: -1, yx: 0, xy: 0, yy: 1, x0: width, y0: 0)
        case 3: cairo_matrix_t(xx: -1, yx: 0, xy: 0, yy: -1, x0: width, y0: height)
        case 4: cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: -1, x0: 0, y0: height)
        case 5: cairo_matrix_t(xx: 0, yx: 1, xy: 1, yy: 0, x0: 0, y0: 0)
        case 6: cairo_matrix_t(xx: 0, yx: 1, xy: -1, yy: 0, x0: height, y0: 0)
        case 7: cairo_matrix_t(xx: 0, yx: -1, xy: -1, yy: 0, x0: height, y0: width)
        case 8: cairo_matrix_t(xx: 0, yx: -1, xy: 1, yy: 0, x0: 0, y0: width)
        default: cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: 0, y0: 0)
        }
    }

    /// The orientation a JPEG's EXIF (APP1) segment gives, or ``up``: the
    /// segments before the first scan are walked, each bounds-checked.
    ///
    /// - Complexity: O(*m*) for the *m* marker segments before the image data.
    static func jpeg(_ bytes: UnsafeRawBufferPointer) -> _ImageOrientation {
        var offset = 2  // past SOI
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { return .up }
            let marker = bytes[offset + 1]
            if marker == 0xFF { offset += 1; continue }  // fill bytes
            if marker == 0xDA || marker == 0xD9 { return .up }  // start of scan, end of image
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { return .up }
            let body = offset + 4, end = offset + 2 + length
            if marker == 0xE1, end - body >= 14,
                Array(bytes[body ..< body + 6]) == [0x45, 0x78, 0x69, 0x66, 0, 0] {  // "Exif\0\0"
                return tiff(UnsafeRawBufferPointer(rebasing: bytes[body + 6 ..< end]))
            }
            offset = end
        }
        return .up
    }

    /// Tag 0x0112 of a TIFF header's first image directory.
    private static func tiff(_ tiff: UnsafeRawBufferPointer) -> _ImageOrientation {
        guard tiff.count >= 8 else { return .up }
        let little: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): little = true  // "II"
        case (0x4D, 0x4D): little = false  // "MM"
        default: return .up
        }
        func read(_ at: Int, _ count: Int) -> Int? {
            guard at >= 0, at + count <= tiff.count else { return nil }
            var value = 0
            for index in 0 ..< count {
                let byte = Int(tiff[at + (little ? count - 1 - index : index)])
                value = value << 8 | byte
            }
            return value
        }
        guard read(2, 2) == 42, let directory = read(4, 4), let entries = read(directory, 2) else { return .up }
        for entry in 0 ..< min(entries, 512) {
            let at = directory + 2 + entry * 12
            guard let tag = read(at, 2) else { return .up }
            // A SHORT (type 3) of count 1 sits in the first two bytes of the value field.
            if tag == 0x0112, read(at + 2, 2) == 3, let value = read(at + 8, 2) {
                return _ImageOrientation(value: value)
            }
        }
        return .up
    }
}

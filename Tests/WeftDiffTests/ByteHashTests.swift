import CWeftDiff
import Testing

/// The C core's byte hash of text and UUID identities, at every length around
/// its word, 16- and 32-byte boundaries: it reads each byte (a high bit
/// anywhere is reported, a change anywhere changes the hash), only the bytes
/// (not their address), and its seed.
@Suite struct ByteHashTests {
    /// Lengths through two 32-byte blocks and a tail of each size.
    static let lengths = Array(0 ... 72)

    static func hash(_ bytes: [UInt8], seed: UInt64 = 0x5EED) -> weft_diff_text_hash {
        bytes.withUnsafeBufferPointer { weft_diff_hash_bytes($0.baseAddress, $0.count, seed) }
    }

    /// ASCII text of `count` bytes, each place different.
    static func text(_ count: Int) -> [UInt8] {
        (0 ..< count).map { UInt8(ascii: "a") + UInt8($0 % 26) }
    }

    @Test(arguments: lengths) func aHighBitAnywhereIsNotASCII(count: Int) {
        #expect(!Self.hash(Self.text(count)).non_ascii)
        for place in 0 ..< count {
            var bytes = Self.text(count)
            bytes[place] |= 0x80
            #expect(Self.hash(bytes).non_ascii, "byte \(place) of \(count)")
        }
    }

    @Test(arguments: lengths) func aChangedByteAnywhereChangesTheHash(count: Int) {
        let original = Self.hash(Self.text(count)).hash
        var seen: Set<UInt64> = [original]
        for place in 0 ..< count {
            var bytes = Self.text(count)
            bytes[place] ^= 0x01
            #expect(seen.insert(Self.hash(bytes).hash).inserted, "byte \(place) of \(count) changed nothing")
        }
    }

    @Test func lengthsOfOneRepeatedByteHashApart() {
        let hashes = Self.lengths.map { Self.hash([UInt8](repeating: UInt8(ascii: "x"), count: $0)).hash }
        #expect(Set(hashes).count == hashes.count)
    }

    @Test(arguments: lengths) func theAddressDoesNotMatter(count: Int) {
        let bytes = Self.text(count)
        let expected = Self.hash(bytes).hash
        for offset in 1 ..< 8 {
            let padded = [UInt8](repeating: 0, count: offset) + bytes
            let moved = padded.withUnsafeBufferPointer { weft_diff_hash_bytes($0.baseAddress! + offset, count, 0x5EED).hash }
            #expect(moved == expected, "\(count) bytes at offset \(offset)")
        }
    }

    @Test func theSeedChangesEveryHash() {
        for count in Self.lengths {
            #expect(Self.hash(Self.text(count), seed: 1).hash != Self.hash(Self.text(count), seed: 2).hash)
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif
import WeftCore

/// A fuzzer's input as a source of choices: each draw reads the next byte, so
/// libFuzzer's mutations steer the scenario directly; once the bytes run out, a
/// ``WeftCore/SplitMix64`` seeded with them takes over, so every input decodes to
/// a finite scenario, the same one on every replay.
public struct FuzzRandom: RandomNumberGenerator, Sendable {
    private let bytes: [UInt8]
    private var cursor = 0
    private var tail: SplitMix64

    public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = Array(bytes)
        var seed: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { seed = (seed ^ UInt64(byte)) &* 0x100_0000_01b3 }
        tail = SplitMix64(seed: seed)
    }

    /// Whether every byte of the input was read.
    public var isExhausted: Bool { cursor >= bytes.count }

    /// The next byte of the input, or `nil` once they ran out.
    public mutating func byte() -> UInt8? {
        guard cursor < bytes.count else { return nil }
        defer { cursor += 1 }
        return bytes[cursor]
    }

    /// One byte spread over 64 bits, so `Int.random(in:using:)` covers its range
    /// from a single byte of input.
    public mutating func next() -> UInt64 {
        guard let byte = byte() else { return tail.next() }
        return UInt64(byte) &* 0x0101_0101_0101_0101
    }

    /// A number in `range`.
    public mutating func int(_ range: Range<Int>) -> Int {
        range.isEmpty ? range.lowerBound : Int.random(in: range, using: &self)
    }

    /// True one time in `oneIn`.
    public mutating func chance(_ oneIn: Int) -> Bool {
        int(0 ..< oneIn) == 0
    }

    /// One of `values`.
    public mutating func pick<T>(_ values: [T]) -> T {
        values[int(0 ..< values.count)]
    }
}

/// The replay tool that a fuzzer target becomes in a normal build (without
/// `-DFUZZING`): runs `body` on each file named on the command line, so a crash
/// input reproduces without libFuzzer or sanitizers.
public func replayFuzzInputs(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    for path in CommandLine.arguments.dropFirst() {
        guard let file = fopen(path, "rb") else {
            print("cannot open \(path)")
            exit(2)
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count == 0 { break }
            bytes += buffer[..<count]
        }
        fclose(file)
        bytes.withUnsafeBufferPointer(body)
        print("replayed \(path) (\(bytes.count) bytes)")
    }
}

public import Foundation
import WeftCore

/// Downloaded image bytes on disk, bounded in bytes, least recently used
/// evicted first, surviving a restart: what lets a feed scrolled back after a
/// relaunch show its photos without a request.
///
/// Each entry is one file, written to a temporary file and renamed into place
/// (a reader never sees half an entry), holding its URL, its HTTP validators
/// and freshness, and a checksum of its body: an entry that is truncated,
/// corrupt or of another URL is deleted and counts as a miss, so the cache
/// never serves wrong bytes. A directory that cannot be made or written
/// leaves the cache empty and says why in ``lastError``; downloads go on.
///
/// Thread-safe.
// @unchecked Sendable: every stored property but the constants is inside `state`, a PosixMutex.
public final class ImageDiskCache: @unchecked Sendable {
    /// Where the entries are.
    public let directory: URL

    private struct State {
        /// Each entry's file name, size and last use; loaded from the directory once.
        var index: [String: (bytes: Int, lastUse: Date)]?
        var byteLimit: Int
        var lastError: String?
        var hits = 0
        var misses = 0
        var corruptEntries = 0
    }

    private let state: PosixMutex<State>

    /// The default directory: `$XDG_CACHE_HOME` (when set and absolute, as the
    /// XDG base directory specification says) or `~/.cache`, then the
    /// executable's name, then `weft-images`.
    public static var defaultDirectory: URL {
        let environment = ProcessInfo.processInfo.environment
        var base = URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".cache")
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { base = URL(fileURLWithPath: xdg) }
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "weft").lastPathComponent
        return base.appendingPathComponent(executable).appendingPathComponent("weft-images")
    }

    /// 256 MiB.
    public static let defaultByteLimit = 256 << 20

    /// A cache in `directory` (made when first written), up to `byteLimit` bytes.
    public init(directory: URL = ImageDiskCache.defaultDirectory, byteLimit: Int = ImageDiskCache.defaultByteLimit) {
        self.directory = directory
        state = PosixMutex(State(byteLimit: max(byteLimit, 0)))
    }

    /// The bytes the cache may hold; lowering it evicts at the next write.
    public var byteLimit: Int {
        get { state.withLock { $0.byteLimit } }
        set { state.withLock { $0.byteLimit = max(newValue, 0) } }
    }

    /// The bytes of the entries now (0 before the cache was first used).
    public var byteCount: Int {
        state.withLock { $0.index?.values.reduce(0) { $0 + $1.bytes } ?? 0 }
    }

    /// Why the last read or write of the directory failed, or `nil`.
    public var lastError: String? {
        state.withLock { $0.lastError }
    }

    /// Lookups that found a sound entry, lookups that did not, and entries
    /// dropped because they were truncated or corrupt.
    public var statistics: (hits: Int, misses: Int, corruptEntries: Int) {
        state.withLock { ($0.hits, $0.misses, $0.corruptEntries) }
    }

    /// The entry for `url`, or `nil`; a damaged entry is deleted.
    ///
    /// - Complexity: O(entry bytes) to read and check; the first call lists the directory.
    public func entry(for url: URL) -> Entry? {
        let name = Self.fileName(for: url)
        let file = directory.appendingPathComponent(name)
        let known = state.withLock { state -> Bool in
            loadIndexIfNeeded(&state)
            return state.index?[name] != nil
        }
        guard known, let bytes = FileManager.default.contents(atPath: file.path) else {
            state.withLock { $0.misses += 1 }
            return nil
        }
        guard let entry = Self.decode(bytes, url: url) else {
            remove(name)
            state.withLock { state in
                state.index?[name] = nil
                state.corruptEntries += 1
                state.misses += 1
            }
            return nil
        }
        state.withLock { state in
            state.hits += 1
            state.index?[name]?.lastUse = Date()
        }
        return entry
    }

    /// Stores `entry` for `url`, replacing any, then evicts the least recently
    /// used entries past the limit.
    ///
    /// - Returns: Whether it was stored (a failure is in ``lastError``).
    @discardableResult
    public func store(_ entry: Entry, for url: URL) -> Bool {
        let name = Self.fileName(for: url)
        let bytes = Self.encode(entry, url: url)
        let temporary = directory.appendingPathComponent(".\(name).\(UUID().uuidString).tmp")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try bytes.write(to: temporary)
            // rename(2) replaces the old entry in one step on one filesystem.
            guard rename(temporary.path, directory.appendingPathComponent(name).path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
            }
        } catch {
            // A write cut short (a full disk) leaves no partial file behind.
            unlink(temporary.path)
            state.withLock { $0.lastError = "cannot write \(directory.path): \(error.localizedDescription)" }
            return false
        }
        let evicted = state.withLock { state -> [String] in
            loadIndexIfNeeded(&state)
            state.index?[name] = (bytes.count, Date())
            return Self.evictions(&state)
        }
        for old in evicted { remove(old) }
        return true
    }

    /// Marks `url`'s entry fresh until `date` (a 304's answer), keeping its bytes.
    public func refresh(_ url: URL, freshUntil date: Date?) {
        guard var entry = entry(for: url) else { return }
        entry.freshUntil = date
        store(entry, for: url)
    }

    /// Deletes every entry.
    public func removeAll() {
        let names = state.withLock { state -> [String] in
            loadIndexIfNeeded(&state)
            defer { state.index = [:] }
            return Array(state.index?.keys ?? [:].keys)
        }
        for name in names { remove(name) }
    }

    // MARK: Files

    /// Deletes an entry's file; a failure is kept in ``lastError`` (the index
    /// has forgotten the entry either way, and a file left behind is checked
    /// again before it is ever served).
    private func remove(_ name: String) {
        do {
            try FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        } catch {
            state.withLock { $0.lastError = "cannot delete \(name): \(error.localizedDescription)" }
        }
    }

    private func loadIndexIfNeeded(_ state: inout State) {
        guard state.index == nil else { return }
        var index: [String: (bytes: Int, lastUse: Date)] = [:]
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
        let files: [URL]
        do {
            files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys)
        } catch {
            // A folder not made yet is an empty cache; any other failure is said.
            if FileManager.default.fileExists(atPath: directory.path) {
                state.lastError = "cannot list \(directory.path): \(error.localizedDescription)"
            }
            files = []
        }
        for file in files where file.pathExtension == "weftimage" {
            do {
                let values = try file.resourceValues(forKeys: Set(keys))
                index[file.lastPathComponent] = (values.fileSize ?? 0, values.contentModificationDate ?? .distantPast)
            } catch {
                // An entry that cannot be read is left out of the index: never served, evicted by no one.
                state.lastError = "cannot read \(file.path): \(error.localizedDescription)"
            }
        }
        state.index = index
    }

    private static func evictions(_ state: inout State) -> [String] {
        guard var index = state.index else { return [] }
        var total = index.values.reduce(0) { $0 + $1.bytes }
        var evicted: [String] = []
        if total > state.byteLimit {
            for (name, entry) in index.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
                guard total > state.byteLimit else { break }
                total -= entry.bytes
                index[name] = nil
                evicted.append(name)
            }
        }
        state.index = index
        return evicted
    }

    /// A name from the URL's 64-bit FNV-1a hash; the entry holds the URL
    /// itself, so a collision reads as a miss, never as another image.
    static func fileName(for url: URL) -> String {
        let hash = fnv1a(Array(url.absoluteString.utf8))
        return String(hash, radix: 16) + ".weftimage"
    }

    static func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash
    }

    private static let magic = Array("WEFTIMG1".utf8)

    /// magic, then four length-prefixed fields (URL, ETag, freshness as text,
    /// body), then the body's FNV-1a checksum.
    static func encode(_ entry: Entry, url: URL) -> Data {
        var out = Data(magic)
        func field(_ bytes: some Collection<UInt8>) {
            var length = UInt64(bytes.count).littleEndian
            withUnsafeBytes(of: &length) { out.append(contentsOf: $0) }
            out.append(contentsOf: bytes)
        }
        field(Array(url.absoluteString.utf8))
        field(Array((entry.entityTag ?? "").utf8))
        field(Array((entry.freshUntil.map { String($0.timeIntervalSince1970) } ?? "").utf8))
        field(entry.data)
        var checksum = fnv1a(entry.data).littleEndian
        withUnsafeBytes(of: &checksum) { out.append(contentsOf: $0) }
        return out
    }

    static func decode(_ bytes: Data, url: URL) -> Entry? {
        let bytes = [UInt8](bytes)
        guard bytes.starts(with: magic) else { return nil }
        var offset = magic.count
        func number() -> UInt64? {
            guard offset + 8 <= bytes.count else { return nil }
            defer { offset += 8 }
            return bytes[offset ..< offset + 8].reversed().reduce(0) { $0 << 8 | UInt64($1) }
        }
        func field() -> ArraySlice<UInt8>? {
            guard let length = number(), length <= UInt64(bytes.count - offset) else { return nil }
            defer { offset += Int(length) }
            return bytes[offset ..< offset + Int(length)]
        }
        guard let address = field(), String(decoding: address, as: UTF8.self) == url.absoluteString,
            let tag = field(), let fresh = field(), let body = field(), let checksum = number(),
            offset == bytes.count, checksum == fnv1a(body) else { return nil }
        let freshText = String(decoding: fresh, as: UTF8.self)
        return Entry(data: Data(body), entityTag: tag.isEmpty ? nil : String(decoding: tag, as: UTF8.self),
                     freshUntil: freshText.isEmpty ? nil : Double(freshText).map(Date.init(timeIntervalSince1970:)))
    }
}

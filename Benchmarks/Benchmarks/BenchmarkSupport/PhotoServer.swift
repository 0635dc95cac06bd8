import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The photo feed's server: HTTP/1.1 on 127.0.0.1 at a port the kernel picks,
/// answering `GET /photo/N.jpg` with the N-th of its JPEGs after a latency
/// drawn between `latency` bounds, as a content delivery network's edge
/// would; anything else is a 404. Keep-alive, a thread per connection, the
/// requests counted.
public final class PhotoServer: Sendable {
    public let port: Int
    private let socket: Int32
    private let photos: [Data]
    private let latency: ClosedRange<Double>
    private let served = Atomic(0)
    private let stopped = Atomic(false)

    /// Serves `photos` with a latency in `latency` seconds (uniform, per request).
    public init(photos: [Data], latency: ClosedRange<Double>) throws {
        self.photos = photos
        self.latency = latency
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.socket = socket
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(socket, pointer, length) == 0 && listen(socket, 128) == 0 && getsockname(socket, pointer, &length) == 0
            }
        }
        guard bound else { throw POSIXError(.EADDRNOTAVAIL) }
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// The URL of photo `index` (any index: it wraps around the photos).
    public func url(ofPhoto index: Int) -> URL {
        URL(string: "http://127.0.0.1:\(port)/photo/\(index % photos.count).jpg")!
    }

    /// The requests received so far.
    public var requests: Int { served.load(ordering: .relaxed) }

    public func stop() {
        guard !stopped.exchange(true, ordering: .relaxed) else { return }
        shutdown(socket, Int32(SHUT_RDWR))
        close(socket)
    }

    private func acceptLoop() {
        while true {
            let client = accept(socket, nil, nil)
            guard client >= 0 else { return }
            Thread.detachNewThread { [self] in serve(client) }
        }
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        var pending = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while true {
            // One request head, up to its blank line.
            var end: Int?
            while end == nil {
                end = pending.indices.dropLast(3).first {
                    pending[$0] == 13 && pending[$0 + 1] == 10 && pending[$0 + 2] == 13 && pending[$0 + 3] == 10
                }
                if end != nil { break }
                let count = read(client, &chunk, chunk.count)
                guard count > 0 else { return }
                pending += chunk[0 ..< count]
            }
            let head = String(decoding: pending[0 ..< end!], as: UTF8.self)
            pending.removeFirst(end! + 4)
            let path = head.split(separator: " ").dropFirst().first.map(String.init) ?? ""
            var body = Data()
            var status = "404 Not Found"
            if path.hasPrefix("/photo/"), path.hasSuffix(".jpg"),
                let index = Int(path.dropFirst("/photo/".count).dropLast(".jpg".count)), photos.indices.contains(index) {
                body = photos[index]
                status = "200 OK"
            }
            // Counted as it arrives, not as it is answered: a request belongs to
            // the frames that sent it.
            served.add(1, ordering: .relaxed)
            usleep(UInt32(Double.random(in: latency) * 1_000_000))
            let bytes = Array("HTTP/1.1 \(status)\r\nContent-Type: image/jpeg\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body
            var offset = 0
            while offset < bytes.count {
                let sent = bytes[offset...].withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                guard sent > 0 else { return }
                offset += sent
            }
        }
    }
}

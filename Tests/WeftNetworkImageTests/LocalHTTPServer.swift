import Foundation
#if canImport(Glibc)
import Glibc
#endif
import WeftCore

/// An HTTP/1.1 server on 127.0.0.1 (never another address) at a port the
/// kernel picks, answering each path as the test scripts it: a body with
/// headers, a status, a redirect, a lie about the length, a stall, a close.
/// One thread accepts; each connection gets a thread and may carry several
/// requests (keep-alive). Counts the requests per path.
// @unchecked Sendable: `routes` and `counts` are inside PosixMutexes; the socket is a constant.
final class LocalHTTPServer: @unchecked Sendable {
    enum Response: Sendable {
        /// 200 with `body` and extra headers; answers 304 to a matching If-None-Match.
        case ok(Data, headers: [String: String] = [:])
        case status(Int)
        case redirect(to: String)
        /// Says `length` bytes, sends `body`, then closes.
        case shortBody(Data, length: Int)
        /// Sends the headers and `body`, then holds the connection open without a byte more.
        case stall(Data, length: Int)
        /// 200 with `body` once `gate` is signalled (one signal a request).
        case gated(Data, DispatchSemaphore)
    }

    private let socket: Int32
    let port: Int
    private let routes = PosixMutex([String: Response]())
    private let counts = PosixMutex(([String: Int](), [String: [CheckedContinuation<Void, Never>]]()))
    private let closed = PosixMutex(false)
    private let clients = PosixMutex(Set<Int32>())

    init() throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.socket = socket
        var yes: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(socket, 64) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        start()
    }

    private func start() {
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// A prefix of this server's own: a port the kernel hands out again later
    /// never gives two servers' images one URL (the caches key on it).
    private let prefix = "/" + UUID().uuidString.prefix(8).lowercased()

    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(prefix)\(path)")! }

    func route(_ path: String, _ response: Response) { routes.withLock { $0[path] = response } }

    func requests(_ path: String) -> Int { counts.withLock { $0.0[path] ?? 0 } }

    var totalRequests: Int { counts.withLock { $0.0.values.reduce(0, +) } }

    /// Returns once `path` has been asked for (at once if it has been).
    func waitForRequest(_ path: String) async {
        await withCheckedContinuation { continuation in
            let now = counts.withLock { state -> Bool in
                if state.0[path, default: 0] > 0 { return true }
                state.1[path, default: []].append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Stops accepting and ends every open connection (a stalled one too).
    func stop() {
        let first = closed.withLock { closed in
            defer { closed = true }
            return !closed
        }
        guard first else { return }
        shutdown(socket, Int32(SHUT_RDWR))
        close(socket)
        for client in clients.withLock({ $0 }) { shutdown(client, Int32(SHUT_RDWR)) }
    }

    private func acceptLoop() {
        while !closed.withLock({ $0 }) {
            let client = accept(socket, nil, nil)
            guard client >= 0 else { return }
            clients.withLock { _ = $0.insert(client) }
            let thread = Thread { [self] in serve(client) }
            thread.start()
        }
    }

    private func serve(_ client: Int32) {
        defer {
            clients.withLock { _ = $0.remove(client) }
            close(client)
        }
        var buffer = [UInt8]()
        while true {
            // Read one request head.
            while !buffer.containsHeadEnd {
                var chunk = [UInt8](repeating: 0, count: 4_096)
                let count = read(client, &chunk, chunk.count)
                guard count > 0 else { return }
                buffer += chunk[0 ..< count]
            }
            let end = buffer.headEnd!
            let head = String(decoding: buffer[0 ..< end], as: UTF8.self)
            buffer.removeFirst(end + 4)
            let lines = head.components(separatedBy: "\r\n")
            var path = lines.first?.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
            if path.hasPrefix(prefix) { path.removeFirst(prefix.count) }
            let ifNoneMatch = lines.first { $0.lowercased().hasPrefix("if-none-match:") }
                .map { String($0.dropFirst("if-none-match:".count)).trimmingCharacters(in: .whitespaces) }
            let waiting = counts.withLock { state in
                state.0[path, default: 0] += 1
                return state.1.removeValue(forKey: path) ?? []
            }
            for continuation in waiting { continuation.resume() }
            let response = routes.withLock { $0[path] } ?? .status(404)
            guard respond(client, response, ifNoneMatch: ifNoneMatch) else { return }
        }
    }

    /// Writes the response; `false` when the connection must end.
    private func respond(_ client: Int32, _ response: Response, ifNoneMatch: String?) -> Bool {
        func send(_ status: String, _ headers: [String: String], _ body: Data) {
            var text = "HTTP/1.1 \(status)\r\n"
            for (name, value) in headers { text += "\(name): \(value)\r\n" }
            text += "\r\n"
            var bytes = Array(text.utf8)
            bytes += body
            var offset = 0
            while offset < bytes.count {
                let sent = bytes[offset...].withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                guard sent > 0 else { return }
                offset += sent
            }
        }
        switch response {
        case .ok(let body, let headers):
            if let tag = headers["ETag"], ifNoneMatch == tag {
                send("304 Not Modified", headers.merging(["Content-Length": "0"]) { $1 }, Data())
            } else {
                send("200 OK", headers.merging(["Content-Length": "\(body.count)"]) { $1 }, body)
            }
            return true
        case .gated(let body, let gate):
            gate.wait()
            send("200 OK", ["Content-Length": "\(body.count)"], body)
            return true
        case .status(let code):
            send("\(code) Status", ["Content-Length": "0"], Data())
            return true
        case .redirect(let location):
            send("302 Found", ["Location": location, "Content-Length": "0"], Data())
            return true
        case .shortBody(let body, let length):
            send("200 OK", ["Content-Length": "\(length)"], body)
            return false
        case .stall(let body, let length):
            send("200 OK", ["Content-Length": "\(length)"], body)
            // Hold the connection until the client gives up and closes it.
            var byte: UInt8 = 0
            _ = read(client, &byte, 1)
            return false
        }
    }
}

private extension [UInt8] {
    var headEnd: Int? {
        guard count >= 4 else { return nil }
        return (0 ... count - 4).first { self[$0] == 13 && self[$0 + 1] == 10 && self[$0 + 2] == 13 && self[$0 + 3] == 10 }
    }
    var containsHeadEnd: Bool { headEnd != nil }
}

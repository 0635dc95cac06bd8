public import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
public import WeftDisplay
import WeftCore
import WeftNode

/// Fetches image bytes over HTTP for image nodes: Texture's
/// `ASBasicImageDownloader` with PINRemoteImage's habits. One download per URL
/// however many nodes want it, cancelled when the last of them cancels; bytes
/// kept in an ``ImageDiskCache`` (unless the response says `no-store`), served
/// from it without a request while fresh (`max-age`; without one, always, as
/// image URLs name immutable bytes in the feeds Weft serves) and revalidated
/// with `If-None-Match` when stale and the response had an `ETag`.
///
/// Runs on URLSession from FoundationNetworking (libcurl below it, connections
/// reused per host, at most ``maximumConnectionsPerHost``): its redirects (at
/// most 20), timeouts and HTTP/1.1 keep-alive are libcurl's, well tried, and a
/// second copy of libcurl's multi loop would measure the same.
///
/// Thread-safe; completions run on the session's own queue.
// @unchecked Sendable: the mutable state is inside `state`, a PosixMutex;
// `session` and the settings are constants.
public final class ImageDownloader: NSObject, ImageDataLoading, @unchecked Sendable {
    /// The downloader `install()` makes the default of every image node.
    public static let shared = ImageDownloader()

    /// Makes ``shared`` (or `self`) the loader every new image node starts with.
    public func install() {
        ImageNode.defaultDataLoader = self
    }

    /// Where downloaded bytes are kept, or `nil` for none.
    public let diskCache: ImageDiskCache?
    /// The longest response accepted: a larger `Content-Length`, or a body that
    /// grows past it, fails with `ImageError.responseTooLarge(url:byteCount:limit:)`.
    public let maximumResponseBytes: Int64
    /// The time a request may take in all, in whole seconds (libcurl's unit).
    public let timeout: TimeInterval
    public let maximumConnectionsPerHost: Int

    /// One URL's download.
    // @unchecked Sendable: `waiters` and `task` are read and written with
    // `state` held; `stored` is written with it held before the task resumes;
    // `body`, `response` and `failure` are written with it held on the
    // session's serial delegate queue, which alone reads them at completion.
    // `url` is a constant.
    private final class Download: @unchecked Sendable {
        let url: URL
        /// Whether it reads and writes the disk cache; a download that does
        /// not (`ImageLoadOptions.usesCache` false) is its requester's alone.
        let usesCache: Bool
        var task: URLSessionDataTask?
        var body = Data()
        var response: HTTPURLResponse?
        var stored: ImageDiskCache.Entry?
        var failure: ImageError?
        var waiters: [Int: @Sendable (Result<Data, ImageError>) -> Void] = [:]
        var progress: [Int: @Sendable (Int64, Int64?) -> Void] = [:]
        init(url: URL, usesCache: Bool) {
            self.url = url
            self.usesCache = usesCache
        }
    }

    private struct State {
        /// The shared download of each URL (those that use the cache).
        var downloads: [URL: Download] = [:]
        var byTask: [Int: Download] = [:]
        var byWaiter: [Int: Download] = [:]
        var nextWaiter = 0
        var statistics = Statistics()
    }

    private let state = PosixMutex(State())
    private var session: URLSession!

    /// A downloader with its own URLSession.
    ///
    /// - Parameters:
    ///   - diskCache: Where bytes are kept; a cache in the default directory
    ///     unless given (`nil` keeps none).
    ///   - timeout: Seconds a request may take in all; 30 by default.
    ///   - maximumResponseBytes: 64 MiB by default.
    ///   - maximumConnectionsPerHost: 6 by default, as browsers.
    public init(diskCache: ImageDiskCache? = ImageDiskCache(), timeout: TimeInterval = 30,
                maximumResponseBytes: Int64 = 64 << 20, maximumConnectionsPerHost: Int = 6) {
        self.diskCache = diskCache
        self.timeout = max(timeout, 1)
        self.maximumResponseBytes = max(maximumResponseBytes, 1)
        self.maximumConnectionsPerHost = max(maximumConnectionsPerHost, 1)
        super.init()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = self.maximumConnectionsPerHost
        configuration.timeoutIntervalForRequest = self.timeout
        configuration.timeoutIntervalForResource = self.timeout
        configuration.urlCache = nil  // the disk cache is this downloader's own
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: queue)
    }

    public var statistics: Statistics {
        state.withLock { $0.statistics }
    }

    // MARK: ImageDataLoading

    public func loadData(from url: URL, completion: @escaping @Sendable (Result<Data, ImageError>) -> Void)
        -> any ImageDataRequest {
        loadData(from: url, options: ImageLoadOptions(), completion: completion)
    }

    /// Fetches `url`, joining the download of the URL in flight if there is
    /// one; with `options.usesCache` false, a download of its own that
    /// neither reads nor writes the disk cache. `options.progress` hears each
    /// chunk as it arrives, on the session's queue.
    public func loadData(from url: URL, options: ImageLoadOptions,
                         completion: @escaping @Sendable (Result<Data, ImageError>) -> Void) -> any ImageDataRequest {
        let scheme = url.scheme?.lowercased()
        guard scheme == "http" || scheme == "https" else {
            completion(.failure(.unsupportedURL(url: url)))
            return Request(downloader: nil, waiter: -1)
        }
        let (waiter, created) = state.withLock { state -> (Int, Download?) in
            let waiter = state.nextWaiter
            state.nextWaiter += 1
            var created: Download?
            let download: Download
            if options.usesCache, let running = state.downloads[url] {
                download = running
                state.statistics.joined += 1
            } else {
                download = Download(url: url, usesCache: options.usesCache)
                if options.usesCache { state.downloads[url] = download }
                created = download
            }
            download.waiters[waiter] = completion
            download.progress[waiter] = options.progress
            state.byWaiter[waiter] = download
            return (waiter, created)
        }
        // The disk cache is read off the caller's thread: a node asks on main,
        // and reading and checking an entry costs a frame's share. It is read on
        // the display queue's workers, after the drawings, which main wakes
        // without being preempted (Dispatch's would take main's CPU; see `_DisplayQueue`).
        if let created { _DisplayQueue.shared.submit([(priority: -1, run: { self.start(created) })]) }
        return Request(downloader: self, waiter: waiter)
    }

    /// Answers a new download from the disk cache when its entry is fresh,
    /// or sends the request (conditional when the entry has an `ETag`); a
    /// download every requester cancelled meanwhile does neither.
    private func start(_ download: Download) {
        let url = download.url
        let stored = download.usesCache ? diskCache?.entry(for: url) : nil
        if let stored, stored.freshUntil.map({ $0 > Date() }) ?? true {
            let waiters = state.withLock { state -> [@Sendable (Result<Data, ImageError>) -> Void] in
                guard !download.waiters.isEmpty else { return [] }
                end(download, in: &state)
                state.statistics.diskHits += 1
                return Array(download.waiters.values)
            }
            for waiter in waiters { waiter(.success(stored.data)) }
            return
        }
        let task = state.withLock { state -> URLSessionDataTask? in
            guard !download.waiters.isEmpty else { return nil }
            download.stored = stored
            var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
            if let tag = stored?.entityTag { request.setValue(tag, forHTTPHeaderField: "If-None-Match") }
            let task = session.dataTask(with: request)
            download.task = task
            state.byTask[task.taskIdentifier] = download
            state.statistics.requests += 1
            return task
        }
        task?.resume()
    }

    private struct Request: ImageDataRequest {
        weak var downloader: ImageDownloader?
        let waiter: Int
        func cancel() { downloader?.cancel(waiter: waiter) }
    }

    /// Drops one requester; the last one's cancel stops the download.
    private func cancel(waiter: Int) {
        let task = state.withLock { state -> URLSessionDataTask? in
            guard let download = state.byWaiter.removeValue(forKey: waiter) else { return nil }
            download.waiters[waiter] = nil
            download.progress[waiter] = nil
            guard download.waiters.isEmpty else { return nil }
            end(download, in: &state)
            state.statistics.cancelled += 1
            return download.task
        }
        task?.cancel()
    }

    /// Forgets `download` (its URL's entry, its task's, its waiters'); its
    /// waiters are left on it for whoever ends it to call.
    private func end(_ download: Download, in state: inout State) {
        if state.downloads[download.url] === download { state.downloads[download.url] = nil }
        if let task = download.task { state.byTask[task.taskIdentifier] = nil }
        for waiter in download.waiters.keys { state.byWaiter[waiter] = nil }
    }

    /// Ends a download: every requester still waiting hears `result`.
    private func finish(_ task: URLSessionTask, _ result: Result<Data, ImageError>) {
        let waiters = state.withLock { state -> [@Sendable (Result<Data, ImageError>) -> Void] in
            guard let download = state.byTask[task.taskIdentifier] else { return [] }
            end(download, in: &state)
            return Array(download.waiters.values)
        }
        for waiter in waiters { waiter(result) }
    }

    private func download(of task: URLSessionTask) -> Download? {
        state.withLock { $0.byTask[task.taskIdentifier] }
    }
}

extension ImageDownloader: URLSessionDataDelegate {
    public func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                           completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        guard let download = download(of: dataTask), let url = download.task?.originalRequest?.url ?? Optional(download.url)
        else {
            completionHandler(.cancel)
            return
        }
        let http = response as? HTTPURLResponse
        let expected = response.expectedContentLength
        let failure: ImageError? = state.withLock { _ in
            download.response = http
            if expected > maximumResponseBytes {
                download.failure = .responseTooLarge(url: url, byteCount: expected, limit: maximumResponseBytes)
            }
            return download.failure
        }
        if let failure {
            completionHandler(.cancel)
            finish(dataTask, .failure(failure))
            return
        }
        completionHandler(.allow)
    }

    public func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let download = download(of: dataTask) else { return }
        let (failure, listeners, received, expected) = state.withLock {
            _ -> (ImageError?, [@Sendable (Int64, Int64?) -> Void], Int64, Int64?) in
            download.body.append(data)
            let received = Int64(download.body.count)
            if received > maximumResponseBytes {
                download.failure = .responseTooLarge(url: download.url, byteCount: received, limit: maximumResponseBytes)
                download.body = Data()
                return (download.failure, [], received, nil)
            }
            let expected = download.response.map(\.expectedContentLength).flatMap { $0 >= 0 ? $0 : nil }
            return (nil, Array(download.progress.values), received, expected)
        }
        if let failure {
            dataTask.cancel()
            finish(dataTask, .failure(failure))
            return
        }
        for listener in listeners { listener(received, expected) }
    }

    public func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let download = download(of: task) else { return }
        let url = download.url
        if let error {
            let reason = (error as NSError).localizedDescription
            finish(task, .failure(download.failure ?? .network(url: url, reason: reason)))
            return
        }
        guard let response = download.response else {
            finish(task, .failure(.network(url: url, reason: "no HTTP response")))
            return
        }
        let control = _CacheControl(response.value(forHTTPHeaderField: "Cache-Control"))
        if response.statusCode == 304, let stored = download.stored {
            state.withLock { $0.statistics.revalidated += 1 }
            diskCache?.refresh(url, freshUntil: control.freshUntil(now: Date()))
            finish(task, .success(stored.data))
            return
        }
        guard (200 ..< 300).contains(response.statusCode) else {
            finish(task, .failure(.httpStatus(url: url, statusCode: response.statusCode)))
            return
        }
        // A body shorter than its Content-Length is a connection closed early.
        let expected = response.expectedContentLength
        if expected >= 0, Int64(download.body.count) != expected {
            finish(task, .failure(.network(url: url, reason: "the connection closed after \(download.body.count) of \(expected) bytes")))
            return
        }
        if !control.noStore, download.usesCache, let diskCache {
            let entry = ImageDiskCache.Entry(data: download.body, entityTag: response.value(forHTTPHeaderField: "ETag"),
                                             freshUntil: control.freshUntil(now: Date()))
            diskCache.store(entry, for: url)
        }
        finish(task, .success(download.body))
    }
}

import WeftCore

/// Drops scheduled updates: each frame calls `updateIfNeeded()` itself, as a
/// view does at the end of `layoutSubviews`.
public struct FrameDrivenScheduler: MainScheduler {
    public init() {}

    public func schedule(_ job: @escaping @MainActor @Sendable () -> Void) {}
}

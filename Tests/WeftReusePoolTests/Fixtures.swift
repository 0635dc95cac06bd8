import WeftReusePool

/// A label-like headless view with the properties the tests' attributes set.
@MainActor
final class LabelView: HeadlessView {
    var text: String?
    var colorName: String?
    /// Installed tap handlers, as a gesture-recognizer attribute would leave them.
    var tapHandlers: [String] = []
    /// Calls to `addSubview`, to see that pools never add a view twice.
    var addSubviewCalls = 0

    override func addSubview(_ view: any ReusableView) {
        addSubviewCalls += 1
        super.addSubview(view)
    }
}

/// Component types: only their identity matters.
enum LabelComponent {}
enum ImageComponent {}
enum CellComponent {}

/// What callbacks and closures did, in order; touched only on the main actor.
@MainActor
final class EventLog {
    var events: [String] = []

    func take() -> [String] {
        defer { events = [] }
        return events
    }
}

/// Names views so logs read well.
@MainActor
func name(_ view: any ReusableView) -> String {
    (view as? LabelView)?.text ?? "?"
}

@MainActor
enum Attributes {
    static func text(_ text: String) -> ViewAttribute {
        ViewAttribute("text", value: text) { (view: LabelView, text) in view.text = text }
    }

    static func background(_ color: String) -> ViewAttribute {
        ViewAttribute("backgroundColor", value: color) { (view: LabelView, color) in view.colorName = color }
    }

    static func alpha(_ alpha: Double) -> ViewAttribute {
        ViewAttribute("alpha", value: alpha) { (view: HeadlessView, alpha) in view.alpha = alpha }
    }

    /// A background that a view can shed: its unapplicator clears it.
    static func removableBackground(_ color: String, log: EventLog? = nil) -> ViewAttribute {
        ViewAttribute("removableBackground", value: color,
                      apply: { (view: LabelView, color) in
                          log?.events.append("apply \(color)")
                          view.colorName = color
                      },
                      unapply: { (view: LabelView, color) in
                          log?.events.append("unapply \(color)")
                          view.colorName = nil
                      })
    }

    /// A tap handler that must not act while its view is pooled.
    static func tap(_ handler: String) -> ViewAttribute {
        ViewAttribute("tap", value: handler,
                      apply: { (view: LabelView, handler) in view.tapHandlers.append(handler) },
                      unapply: { (view: LabelView, handler) in view.tapHandlers.removeAll { $0 == handler } },
                      unappliesWhenPooled: true)
    }
}

@MainActor
func labelClass(log: EventLog? = nil) -> ViewClass {
    ViewClass(LabelView.self,
              didEnterReusePool: { log?.events.append("enter \(name($0))") },
              willLeaveReusePool: { log?.events.append("leave \(name($0))") },
              willPurge: { log?.events.append("purge \(name($0))") })
}

@MainActor
func label(_ attributes: ViewAttribute..., log: EventLog? = nil) throws -> ViewConfiguration {
    try ViewConfiguration(labelClass(log: log), attributes: attributes)
}

extension HeadlessView {
    /// The subviews that would be drawn: not hidden, in order.
    var visibleSubviews: [any ReusableView] { subviews.filter { !$0.isHidden } }
}

/// Identity comparison of two lists of views.
@MainActor
func same(_ lhs: [any ReusableView], _ rhs: [any ReusableView]) -> Bool {
    lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0 === $1 }
}

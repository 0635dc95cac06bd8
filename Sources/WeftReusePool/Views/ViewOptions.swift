public import WeftCore

/// The common attributes of a ``HeadlessView``, set by name: Theodolite's
/// `ViewOptions`, which turns the options a component gives into the list of
/// ``ViewAttribute``s its ``ViewConfiguration`` needs.
///
/// Only the options given become attributes, each with a fixed identifier
/// (`"HeadlessView.alpha"`, ...), and none has an unapplicator, as in Theodolite:
/// a configuration that sets a background and one that sets an alpha have
/// different ``AttributeShape``s, so their views go to different pools and a view
/// that was red is never handed to a configuration that does not set a colour.
///
/// ```swift
/// let card = try ViewConfiguration(
///     ViewClass(HeadlessView.self),
///     attributes: ViewOptions(backgroundColor: .white, clipsToBounds: true).viewAttributes)
/// ```
///
/// An app follows the same pattern for its own view classes: a struct of optional
/// properties whose `viewAttributes` makes one attribute per property that is set,
/// with an identifier unique to the property, appended to these for a subclass.
public struct ViewOptions: Hashable, Sendable {
    /// The view's opacity, from 0 to 1.
    public var alpha: Double?
    /// The colour behind the view's content.
    public var backgroundColor: Color?
    /// Whether the view clips its subviews.
    public var clipsToBounds: Bool?
    /// Whether the view takes touches, clicks and keys.
    public var isUserInteractionEnabled: Bool?
    /// What assistive technology says for the view.
    public var accessibilityLabel: String?

    /// Options with the given values; `nil` leaves a property out of the attributes.
    public init(
        alpha: Double? = nil, backgroundColor: Color? = nil, clipsToBounds: Bool? = nil,
        isUserInteractionEnabled: Bool? = nil, accessibilityLabel: String? = nil
    ) {
        self.alpha = alpha
        self.backgroundColor = backgroundColor
        self.clipsToBounds = clipsToBounds
        self.isUserInteractionEnabled = isUserInteractionEnabled
        self.accessibilityLabel = accessibilityLabel
    }

    /// One attribute for each option that is set, in declaration order.
    ///
    /// - Complexity: O(1): at most five attributes.
    public var viewAttributes: [ViewAttribute] {
        var attributes: [ViewAttribute] = []
        if let alpha {
            attributes.append(ViewAttribute("HeadlessView.alpha", value: alpha) { (view: HeadlessView, value) in
                view.alpha = value
            })
        }
        if let backgroundColor {
            attributes.append(ViewAttribute("HeadlessView.backgroundColor", value: backgroundColor) {
                (view: HeadlessView, value) in view.backgroundColor = value
            })
        }
        if let clipsToBounds {
            attributes.append(ViewAttribute("HeadlessView.clipsToBounds", value: clipsToBounds) {
                (view: HeadlessView, value) in view.clipsToBounds = value
            })
        }
        if let isUserInteractionEnabled {
            attributes.append(ViewAttribute("HeadlessView.isUserInteractionEnabled", value: isUserInteractionEnabled) {
                (view: HeadlessView, value) in view.isUserInteractionEnabled = value
            })
        }
        if let accessibilityLabel {
            attributes.append(ViewAttribute("HeadlessView.accessibilityLabel", value: accessibilityLabel) {
                (view: HeadlessView, value) in view.accessibilityLabel = value
            })
        }
        return attributes
    }
}

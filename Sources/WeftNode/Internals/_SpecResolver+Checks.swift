import Foundation

extension _SpecResolver {
    // Checked once, as the tree is copied into `elements`, so that measuring (which
    // may visit an element several times) never sees a bad value and records
    // each error once.

    /// Replaces every unusable value of `style`, which `spec` has, by its
    /// default, recording each: sizes negative, NaN or infinite, fractions
    /// outside 0...1, and flex factors, spacings or a position that are not finite.
    mutating func check(_ style: inout LayoutStyle, of spec: UnsafePointer<LayoutSpec>) {
        guard !style.isUsable else { return }
        let element: String = if case .node(let node) = spec.pointee.kind { node.takeUnretainedValue().description } else { "a spec of \(owner.description)" }
        func check(_ dimension: inout LayoutDimension, _ name: String) {
            guard !dimension.isValid else { return }
            errors.append(.invalidDimension(property: name, node: element))
            dimension = .auto
        }
        func check(_ value: inout CGFloat, _ name: String) {
            value = usable(value, name, fallback: 0)
        }
        check(&style.width, "width")
        check(&style.height, "height")
        check(&style.minWidth, "minWidth")
        check(&style.minHeight, "minHeight")
        check(&style.maxWidth, "maxWidth")
        check(&style.maxHeight, "maxHeight")
        check(&style.flexBasis, "flexBasis")
        check(&style.flexGrow, "flexGrow")
        check(&style.flexShrink, "flexShrink")
        check(&style.spacingBefore, "spacingBefore")
        check(&style.spacingAfter, "spacingAfter")
        if !style.layoutPosition.x.isFinite || !style.layoutPosition.y.isFinite {
            errors.append(.invalidValue(property: "layoutPosition", value: .nan, owner: owner.description))
            style.layoutPosition = .zero
        }
    }

    /// `stack` with a spacing or line spacing that is not finite replaced by 0.
    mutating func checked(_ stack: StackLayout) -> StackLayout {
        var stack = stack
        stack.spacing = usable(stack.spacing, "spacing", fallback: 0)
        stack.lineSpacing = usable(stack.lineSpacing, "lineSpacing", fallback: 0)
        return stack
    }

    /// `insets` with NaN insets replaced by 0; infinite ones are meaningful.
    mutating func checked(_ insets: EdgeInsets) -> EdgeInsets {
        var insets = insets
        func check(_ value: inout CGFloat, _ name: String) {
            guard value.isNaN else { return }
            errors.append(.invalidValue(property: "inset \(name)", value: Double(value), owner: owner.description))
            value = 0
        }
        check(&insets.top, "top")
        check(&insets.left, "left")
        check(&insets.bottom, "bottom")
        check(&insets.right, "right")
        return insets
    }

    /// `value` if usable, else `fallback`, recording the bad value.
    mutating func usable(_ value: CGFloat, _ property: String, fallback: CGFloat, positive: Bool = false) -> CGFloat {
        guard value.isFinite, !positive || value > 0 else {
            errors.append(.invalidValue(property: property, value: Double(value), owner: owner.description))
            return fallback
        }
        return value
    }
}

extension LayoutStyle {
    /// Whether every value is usable as it is: the common case, checked in one pass.
    var isUsable: Bool {
        width.isValid && height.isValid && minWidth.isValid && minHeight.isValid && maxWidth.isValid
            && maxHeight.isValid && flexBasis.isValid && flexGrow.isFinite && flexShrink.isFinite
            && spacingBefore.isFinite && spacingAfter.isFinite && layoutPosition.x.isFinite && layoutPosition.y.isFinite
    }
}

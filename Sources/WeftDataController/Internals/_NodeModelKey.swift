/// A node model as a hashable value whose `==` opens both existentials instead
/// of boxing them.
///
/// `AnyHashable(model)` looks up the generic metadata of its box and casts the
/// model to `_HasCustomAnyHashableRepresentation` each time it is made, and
/// casts again on every `==`: in a refused batch's catch-up over 100k items
/// (two boxes and one `==` per item) that runtime work was two thirds of a 40 ms
/// frame. Opening an existential reads its type and witness table from the
/// container, and comparing the two types is one pointer compare.
///
/// Two models are equal when they are of the same type and `==` says so; unlike
/// `AnyHashable`, an `Int8` and an `Int` of the same value are different models.
package struct _NodeModelKey: Hashable, Sendable {
    package let model: any Hashable & Sendable

    package init(_ model: any Hashable & Sendable) {
        self.model = model
    }

    package static func == (lhs: Self, rhs: Self) -> Bool {
        func opening<Left: Hashable>(_ left: Left) -> Bool {
            func opening<Right: Hashable>(_ right: Right) -> Bool {
                // Of the same type, the bits are a `Left`; `as? Left` would look up
                // the metadata of `Optional<Left>` on every call.
                guard Left.self == Right.self else { return false }
                return left == unsafeBitCast(right, to: Left.self)
            }
            return opening(rhs.model)
        }
        return opening(lhs.model)
    }

    package func hash(into hasher: inout Hasher) {
        model.hash(into: &hasher)
    }
}

public import Foundation

// The identity types lists are usually keyed by. Each is its own identity,
// through the `Hashable` defaults of `Diffable`.

extension Int: Diffable {}
extension Int8: Diffable {}
extension Int16: Diffable {}
extension Int32: Diffable {}
extension Int64: Diffable {}
extension UInt: Diffable {}
extension UInt8: Diffable {}
extension UInt16: Diffable {}
extension UInt32: Diffable {}
extension UInt64: Diffable {}
extension String: Diffable {}
extension Substring: Diffable {}
extension Character: Diffable {}
extension UUID: Diffable {}

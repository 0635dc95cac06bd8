public import Foundation
import WeftCore

extension ElementMap: Sequence {
    /// Returns an iterator over the elements of this version's items, section by
    /// section; absent items are skipped.
    ///
    /// - Complexity: O(1) to make; a whole pass is O(*n*).
    public func makeIterator() -> Iterator {
        Iterator(storage: storage)
    }

    /// A sequence of every item's element with its index path, in order; absent
    /// items are skipped.
    ///
    /// - Complexity: O(1) to make; a whole pass is O(*n*).
    public var indexedElements: IndexedElements {
        IndexedElements(storage: storage)
    }

    /// Zero: absent items are skipped, and counting the present ones takes a walk.
    public var underestimatedCount: Int { 0 }

    /// Iterates the items of one version in order, copying them out of the C
    /// core in runs of up to 128.
    public struct Iterator: IteratorProtocol {
        private var cursor: Cursor

        init(storage: _Storage) {
            cursor = Cursor(storage: storage)
        }

        public mutating func next() -> Element? {
            cursor.next()?.element
        }
    }

    /// The items of one version with their index paths, in order.
    public struct IndexedElements: Sequence {
        let storage: _Storage

        public func makeIterator() -> Iterator {
            Iterator(storage: storage)
        }

        /// Iterates (index path, element) pairs.
        public struct Iterator: IteratorProtocol {
            private var cursor: Cursor

            init(storage: _Storage) {
                cursor = Cursor(storage: storage)
            }

            public mutating func next() -> (indexPath: IndexPath, element: Element)? {
                guard let (section, item, element) = cursor.next() else { return nil }
                return (IndexPath(item: item, section: section), element)
            }
        }
    }

    /// Walks sections and items, refilling a small buffer of handles.
    struct Cursor {
        private let storage: _Storage
        private let sections: Int
        private var section = 0
        private var item = 0
        private var buffer: [UnsafeMutableRawPointer?] = []
        private var bufferStart = 0
        private var bufferCount = 0

        init(storage: _Storage) {
            self.storage = storage
            sections = _CElementMap.sectionCount(storage.version)
        }

        mutating func next() -> (section: Int, item: Int, element: Element)? {
            while section < sections {
                if item - bufferStart < bufferCount {
                    defer { item += 1 }
                    guard let handle = buffer[item - bufferStart] else { continue }
                    return (section, item, Unmanaged<Element>.fromOpaque(handle).takeUnretainedValue())
                }
                if buffer.isEmpty { buffer = [UnsafeMutableRawPointer?](repeating: nil, count: 128) }
                let version = storage.version, start = item, at = section
                bufferStart = start
                bufferCount = buffer.withUnsafeMutableBufferPointer {
                    _CElementMap.copyItems(version, section: at, start: start, into: $0)
                }
                if bufferCount == 0 {
                    section += 1
                    item = 0
                    bufferStart = 0
                }
            }
            return nil
        }
    }
}

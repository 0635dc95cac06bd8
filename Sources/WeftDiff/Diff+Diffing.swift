extension Diff where Element: Diffable {
    /// Creates the diff that turns `old` into `new`, pairing elements by
    /// ``Diffable/diffIdentifier`` and comparing their contents with
    /// ``Diffable/isContentEqual(to:)``.
    ///
    /// - Parameters:
    ///   - old: The elements before the change; ``deletes`` and every `from`
    ///     index into it.
    ///   - new: The elements after the change; ``inserts`` and every `to` index
    ///     into it.
    /// - Complexity: Expected O(*n* + *m* + *k* log *k*) for *n* old and *m* new
    ///   elements of which *k* pair up, with one `hashValue` per element (none
    ///   for integer identities; ASCII text and UUIDs are hashed from their
    ///   bytes) and at most one ``Diffable/isContentEqual(to:)``
    ///   per pair; the log factor only applies to elements that moved. When all
    ///   identities hash alike it degrades to O(*n* × *m*) identity comparisons.
    @inlinable
    public init(from old: [Element], to new: [Element]) {
        self.init(diffing: old, to: new, access: _DiffableAccess<Element>.self)
    }
}

extension Diff where Element: Hashable {
    /// Creates the diff that turns `old` into `new`, each element being its
    /// own identity; such a diff has no updates.
    ///
    /// - Parameters:
    ///   - old: The elements before the change; ``deletes`` and every `from`
    ///     index into it.
    ///   - new: The elements after the change; ``inserts`` and every `to` index
    ///     into it.
    /// - Complexity: Expected O(*n* + *m* + *k* log *k*) for *n* old and *m* new
    ///   elements of which *k* pair up, with one `hashValue` per element (none
    ///   for integers); O(*n* × *m*) comparisons when all hashes collide.
    @inlinable
    public init(from old: [Element], to new: [Element]) {
        self.init(diffing: old, to: new, access: _HashableAccess<Element>.self)
    }
}

extension Diff where Element: Diffable & Hashable {
    /// Creates the diff that turns `old` into `new` by ``Diffable`` identity and
    /// content, for elements that are also `Hashable`.
    ///
    /// `Diffable` decides: a `Hashable` type with an identity of its own (an
    /// `id` property) is diffed by that identity, not by `==`.
    ///
    /// - Parameters:
    ///   - old: The elements before the change; ``deletes`` and every `from`
    ///     index into it.
    ///   - new: The elements after the change; ``inserts`` and every `to` index
    ///     into it.
    /// - Complexity: As for other `Diffable` elements.
    @inlinable
    public init(from old: [Element], to new: [Element]) {
        self.init(diffing: old, to: new, access: _DiffableAccess<Element>.self)
    }
}

extension Diff {
    /// Runs the C core over the identity hashes of `old` and `new`.
    ///
    /// Inlinable so that the loops that hash identities and the comparisons the
    /// core calls back are specialized for the caller's element type.
    @inlinable
    init<Access: _DiffAccess>(diffing old: [Element], to new: [Element], access: Access.Type)
    where Access.Element == Element {
        var method = _IdentityHash.method(for: Access.ID.self)
        let output = old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                _CDiff.list(
                    oldCount: old.count, newCount: new.count,
                    comparesIdentities: method != .exact, comparesContents: Access.comparesContents,
                    fill: { oldIDs, newIDs in
                        let seed = _CDiff.hashSeed
                        func fill(_ method: _IdentityHash.Method) -> Bool {
                            var nonASCII = false
                            for i in old.indices { oldIDs[i] = _IdentityHash.bits(of: Access.identity(of: old[i]), method, seed, &nonASCII) }
                            for j in new.indices { newIDs[j] = _IdentityHash.bits(of: Access.identity(of: new[j]), method, seed, &nonASCII) }
                            return nonASCII
                        }
                        if _IdentityHash.mustRehash(method, fill(method)) {
                            method = .hashValue
                            _ = fill(method)
                        }
                    },
                    identityEqual: { _IdentityHash.equal(Access.identity(of: old[$0]), Access.identity(of: new[$1]), method) },
                    identitiesDiffer: { pairs, differ in
                        for p in differ.indices {
                            let old = Access.identity(of: old[Int(pairs[2 * p])])
                            differ[p] = _IdentityHash.equal(old, Access.identity(of: new[Int(pairs[2 * p + 1])]), method) ? 0 : 1
                        }
                    },
                    contentsChanged: { pairs, changed in
                        for p in changed.indices {
                            let same = Access.isContentEqual(old[Int(pairs[2 * p])], new[Int(pairs[2 * p + 1])])
                            changed[p] = same ? 0 : 1
                        }
                    })
            }
        }
        self.init(
            deletes: output.deletes, inserts: output.inserts, moves: output.moves,
            updates: output.updates, oldCount: old.count, newElements: new)
    }
}

extension StatefulViewPool {
    /// The pool key: controller type and context.
    struct _Key: Hashable {
        let controller: ObjectIdentifier
        let context: AnyHashable
    }

    /// A view handed to the pool, with what the pool asks about it later.
    struct _Entry {
        let key: _Key
        let view: any ReusableView
        /// Whether the controller lets the view go now; asked while the view is pending.
        let mayRelinquish: @MainActor () -> Bool
        /// The controller's limit and validity for the entry's context.
        let maximumPoolSize: @MainActor () -> Int?
        let isContextValid: @MainActor () -> Bool
    }
}

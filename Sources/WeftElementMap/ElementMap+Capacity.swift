extension ElementMap {
    /// The most sections one map holds: the C core numbers live sections with
    /// 23 bits. A batch that would go beyond it is refused with
    /// `ElementMapError.capacityExceeded(edit:position:detail:)`.
    public static var maximumSectionCount: Int { (1 << 23) - 1 }

    /// The most items one section holds: positions are 32-bit in the C core.
    public static var maximumItemCount: Int { Int(UInt32.max) }
}

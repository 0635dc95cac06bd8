/// The component type of the mount benchmarks' rows (a `ComponentID` names a type).
public enum MountRow {}

/// The object a listener's `data` pointer stands for: the one that added the listener, passed
/// unretained (it owns the proxy, so it outlives every event the proxy delivers).
func listenerOwner<Owner: AnyObject>(_ data: UnsafeMutableRawPointer?, as _: Owner.Type = Owner.self) -> Owner? {
    data.map { Unmanaged<Owner>.fromOpaque($0).takeUnretainedValue() }
}

/// The `data` pointer a listener is added with: `owner`, unretained.
func listenerData(_ owner: AnyObject) -> UnsafeMutableRawPointer {
    Unmanaged.passUnretained(owner).toOpaque()
}

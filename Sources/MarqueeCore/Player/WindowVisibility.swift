/// Whether the window can be seen (mapped and not fully covered), and since when it could not:
/// frames run only while it can, and the text continues from where it stood rather than jumping
/// ahead by the time it was hidden.
public struct WindowVisibility: Equatable, Sendable {
    public private(set) var mapped = false
    public private(set) var fullyObscured = false
    /// When frames stopped because the window could not be seen; nil while it can be seen.
    private var hiddenSince: Double?
    /// Set when what the window shows changed outside the frame loop (new text standing still,
    /// a resize, shown again): it must be drawn at once.
    private var changedSinceDrawn = false

    public init() {}

    public var isVisible: Bool { mapped && !fullyObscured }

    /// Whether the window must be drawn outside the frame loop (when no frame is coming).
    public var needsRedraw: Bool { changedSinceDrawn && isVisible }
    mutating func markChanged() { changedSinceDrawn = true }
    mutating func markDrawn() { changedSinceDrawn = false }

    /// What a change of visibility means for the motion.
    public enum Change: Equatable, Sendable {
        /// Seen again after `hidden` seconds (nil: seen for the first time): hold the text back
        /// by that long and draw at once.
        case shown(hidden: Double?)
        case hidden
        case unchanged
    }

    public mutating func set(mapped: Bool? = nil, fullyObscured: Bool? = nil, at time: Double) -> Change {
        let wasVisible = isVisible
        if let mapped { self.mapped = mapped }
        if let fullyObscured { self.fullyObscured = fullyObscured }
        if isVisible && !wasVisible {
            defer { hiddenSince = nil }
            changedSinceDrawn = true
            return .shown(hidden: hiddenSince.map { time - $0 })
        }
        if !isVisible && hiddenSince == nil {
            hiddenSince = time
            return .hidden
        }
        return .unchanged
    }
}

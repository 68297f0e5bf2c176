import MarqueeIO

/// A backend's frame clock: while active, `onFrame(counter, time)` once per refresh with the
/// display's frame counter and the time that frame will be shown at; nothing at all while stopped.
public protocol FrameSource: FrameRequester {
    var onFrame: (_ counter: UInt64, _ time: Double) -> Void { get set }
    /// The refresh period in seconds, as measured so far.
    var period: Double { get }
    /// The first vblank after `time` (its counter and time) for frames planned again at once,
    /// replacing those queued for it and after; nil where frames are not queued ahead.
    func nextFrame(after time: Double) -> (counter: UInt64, time: Double)?
}

extension FrameSource {
    public func nextFrame(after time: Double) -> (counter: UInt64, time: Double)? { nil }
}

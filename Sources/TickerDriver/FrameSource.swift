import MarqueeIO

/// A backend's frame clock: while active, `onFrame(counter, time)` once per refresh with the
/// display's frame counter and the time that frame will be shown at; nothing at all while stopped.
public protocol FrameSource: FrameRequester {
    var onFrame: (_ counter: UInt64, _ time: Double) -> Void { get set }
    /// The refresh period in seconds, as measured so far.
    var period: Double { get }
}

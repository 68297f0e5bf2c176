/// What a backend's parts say while it drains its display (and between drains: a timer's frame),
/// kept in order for the driver, which takes them all at once (`TickerBackend.drain`).
public final class BackendOutbox {
    private var events: [BackendEvent] = []
    /// How frames reach the screen, as last said (nil: not yet).
    private var presentation: FramePresentation?

    public init() { events.reserveCapacity(8) }

    public func post(_ event: BackendEvent) { events.append(event) }

    /// Says how frames reach the screen, when that is not what was said last.
    public func tell(_ presentation: FramePresentation) {
        guard presentation != self.presentation else { return }
        self.presentation = presentation
        post(.presentation(presentation))
    }

    /// Hands every event over into `taken` (empty), swapping storage: nothing is allocated once
    /// both arrays have grown to a drain's size.
    public func hand(into taken: inout [BackendEvent]) { swap(&events, &taken) }
}

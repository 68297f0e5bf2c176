import CWaylandClient
import Glibc
import MarqueeCore
import MarqueeIO
import TickerDriver
import WaylandProtocols

/// Frames paced by the compositor: each committed frame asks for a `wl_surface.frame` callback,
/// and the callback (the compositor's "draw the next one now") starts the frame after. Where the
/// compositor sends `wp_presentation` feedback, its exact presentation times and refresh period
/// set the frame clock; where it does not (headless sway 1.7), the callbacks' arrival times and a
/// period measured from them (`PresentationClock`).
///
/// Each callback (and the first frame of a run, from a timer on the next loop turn) posts a
/// `.frame` event; the driver draws it after the drain. A hidden surface gets no callbacks, so
/// it draws nothing until shown again; after `stop()` the callback already asked for arrives
/// and nothing follows.
final class CallbackPacer {
    private let outbox: BackendOutbox
    /// Kept open while callbacks and feedback objects exist: they are destroyed through it.
    private let display: WaylandDisplay
    private var surface: OpaquePointer
    private let presentation: OpaquePointer?
    private var clock = PresentationClock()
    private let startTimer: DeadlineTimer
    private var startWatch: EventLoop.Watch?
    private var pendingCallback: OpaquePointer?
    private let callbackListener: UnsafeMutablePointer<wl_callback_listener>
    private let feedbackListener: UnsafeMutablePointer<wp_presentation_feedback_listener>
    /// Whether the last callback drew a frame at once: then the next one is a refresh later.
    private var drewOnLastCallback = false
    /// A callback's frame was posted this loop turn: a commit before the next drain draws it at once.
    private var callbackFramePosted = false
    /// Feedback asked for and not answered yet, oldest first (a few: the compositor answers each
    /// within a frame or two).
    private var feedbackObjects: [OpaquePointer] = []
    /// The compositor left `unansweredLimit` feedback objects in a row unanswered (headless sway
    /// 1.7 answers none): no more are asked for on this surface. Each one left waiting would stay
    /// on both sides for good, and the compositor's work each commit grows with their number.
    private var feedbackSilent = false
    private static let unansweredLimit = 8
    /// Once the compositor has answered one with its refresh period, feedback is asked for once a
    /// second at most: it arrives apart from the frame callback (a wake-up of its own), and the
    /// exact period keeps the grid between two answers. Without the period (headless wlroots)
    /// it is measured from consecutive presentations: every frame asks.
    private static let feedbackInterval = 1.0
    private var lastFeedbackAsked = -Double.infinity
    private(set) var isActive = false
    /// The frame callbacks asked for and answered on the current surface.
    private(set) var callbacks = FrameCallbackCount()

    init(display: WaylandDisplay, surface: OpaquePointer, loop: EventLoop, outbox: BackendOutbox) throws(WaylandError) {
        guard let timer = DeadlineTimer() else { throw .noTimer(errno: errno) }
        self.outbox = outbox
        self.display = display
        self.surface = surface
        presentation = display.presentation
        startTimer = timer
        callbackListener = .allocate(capacity: 1)
        callbackListener.initialize(to: wl_callback_listener(done: { data, callback, _ in
            listenerOwner(data, as: CallbackPacer.self)?.callbackDone(callback)
        }))
        feedbackListener = .allocate(capacity: 1)
        feedbackListener.initialize(to: wp_presentation_feedback_listener(
            sync_output: { _, _, _ in },
            presented: { data, feedback, secondsHigh, secondsLow, nanoseconds, refresh, _, _, _ in
                let seconds = Double(UInt64(secondsHigh) << 32 | UInt64(secondsLow)) + Double(nanoseconds) / 1e9
                listenerOwner(data, as: CallbackPacer.self)?.presented(feedback, at: seconds, refresh: Double(refresh) / 1e9)
            },
            discarded: { data, feedback in listenerOwner(data, as: CallbackPacer.self)?.forget(feedback) }))
        startWatch = timer.wake(on: loop) { [unowned self] in self.drawFrame(consecutive: false) }
    }

    deinit {
        if let pendingCallback { wl_callback_destroy(pendingCallback) }
        dropFeedback()
        callbackListener.deallocate()
        feedbackListener.deallocate()
    }

    var period: Double { clock.period }
    /// Whether the compositor's presentation feedback sets the clock (else the callbacks do).
    var usesPresentationFeedback: Bool { clock.source == .presentation }

    /// Frames from now on, until `stop()`.
    func requestFrame() {
        isActive = true
        // A frame in flight brings its callback; otherwise start on the next loop turn.
        if pendingCallback == nil { startTimer.arm(at: 0) }
    }

    /// The frame could not be drawn (the compositor holds every buffer): try again a refresh
    /// later rather than at once, which would spin until it lets one go.
    func retryLater() {
        guard isActive, pendingCallback == nil else { return }
        startTimer.arm(at: MonotonicClock.now() + clock.period)
    }

    func stop() {
        isActive = false
        startTimer.disarm()
    }

    /// A drain begins: a commit from now on answers no callback posted before.
    func beginTurn() { callbackFramePosted = false }

    /// The last vblank a frame is queued for (0: none yet).
    private(set) var queuedThrough: UInt64 = 0

    /// Frames through `counter` are queued (a batch through the fifo): the next one drawn comes
    /// after them.
    func queued(through counter: UInt64) {
        queuedThrough = max(queuedThrough, counter)
        clock.reserve(through: queuedThrough)
    }

    /// The first vblank after `time` that no queued frame holds: where frames planned again at
    /// once can start.
    func nextFrame(after time: Double) -> FrameTime? {
        clock.peekFrame(after: time, notBefore: queuedThrough + 1).map { FrameTime(counter: $0.counter, time: $0.time, period: clock.period) }
    }

    /// The frame the ticker just attached is complete: ask for the next callback and the
    /// frame's feedback (`asking`; a batch asks with its last frame but one only), and commit it.
    /// `target`: the surface committed, when not the pacer's own (a lane's crawl: the first one
    /// drawn in a turn asks, so a standing first lane never leaves the others without callbacks).
    func commitFrame(on target: OpaquePointer? = nil, asking: Bool = true) {
        let surface = target ?? self.surface
        guard asking else { return wl_surface_commit(surface) }
        if callbackFramePosted {
            // Drawn in the loop turn its callback came in: the next callback is a refresh later.
            drewOnLastCallback = true
            callbackFramePosted = false
        }
        if pendingCallback == nil, let callback = wl_surface_frame(surface) {
            pendingCallback = callback
            callbacks.requested += 1
            wl_callback_add_listener(callback, callbackListener, listenerData(self))
        }
        if feedbackObjects.count >= Self.unansweredLimit { giveUpFeedback() }
        let now = MonotonicClock.now()
        if let presentation, !feedbackSilent, display.presentationClock != nil, !clock.knowsRefresh || now - lastFeedbackAsked >= Self.feedbackInterval,
           let feedback = wp_presentation_feedback(presentation, surface) {
            lastFeedbackAsked = now
            feedbackObjects.append(feedback)
            wp_presentation_feedback_add_listener(feedback, feedbackListener, listenerData(self))
        }
        wl_surface_commit(surface)
    }

    /// Frames go to `newSurface` from now on (the bar moved to another output): the callback and
    /// feedback asked for on the old one will not come, and its times say nothing of the new one.
    func move(to newSurface: OpaquePointer) {
        if let pendingCallback { wl_callback_destroy(pendingCallback) }
        pendingCallback = nil
        callbacks = FrameCallbackCount()
        // Nothing is queued on a new surface, and its clock counts anew.
        queuedThrough = 0
        dropFeedback()
        feedbackSilent = false
        surface = newSurface
        clock = PresentationClock(guessedPeriod: clock.period)
        drewOnLastCallback = false
        if isActive { startTimer.arm(at: 0) }
    }

    private func callbackDone(_ callback: OpaquePointer?) {
        if let callback { wl_callback_destroy(callback) }
        pendingCallback = nil
        callbacks.answered += 1
        clock.noteCallback(at: MonotonicClock.now(), consecutive: drewOnLastCallback)
        drewOnLastCallback = false
        guard isActive else { return }
        startTimer.disarm()
        drawFrame(consecutive: true)
    }

    private func drawFrame(consecutive: Bool) {
        guard isActive else { return }
        let frame = clock.nextFrame(after: MonotonicClock.now())
        outbox.post(.frame(FrameTime(counter: frame.counter, time: frame.time, period: clock.period)))
        callbackFramePosted = consecutive
    }

    private func presented(_ feedback: OpaquePointer?, at time: Double, refresh: Double) {
        forget(feedback)
        guard let offset = display.offsetToMonotonic() else { return }
        clock.notePresented(at: time + offset, refresh: refresh > 0 ? refresh : nil)
    }

    private func forget(_ feedback: OpaquePointer?) {
        guard let feedback, let index = feedbackObjects.firstIndex(of: feedback) else { return }
        feedbackObjects.remove(at: index)
        wp_presentation_feedback_destroy(feedback)
    }

    /// The compositor does not answer feedback on this surface: the callbacks' times set the clock.
    private func giveUpFeedback() {
        dropFeedback()
        feedbackSilent = true
    }

    /// Destroys the feedback objects still waiting for an answer.
    private func dropFeedback() {
        for feedback in feedbackObjects { wp_presentation_feedback_destroy(feedback) }
        feedbackObjects.removeAll()
    }
}

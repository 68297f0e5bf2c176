import MarqueeCore
import TickerDriver

/// A real backend seen from the driver's side: every call passes through to it unchanged, and
/// every frame handed to it is recorded (a batch's frames one by one, with their vblank times),
/// so a test reads what was put on screen and when without hooks in the driver. It queues frames
/// ahead exactly when the backend does.
public final class RecordingBackend: TickerBackend, FrameQueue {
    /// One frame handed to the display: the strip position at the window's left edge, its
    /// sub-pixel phase, and the time it is shown at.
    public struct Frame: Equatable {
        public var counter: UInt64?
        public var position: Int
        public var phase: Int
        public var time: Double
        /// A roll's offset in 1/8 px (`RollFrame.offset`); nil for a frame that does not roll.
        public var rollOffset: Int? = nil
    }

    public let base: TickerBackend
    private let queue: FrameQueue?
    /// Called for each frame of the first lane handed for a vblank (each of a batch), in order;
    /// not for stills.
    public var onFrame: ((Frame) -> Void)?
    /// The same for every lane, with its number.
    public var onLaneFrame: ((_ lane: Int, Frame) -> Void)?
    /// The frames of the last plans handed, a later plan replacing what it overlaps.
    public private(set) var frames: [Frame] = []
    /// The clock stills are recorded at.
    private let now: () -> Double

    public init(_ base: TickerBackend, now: @escaping () -> Double) {
        self.base = base
        queue = base as? FrameQueue
        self.now = now
    }

    public func drain(into events: inout [BackendEvent]) -> Int32 { base.drain(into: &events) }
    public func setFramesWanted(_ wanted: Bool) { base.setFramesWanted(wanted) }
    public func setLook(_ look: TickerLook, lane: Int) { base.setLook(look, lane: lane) }
    public func showPointer(overLink: Bool) { base.showPointer(overLink: overLink) }
    public func place(_ placement: PlacementUpdate) -> [PlacementRefusal] { base.place(placement) }
    public var batchLimit: FrameBatchLimit { queue?.batchLimit ?? .single }
    public func nextFrame(after time: Double) -> FrameTime? { queue?.nextFrame(after: time) }
    public var queuesWithoutTimes: Bool { queue?.queuesWithoutTimes ?? false }

    /// Records the first lane's frames (`frames`, `onFrame`) and tells every lane's (`onLaneFrame`).
    public func show(_ plans: [FramePlan?], at frame: FrameTime?) -> Bool {
        guard base.show(plans, at: frame) else { return false }
        for (lane, plan) in plans.enumerated() {
            guard let plan else { continue }
            guard let frame else {
                if lane == 0 { record([Frame(counter: nil, position: plan.position, phase: plan.phase, time: now())], reporting: false) }
                continue
            }
            var handed = [Frame(counter: frame.counter, position: plan.position, phase: plan.phase, time: frame.time,
                                rollOffset: plan.roll?.offset)]
            for (index, point) in plan.following.enumerated() {
                handed.append(Frame(counter: frame.counter + UInt64(index + 1), position: point.position, phase: point.phase,
                                    time: frame.time + Double(index + 1) * frame.period))
            }
            if lane == 0 { record(handed, reporting: true) }
            handed.forEach { onLaneFrame?(lane, $0) }
        }
        return true
    }

    private func record(_ handed: [Frame], reporting: Bool) {
        // Frames queued for these vblanks or later are replaced; keep a bounded history.
        if let first = handed.first { frames.removeAll { $0.time >= first.time - 1e-6 } }
        frames.append(contentsOf: handed)
        if frames.count > 4096 { frames.removeFirst(frames.count - 4096) }
        if reporting { handed.forEach { onFrame?($0) } }
    }

    /// The frame on screen at `time`: the last one handed whose vblank has come, or the first
    /// still to come when none has (the display shows it next).
    public func shown(at time: Double) -> Frame? {
        frames.last { $0.time <= time + 1e-6 } ?? frames.first
    }
}

import MarqueeCore

/// The players' decisions as frames: every lane planned for the same vblank and handed to the
/// backend together, frames on while any lane moves, a redraw of what stands.
extension Ticker {
    /// The frame for a vblank (and, where the display queues frames, the batch after it) of every
    /// lane that moves or has just come to rest (of every lane, `everyLane`: frames queued
    /// ahead are replaced); the batch is as long as the shortest lane's, so every lane's frames
    /// run out at the same vblank.
    func frame(_ frame: FrameTime, everyLane: Bool = false) {
        refreshPeriod = frame.period
        let limit = queue?.batchLimit ?? .single
        if limit.count > 1, queue?.queuesWithoutTimes == true { absorbSlip(before: frame) }
        plans.removeAll(keepingCapacity: true)
        var count = Int.max
        for lane in lanes {
            lane.player.setRefreshPeriod(frame.period, atFrame: frame.time)
            let plan = everyLane || lane.wantsFrames ? lane.player.frames(at: frame.time, period: frame.period, limit: limit) : nil
            if let plan { count = min(count, plan.frameCount) }
            plans.append(plan)
        }
        guard count != Int.max else { return follow(at: frame.time) }
        // A lane that would queue more is planned again for the shorter batch, so what it asks
        // for after the batch (a stop's rest, the message that comes to stand) is its last frame's.
        let shorter = FrameBatchLimit(count: count, reach: limit.reach)
        for (index, lane) in lanes.enumerated() where (plans[index]?.frameCount ?? 0) > count {
            plans[index] = lane.player.frames(at: frame.time, period: frame.period, limit: shorter)
        }
        // The text moves under a pointer that stands still: a link may have come or gone.
        if lanes.contains(where: { $0.player.pointerX != nil }) { showPointer() }
        guard backend.show(plans, at: frame) else { return }
        statistics.noteShown(counter: frame.counter, count: count)
        queuedThrough = frame.counter + UInt64(count - 1)
        for (lane, plan) in zip(lanes, plans) {
            guard let plan else { continue }
            lane.wantsFrames = plan.demand == .nextFrame
            if !lane.wantsFrames { lane.timers?.rest(plan.demand) }
        }
        runFrames()
        // A message that comes to stand (hold mode) is said as its frames are handed.
        speak()
    }

    /// A batch through a queue without times (a Wayland fifo) that starts vblanks after the last
    /// frame queued: that frame stood longer than planned, because the queue shows each frame a
    /// refresh after the one before and the compositor missed refreshes (or the batch came after
    /// the queue ran out). Now and then (`SlipAllowance`) the moving lanes continue from that
    /// frame rather than jump ahead by the time lost: a stall without a jump after it. Where each
    /// frame has its vblank (X11 Present), a late frame shows where the time puts the text.
    private func absorbSlip(before frame: FrameTime) {
        let skipped = statistics.vblanksSkipped(before: frame.counter)
        guard skipped > 0 else { return }
        let seconds = Double(skipped) * frame.period
        guard slips.absorbs(seconds, at: frame.time) else { return }
        for lane in lanes where lane.wantsFrames { lane.player.displayHeld(for: seconds) }
    }

    /// Follows the players' decisions after a change: frames, the rest and page alarms, the
    /// pointer's shape, and a redraw of the lanes whose standing picture changed.
    func follow(at now: Double) {
        speak()
        for lane in lanes {
            let demand = lane.player.demand(at: now)
            lane.wantsFrames = demand == .nextFrame
            if !lane.wantsFrames { lane.timers?.rest(demand) }
            lane.timers?.follow(pages: lane.player.pages)
        }
        runFrames()
        showPointer()
        // Frames planned again from the next vblank bring the change at that vblank, in their turn:
        // drawn at once as well, it would show before the frames still queued ahead of it, which
        // then step back from it (a press's hold copied in mid-refresh, then the vblank's old frame).
        guard !replanQueuedFrames(at: now) else { return }
        drawNow(only: { $0.player.needsRedraw(at: now) })
    }

    /// Hands what the players have for a screen reader to whoever speaks to the accessibility bus.
    private func speak() {
        for lane in lanes where !lane.player.announcements.isEmpty {
            for announcement in lane.player.takeAnnouncements() { onAnnouncement?(announcement) }
        }
    }

    /// Frames while any lane wants the next one; otherwise none.
    private func runFrames() {
        if lanes.contains(where: \.wantsFrames) {
            framesWanted = true
            return backend.setFramesWanted(true)
        }
        if framesWanted {
            framesWanted = false
            backend.setFramesWanted(false)
        }
        statistics.noteStopped()
    }

    /// The pointer's shape: a hand over a link in the lane under it.
    func showPointer() {
        backend.showPointer(overLink: lanes.contains { $0.player.pointerOverLink })
    }

    /// Frames queued ahead were planned on the motion and picture as they were: after a change,
    /// plan again from the next vblank at once, replacing them (the backend supersedes frames
    /// queued for the same vblanks). Nothing waits for the batch to run out. True when frames
    /// were handed again.
    @discardableResult
    func replanQueuedFrames(at now: Double) -> Bool {
        // Also when frames have just stopped (a speed of 0): the frame of the next vblank then
        // shows where the text stands, in place of the motion queued beyond it.
        guard let queue, let next = queue.nextFrame(after: now), next.counter < queuedThrough else { return false }
        queuedThrough = 0
        frame(next, everyLane: true)
        return queuedThrough != 0
    }

    /// Draws the last position shown again, at once, of every lane (`only` those it names):
    /// static text, exposures, resizes (where waiting for a frame would show newly exposed area
    /// unpainted).
    func drawNow(only chosen: (Lane) -> Bool = { _ in true }) {
        guard lanes[0].player.visibility.isVisible else { return }
        plans.removeAll(keepingCapacity: true)
        for lane in lanes { plans.append(chosen(lane) ? lane.player.still() : nil) }
        guard plans.contains(where: { $0 != nil }) else { return }
        _ = backend.show(plans, at: nil)
    }
}

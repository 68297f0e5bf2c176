/// Pointer and keys: drag with inertia, wheel, hover, clicks, keys.
extension MarqueePlayer {
    /// Applies one input event; returns what the outside world must do (open a clicked link).
    public mutating func handle(_ input: PlayerInput, at now: Double) -> PlayerEffect? {
        switch input {
        case .press(let x):
            director?.beginDrag(pointer: Double(x), at: now)
        case .move(let x):
            pointerX = x
            if director?.isDragging == true { director?.dragTo(pointer: Double(x), at: now) }
        case .release(let x):
            // A press and release without a drag is a click: it opens a link under the pointer,
            // or else (with --click-to-pause) pauses and resumes.
            guard director?.endDrag(at: now) != true else { return nil }
            if let link = link(atWindowX: x) { return .openLink(link) }
            if style.motion.clickToPause { togglePause(at: now) }
        case .wheel(let forward, let control):
            if control {
                nudgeSpeed(byFrames: forward ? -1 : 1, at: now)
            } else {
                // Forward moves the text the way it reads on.
                scrub(steps: (forward ? 1 : -1) * (style.direction == .left ? 1 : -1), at: now)
            }
        case .enter(let x):
            pointerX = x
            // Under reduced motion, hovering is how a reader scrolls a long message.
            if pager != nil { startScrolling(.hover, at: now) } else if style.motion.pauseOnHover { director?.pause(.hover, at: now) }
        case .leave:
            pointerX = nil
            if pager != nil { stopScrolling(.hover, at: now) } else if style.motion.pauseOnHover { director?.resume(.hover, at: now) }
        case .key(let key):
            switch key {
            case .togglePause: togglePause(at: now)
            case .scrubLeft: scrub(steps: 1, at: now)
            case .scrubRight: scrub(steps: -1, at: now)
            case .faster: nudgeSpeed(byFrames: 1, at: now)
            case .slower: nudgeSpeed(byFrames: -1, at: now)
            }
        }
        return nil
    }
}

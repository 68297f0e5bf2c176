/// Pointer and keys: drag with inertia, wheel, hover, clicks, keys.
extension MarqueePlayer {
    /// Applies one input event; returns what the outside world must do (open a clicked link).
    public mutating func handle(_ input: PlayerInput, at now: Double) -> PlayerEffect? {
        switch input {
        case .press(let x):
            beginDrag(at: x, now)
        case .move(let x):
            notePointer(at: x)
            drag(to: x, at: now)
        case .release(let x):
            // A press and release without a drag is a click: it opens a link under the pointer,
            // or else (with --click-to-pause) pauses and resumes.
            guard !endDrag(at: now) else { return nil }
            if let link = link(atWindowX: x) { return .openLink(link) }
            if motion.settings.clickToPause { togglePause(at: now) }
        case .wheel(let forward, let control):
            // Forward moves the text the way it reads on; with Ctrl the wheel changes the speed.
            if control {
                nudgeSpeed(byFrames: forward ? -1 : 1, at: now)
            } else {
                scrub(forward == (motion.direction == .left) ? 1 : -1, at: now)
            }
        case .enter(let x):
            notePointer(at: x)
            hover(true, at: now)
        case .leave:
            notePointer(at: nil)
            hover(false, at: now)
        case .key(let key):
            switch key {
            case .togglePause: togglePause(at: now)
            case .scrubLeft: scrub(1, at: now)
            case .scrubRight: scrub(-1, at: now)
            case .faster: nudgeSpeed(byFrames: 1, at: now)
            case .slower: nudgeSpeed(byFrames: -1, at: now)
            }
        }
        return nil
    }

    /// Applies a `ctl` request: the ones that change what is shown (`status` and `quit` are the
    /// app's and change nothing here).
    public mutating func handle(_ request: ControlRequest, at now: Double) {
        switch request {
        case .pause: pause(at: now)
        case .resume: resume(at: now)
        case .toggle: togglePause(at: now)
        case .speed(let speed): changeSpeed(to: speed, at: now)
        case .say(let text): announce(text, at: now)
        case .next: skipToNextMessage(at: now)
        case .status, .quit: break
        }
    }

    /// The link of the text under window column `x`, if it has one (not its separator).
    public func link(atWindowX x: Int) -> String? { strip.link(atWindowX: x) }

    /// Whether the pointer is over linked text (the window shows a hand there).
    public var pointerOverLink: Bool { pointerX.flatMap { link(atWindowX: $0) } != nil }
}

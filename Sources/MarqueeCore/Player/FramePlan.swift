/// What to show in the window for one frame: the strip position at its left edge, its sub-pixel
/// phase, and the strip the copies that fill it come from (worked out only when drawn: a frame
/// presented from a ribbon needs none).
public struct FramePlan {
    /// Strip position of the window's left edge, whole pixels.
    public var position: Int
    /// The fraction of a pixel further on, in 1/`SubpixelGrid.steps` px: the tiles of that
    /// phase are copied (the copies' columns are those of `position`).
    public var phase: Int
    public var width: Int
    /// What the player wants after this frame.
    public var demand: FrameDemand
    /// The way the text moves: a ribbon reaches ahead of the window on the side text enters from.
    public var direction: ScrollDirection
    /// The strip the copies were cut from: a ribbon wider than the window is painted from it.
    public var strip: StripTimeline<CycleContent>?
    /// The frames after this one, one per vblank, while the motion is steady: same strip, width
    /// and direction, each at its own point (empty: this frame alone).
    public var following: [FramePoint] = []
    /// During a roll between pages (`--mode roll`): the page rolling out above this plan's, and
    /// how far both have moved up (nil: the plan's strip stands where it is).
    public var roll: RollFrame?

    /// The frames this plan holds: itself and those after it.
    public var frameCount: Int { 1 + following.count }

    /// Where the `index`th frame of the batch (0: this one) shows the strip: a batch's frames differ
    /// only there, so a backend walks them without copying the plan (and its strip) for each.
    public func point(_ index: Int) -> FramePoint {
        index == 0 ? FramePoint(position: position, phase: phase) : following[index - 1]
    }

    /// The plan for the `index`th frame of the batch (0: this one), with no frames after it.
    public func frame(_ index: Int) -> FramePlan {
        var plan = self
        plan.following = []
        if index > 0 {
            plan.position = following[index - 1].position
            plan.phase = following[index - 1].phase
        }
        return plan
    }

    /// The copies that fill the window, left to right, every column covered exactly once.
    public var copies: [FrameCopy] { copies(covering: position..<(position + width)) }

    /// The copies that show strip positions `range` (wider than the window, for a ribbon).
    public func copies(covering range: Range<Int>) -> [FrameCopy] {
        guard let strip else { return [FrameCopy(content: nil, tile: 0, sourceX: 0, destinationX: 0, width: range.count)] }
        var copies: [FrameCopy] = []
        copies.reserveCapacity(4)
        strip.copies(covering: range, into: &copies)
        return copies
    }
}

/// One stretch of window columns: a piece of a content's tile, or the background.
public struct FrameCopy: Equatable {
    /// Nil: the background (no text there).
    public var content: CycleContent?
    public var tile: Int
    public var sourceX: Int
    public var destinationX: Int
    public var width: Int

    public static func == (a: FrameCopy, b: FrameCopy) -> Bool {
        a.content === b.content && a.tile == b.tile && a.sourceX == b.sourceX && a.destinationX == b.destinationX
            && a.width == b.width
    }
}

/// Whether the player needs frames.
public enum FrameDemand: Equatable, Sendable {
    /// Something moves: draw the next vblank.
    case nextFrame
    /// Resting (a pause at the start, a bounce's end): no frames until this time.
    case restUntil(Double)
    /// Nothing moves, or nothing can be seen: no frames until new input.
    case none
}

/// A frame of a roll between pages (`PageRoll`): the page rolling out — its strip, where the
/// window stood on it — above the page of the plan's own strip, both moved up by `offset`. A
/// backend stacks the two pages (the outgoing one over the incoming one, each as tall as the
/// bar), painted with every glyph at `verticalPhase`, and shows the bar's height of it from row
/// `row` down.
public struct RollFrame {
    public var outgoing: StripTimeline<CycleContent>?
    public var outgoingPoint: FramePoint
    /// How far both pages have moved up, in 1/`SubpixelGrid.steps` px.
    public var offset: Int

    public init(outgoing: StripTimeline<CycleContent>?, outgoingPoint: FramePoint, offset: Int) {
        self.outgoing = outgoing
        self.outgoingPoint = outgoingPoint
        self.offset = max(0, offset)
    }

    /// The first row of the stack the bar shows: the whole pixels of `offset`.
    public var row: Int { offset / SubpixelGrid.steps }
    /// The fraction of a pixel further up, in 1/`SubpixelGrid.steps` px: the stack's glyphs are
    /// drawn that much higher (never the whole-pixel picture resampled).
    public var verticalPhase: Int { offset % SubpixelGrid.steps }
}

extension FramePlan {
    /// The outgoing page of a roll frame as a plan of its own, this plan's width (for its copies).
    public var outgoingPage: FramePlan? {
        guard let roll else { return nil }
        return FramePlan(position: roll.outgoingPoint.position, phase: roll.outgoingPoint.phase, width: width, demand: .none,
                         direction: direction, strip: roll.outgoing)
    }

    /// What a stack of a roll frame's two pages shows, whatever row the frame starts at: equal
    /// pictures are the same pixels (a backend paints each vertical phase's stack once a roll).
    public var rollPicture: RollPicture? {
        guard let roll else { return nil }
        return RollPicture(outgoing: roll.outgoing?.stamp, outgoingPoint: roll.outgoingPoint, incoming: strip?.stamp,
                           incomingPoint: FramePoint(position: position, phase: phase), width: width,
                           verticalPhase: roll.verticalPhase)
    }
}

/// The pixels of a roll's stack of two pages at one vertical phase, as a value to compare.
public struct RollPicture: Equatable, Sendable {
    public var outgoing: UInt64?
    public var outgoingPoint: FramePoint
    public var incoming: UInt64?
    public var incomingPoint: FramePoint
    public var width: Int
    public var verticalPhase: Int
}

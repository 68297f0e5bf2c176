/// What is to be shown next: every source's messages, an urgent message waiting to enter, the
/// font in use and one on its way, and the layout being measured from them, which becomes the
/// next content for the strip. Measured a slice at a time, so a 10 MB text never holds up a frame.
public struct ContentQueue {
    /// Group names that no source uses: scrolling on from a page shows the messages as one group
    /// starting at that page's message, and an urgent message is a group of its own.
    private static let rotatedGroup = "\u{1}rotated"
    private static let urgentGroup = "\u{1}urgent"
    /// Time spent laying out per loop turn: a 10 MB text is measured over many turns while the
    /// old text keeps scrolling. Bounded in time, not characters, so a slow machine (or a debug
    /// build) still never misses a frame.
    public static let layoutSliceSeconds = 0.004
    public static let layoutStepScalars = 4096

    /// The messages on show, source by source.
    public private(set) var groups: [MessageGroup] = []
    /// An urgent message from `ctl say`, shown once at the next place it can enter.
    public private(set) var urgent: UrgentMessage?
    /// Every piece shaped with the font in use.
    public private(set) var shapes: ShapeCache
    /// A font change waiting for its layout: the font comes into use together with the text
    /// measured with it, so nothing on screen is painted with a font it was not laid out for.
    private var pendingShapes: ShapeCache?
    private var pendingLayout: CycleLayoutBuilder? {
        didSet { isLayingOut = pendingLayout != nil }
    }
    /// Stored, not computed from `pendingLayout`: the loop asks twice a turn, and a computed
    /// property of a struct held by a class is read from a copy of the whole player.
    public private(set) var isLayingOut = false
    private var nextContentID: UInt64 = 1
    /// Finds right-to-left runs and their order on screen (nil: every line left to right).
    public let reordering: LineReordering?

    public init(shapes: ShapeCache, reordering: LineReordering?) {
        self.shapes = shapes
        self.reordering = reordering
    }

    /// Every message, in order (pages and the status count them one by one).
    public var messages: [Message] { groups.flatMap(\.messages) }
    public var messageCount: Int { groups.reduce(0) { $0 + $1.messages.count } }

    /// The message at `index` in `messages`, found without making that array (a 10 MB file is
    /// 150,000 messages, and a clock beside it is laid out again every second).
    public func message(at index: Int) -> Message? {
        var index = index
        for group in groups {
            if index < group.messages.count { return index >= 0 ? group.messages[index] : nil }
            index -= group.messages.count
        }
        return nil
    }

    /// The shaper text is measured with now: the font on its way, else the one in use.
    var measuringShaper: TextShaper { (pendingShapes ?? shapes).shaper }

    /// True while a new font waits for its layout.
    var fontOnItsWay: Bool { pendingShapes != nil }

    mutating func setGroups(_ newGroups: [MessageGroup]) { groups = newGroups }
    mutating func setShapes(_ newShapes: ShapeCache) { pendingShapes = newShapes }
    mutating func announce(_ text: String) { urgent = UrgentMessage(text: text) }

    /// The content carrying the urgent message is on the strip as `segment`.
    mutating func urgentEntered(_ segment: StripSegment<CycleContent>, direction: ScrollDirection) {
        urgent?.entered(segment, direction: direction)
    }

    /// An urgent message waits to enter: the next content must bring it first.
    var urgentFirst: Bool { urgent.map { !$0.isEntering } ?? false }

    /// Whether the urgent message has fully entered the window showing `visible`: then it is
    /// taken out (not laid out again), and the text without it follows, swapped in past the
    /// entering edge, so the message is shown exactly once.
    mutating func urgentHasEntered(visible: Range<Int>, direction: ScrollDirection) -> Bool {
        guard let urgent, urgent.hasEntered(visible: visible, direction: direction) else { return false }
        self.urgent = nil
        return true
    }

    /// Starts measuring what is to be shown next: the page, or the messages (an urgent one with
    /// them while it waits to enter) from the message a scroll began with.
    mutating func layOut(_ pages: PageMode, width: Int, settings: LayoutSettings, direction: ScrollDirection, newest: CycleLayout?) {
        if let page = pages.page(of: self, width: width, settings: settings, shaper: measuringShaper) {
            return layOut(page: page, settings: settings)
        }
        layOut(startingAt: pages.scrollStartMessage, settings: settings, direction: direction, newest: newest)
    }

    /// Starts measuring `page` alone (reduced motion).
    mutating func layOut(page: [Message], settings: LayoutSettings) {
        pendingLayout = CycleLayoutBuilder(messages: page, settings: settings, reordering: reordering, reusing: nil)
    }

    /// Starts measuring every message from message `start` on, an urgent message entering first
    /// (the start of the cycle for leftward text, its end for rightward). The newest layout's
    /// unchanged messages are copied (a clock tick beside a long text measures only the clock);
    /// a font on its way measures everything anew.
    mutating func layOut(startingAt start: Int, settings: LayoutSettings, direction: ScrollDirection, newest: CycleLayout?) {
        var shown = start == 0 ? groups
            : [MessageGroup(source: Self.rotatedGroup, messages: Self.rotated(messages, startingAt: start))]
        if let urgent {
            let message = MessageGroup(source: Self.urgentGroup, messages: [Message(urgent.text)])
            if direction == .left { shown.insert(message, at: 0) } else { shown.append(message) }
        }
        pendingLayout = CycleLayoutBuilder(groups: shown, settings: settings, reordering: reordering,
                                           reusing: pendingShapes == nil ? newest : nil)
    }

    /// A finished layout as content for the strip, and whether it brought a new font.
    struct Measured {
        var content: CycleContent
        var newShaper: Bool
    }

    /// Measures for up to `seconds` of `clock`; nil while still measuring (or with nothing to).
    mutating func continueLayout(for seconds: Double = layoutSliceSeconds, scalarsPerStep: Int = layoutStepScalars,
                                 clock: () -> Double) -> Measured? {
        guard var builder = pendingLayout else { return nil }
        // Moved out, not copied: with a second reference its arrays (megabytes of text, a record
        // per message) would be copied on the first append of every turn.
        pendingLayout = nil
        let deadline = clock() + seconds
        var finished: CycleLayout?
        repeat {
            finished = builder.run(budget: scalarsPerStep, cache: pendingShapes ?? shapes)
        } while finished == nil && clock() < deadline
        guard let layout = finished else {
            pendingLayout = builder
            return nil
        }
        let newShaper = pendingShapes != nil
        if let pendingShapes {
            shapes = pendingShapes
            self.pendingShapes = nil
        }
        shapes.endGeneration()
        defer { nextContentID += 1 }
        return Measured(content: CycleContent(layout: layout, id: nextContentID, shaper: shapes.shaper), newShaper: newShaper)
    }

    static func rotated(_ messages: [Message], startingAt start: Int) -> [Message] {
        guard !messages.isEmpty else { return messages }
        let start = start % messages.count
        return Array(messages[start...] + messages[..<start])
    }
}

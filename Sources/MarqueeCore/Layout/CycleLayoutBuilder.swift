/// Lays out a cycle in slices, so that a 10 MB text never stalls the frame loop:
/// the loop calls `run(budget:)` between frames until it returns the finished layout,
/// and the old text keeps scrolling meanwhile.
///
/// Each source's messages make a block of their own (`LayoutBlockBuilder`). A source whose
/// messages are the very array the earlier layout's block was made from keeps that block as it
/// is; a source that changed is laid out again, copying the messages it still has from its
/// earlier block. An update thus costs what changed: a clock tick beside a 10 MB file lays out
/// the clock.
public struct CycleLayoutBuilder {
    /// Most pieces in one chunk: a tile redraws only a little text beyond its edges.
    public static let maxChunkPieces = 32
    /// Longest message put into visual order (the bidi algorithm needs a whole line at once);
    /// longer ones are laid out left to right rather than stall a frame.
    public static let maxReorderedBytes = 1 << 16
    /// Characters the markup scanner hands over at a time.
    static let scanScalars = 128

    private let groups: [MessageGroup]
    private let settings: LayoutSettings
    private let reordering: LineReordering?
    private let separator: [SeparatorPiece]
    /// The earlier layout's blocks by source (only when made with the same settings).
    private let earlierBlocks: [String: LayoutBlock]
    private var nextGroup = 0
    private var current: LayoutBlockBuilder?
    private var blocks: [LayoutBlock] = []

    /// - Parameters:
    ///   - groups: each source's messages (text, link, whether tags are read), in order.
    ///   - reordering: finds right-to-left runs; nil lays out every line left to right.
    ///   - previous: an earlier layout shaped with the same fonts (and reordering), whose
    ///     unchanged blocks and messages are reused; ignored when made with other settings.
    public init(groups: [MessageGroup], settings: LayoutSettings, reordering: LineReordering? = nil,
                reusing previous: CycleLayout? = nil) {
        self.groups = groups
        self.settings = settings
        self.reordering = reordering
        separator = LayoutBlockBuilder.separatorPieces(settings: settings, reordering: reordering)
        var earlier: [String: LayoutBlock] = [:]
        if let previous, previous.settings == settings {
            for block in previous.blocks { earlier[block.source] = block }
        }
        earlierBlocks = earlier
    }

    /// Messages of one source (tests, short texts).
    public init(messages: [Message], settings: LayoutSettings, reordering: LineReordering? = nil,
                reusing previous: CycleLayout? = nil) {
        self.init(groups: [MessageGroup(source: "", messages: messages)], settings: settings, reordering: reordering,
                  reusing: previous)
    }

    /// Plain messages (tests, short texts).
    public init(messages: [String], separator: String) {
        self.init(messages: messages.map { Message($0) }, settings: LayoutSettings(separator: separator))
    }

    /// Lays out at most about `budget` characters; returns the layout once everything is placed.
    public mutating func run(budget: Int, cache: ShapeCache) -> CycleLayout? {
        var remaining = max(budget, 1)
        while remaining > 0 {
            if var builder = current {
                // Moved out, not copied: a second reference would copy its arrays on every append.
                current = nil
                if let block = builder.run(budget: &remaining, cache: cache) {
                    if !block.messageStarts.isEmpty { blocks.append(block) }
                } else {
                    current = builder
                }
                continue
            }
            guard nextGroup < groups.count else { return CycleLayout(blocks: blocks, settings: settings) }
            let group = groups[nextGroup]
            nextGroup += 1
            let earlier = earlierBlocks[group.source]
            if let earlier, group.holdsSameArray(as: earlier.messages) {
                if !earlier.messageStarts.isEmpty { blocks.append(earlier) }
                remaining -= 1
                continue
            }
            current = LayoutBlockBuilder(group: group, settings: settings, separator: separator, reordering: reordering,
                                         reusing: earlier)
        }
        return nil
    }

    /// Lays out everything at once (tests, short texts).
    public static func layout(messages: [Message], settings: LayoutSettings, reordering: LineReordering? = nil,
                              cache: ShapeCache) -> CycleLayout {
        var builder = CycleLayoutBuilder(messages: messages, settings: settings, reordering: reordering)
        while true {
            if let layout = builder.run(budget: Int.max, cache: cache) { return layout }
        }
    }

    public static func layout(messages: [String], separator: String, cache: ShapeCache) -> CycleLayout {
        layout(messages: messages.map { Message($0) }, settings: LayoutSettings(separator: separator), cache: cache)
    }
}

/// The messages' edges in a cycle (their starts, or their ends), ascending: each block's own,
/// shifted by where the block starts. A view over the blocks' arrays, not a copy of them: a
/// clock's new cycle, every second, takes an unchanged source's block as it is, and building the
/// cycle must not cost what that block's 150 000 messages would.
public struct MessageEdges: RandomAccessCollection, Equatable, Sendable {
    /// Each block's edges, from the block's start.
    private let parts: [[Int]]
    /// Where each block starts in the cycle.
    private let shifts: [Int]
    /// The index of each block's first edge (its first message's).
    let firsts: [Int]
    public let count: Int

    init(parts: [[Int]], shifts: [Int]) {
        var firsts: [Int] = []
        firsts.reserveCapacity(parts.count)
        var count = 0
        for part in parts {
            firsts.append(count)
            count += part.count
        }
        self.parts = parts
        self.shifts = shifts
        self.firsts = firsts
        self.count = count
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(index: Int) -> Int {
        precondition(index >= 0 && index < count, "message edge \(index) out of 0..<\(count)")
        // The last block whose first edge is at or before it (an empty block shares its first
        // with the next one, which holds the edge).
        let part = firsts.countAtOrBelow(index) - 1
        return parts[part][index - firsts[part]] + shifts[part]
    }

    /// Whether `other` has the same edges, block for block: blocks that are the same array
    /// compare at once (an unchanged source's block in two cycles of a ticking clock).
    func hasSameParts(as other: MessageEdges) -> Bool {
        guard count == other.count, shifts == other.shifts, parts.count == other.parts.count else { return false }
        for (part, otherPart) in zip(parts, other.parts) {
            let same = part.withUnsafeBufferPointer { mine in
                otherPart.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress && mine.count == theirs.count }
            }
            if !same, part != otherPart { return false }
        }
        return true
    }

    public static func == (lhs: MessageEdges, rhs: MessageEdges) -> Bool { lhs.elementsEqual(rhs) }

    public func makeIterator() -> Iterator { Iterator(edges: self) }

    /// Block by block, without a search per edge.
    public struct Iterator: IteratorProtocol {
        private let edges: MessageEdges
        private var part = 0
        private var local = 0

        init(edges: MessageEdges) { self.edges = edges }

        public mutating func next() -> Int? {
            while part < edges.parts.count {
                let edgesOfPart = edges.parts[part]
                if local < edgesOfPart.count {
                    defer { local += 1 }
                    return edgesOfPart[local] + edges.shifts[part]
                }
                part += 1
                local = 0
            }
            return nil
        }
    }
}

/// The composites an edge fade is made of, the same whatever draws them (XRender in the X server,
/// pixman in memory): each a Porter-Duff operation of a gradient over some columns of the frame.
///
/// An opaque background fading to transparent is laid OVER the frame (background × t + frame ×
/// (1 − t)). A translucent one cannot be laid over (its own transparency would let the frame show
/// through where the edge is all background, and the alphas would add): the frame is scaled down
/// first — OUT_REVERSE with a gradient of coverage t leaves frame × (1 − t) — and the background
/// gradient is ADDed: the same straight mix, for any alpha.
public struct EdgeFadeSteps<Gradient> {
    public enum Operation { case over, outReverse, add }

    public struct Step {
        public let operation: Operation
        public let source: Gradient
        /// The gradient's first column read, the frame's first column written, and how many.
        public let sourceX: Int
        public let targetX: Int
        public let columns: Int
    }

    /// Per edge: the background's gradient, and the coverage gradient where it is translucent.
    public let left: (fill: Gradient, coverage: Gradient?)
    public let right: (fill: Gradient, coverage: Gradient?)
    /// Columns from all background to all frame.
    public let width: Int

    public init(width: Int, left: (fill: Gradient, coverage: Gradient?), right: (fill: Gradient, coverage: Gradient?)) {
        self.width = width
        self.left = left
        self.right = right
    }

    /// The composites for a frame `frameWidth` wide: at most half of it faded from each side.
    public func steps(frameWidth: Int) -> [Step] {
        let span = min(width, frameWidth / 2)
        guard span > 0 else { return [] }
        // The left edge reads its gradient from 0, the right one from where its last `span` columns begin.
        let edges = [(left, sourceX: 0, targetX: 0), (right, sourceX: width - span, targetX: frameWidth - span)]
        return edges.flatMap { edge, sourceX, targetX in
            guard let coverage = edge.coverage else {
                return [Step(operation: .over, source: edge.fill, sourceX: sourceX, targetX: targetX, columns: span)]
            }
            return [Step(operation: .outReverse, source: coverage, sourceX: sourceX, targetX: targetX, columns: span),
                    Step(operation: .add, source: edge.fill, sourceX: sourceX, targetX: targetX, columns: span)]
        }
    }
}

/// Puts a line of right-to-left or mixed text into the order it is shown in, left to right on
/// screen (the Unicode bidi algorithm, with Arabic shaping). The app supplies FriBidi; the model
/// only carries each character's style through the reordering.
public protocol LineReordering: Sendable {
    /// Cheap check: false for text with nothing right-to-left in it (most text), which then
    /// skips the reordering.
    func mayNeedReordering(_ text: String) -> Bool
    /// The line in visual order; `logicalIndex[i]` is the input index of the scalar shown at `i`.
    func visualLine(_ scalars: [Unicode.Scalar]) -> (scalars: [Unicode.Scalar], logicalIndex: [Int])
}

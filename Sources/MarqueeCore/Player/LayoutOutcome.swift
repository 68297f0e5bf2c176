/// Where the player's layout work stands after a loop turn (`MarqueePlayer.continueLayout`).
public enum LayoutOutcome: Equatable, Sendable {
    /// Nothing was waiting to be laid out.
    case idle
    /// Still measuring: call again next loop turn.
    case working
    /// The new text is on the strip; `newShaper` when it came with a new font (it replaced the
    /// text in place, and its content carries the font the tiles are now painted with).
    case adopted(newShaper: Bool)
}

/// Where the player's layout work stands after a loop turn (`MarqueePlayer.continueLayout`).
public enum LayoutOutcome: Equatable, Sendable {
    /// Nothing was waiting to be laid out.
    case idle
    /// Still measuring: call again next loop turn.
    case working
    /// The new text is on the strip; `newShaper` when it came with a new font, which the
    /// tiles must now be painted with.
    case adopted(newShaper: Bool)
}

/// Steps read from the pixels frame after frame, and the step true motion makes in a frame:
/// how far off they are, whoever showed the frames (the X server's vblanks, a compositor's).
protocol JudgedSteps {
    var steps: [Double] { get }
    var trueStep: Double? { get }
}

/// Within this of the true step a step counts as right.
let stepTolerance = 0.15

extension JudgedSteps {
    /// Root mean square of each step off the true step.
    var rmsError: Double? {
        guard let trueStep, !steps.isEmpty else { return nil }
        let squares = steps.reduce(0) { $0 + ($1 - trueStep) * ($1 - trueStep) }
        return (squares / Double(steps.count)).squareRoot()
    }

    /// Percentage of the steps within `stepTolerance` of the true step.
    var withinTolerancePercent: Double? {
        guard let trueStep, !steps.isEmpty else { return nil }
        return 100 * Double(steps.filter { abs($0 - trueStep) <= stepTolerance }.count) / Double(steps.count)
    }

    /// The first steps, to two decimals: the rhythm the eye gets.
    var rhythm: String {
        steps.prefix(8).map { fixed($0, 2) }.joined(separator: ", ") + (steps.count > 8 ? ", …" : "")
    }
}

import MarqueeFormats

/// A problem that stops the ticker from starting with the options it was given (a `--file` that
/// cannot be read, X resources or a look that do not resolve): the program ends with `status`, or a
/// desktop launch starts again on the defaults with `message` on the bar (`TickerApp.run`).
struct StartFailure: Error {
    let message: String
    let status: ExitStatus
}

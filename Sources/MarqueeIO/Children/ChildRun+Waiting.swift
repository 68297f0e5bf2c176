extension ChildRun {
    /// Starts `arguments[0]` (a path) and waits for its end on a private loop, for work the caller
    /// cannot go on without: the OPML lists at start, the config file at start and on reload. The
    /// deadline and the output limit hold as for any run; the ticker's own loop is not touched.
    public static func toEnd(_ arguments: [String], timeout: Double, outputLimit: Int) throws(ChildProcess.SpawnError) -> Outcome {
        let child = try ChildProcess(arguments: arguments, searchPath: false)
        let loop = EventLoop()
        var outcome: Outcome?
        let run = ChildRun(child: child, loop: loop, timeout: timeout, outputLimit: outputLimit) { ended in
            outcome = ended
            loop.stop(status: 0)
        }
        _ = loop.run()
        // The loop ends early only when poll() itself fails: then the child is killed, reported as timed out.
        if outcome == nil { run.cancel() }
        return outcome!
    }
}

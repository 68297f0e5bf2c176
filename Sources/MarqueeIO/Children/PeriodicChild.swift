/// A program run again and again on the loop, for the sources that show what a program prints
/// (commands, feeds through the fetcher): it runs at `start`, then at each deadline — on a fixed
/// grid of `period` when given (a slow run never shifts the later ones), else when its owner says
/// (`runAgain`: a feed's refresh or retry). A run still going when the next is due is killed;
/// `stop()`, or releasing it, kills the run under way without reporting it.
final class PeriodicChild {
    struct Launch {
        var searchPath = false
        var addressSpaceLimit: Int?
        /// How long one run may take before it is killed.
        var timeout: Double
        var outputLimit: Int
    }

    typealias Ending = Result<ChildRun.Outcome, ChildProcess.SpawnError>

    private let launch: Launch
    private let period: Double?
    private let timer: DeadlineTimer
    private var wake: EventLoop.Watch?
    private var run: ChildRun?
    private var due = 0.0
    private var arguments: () -> [String] = { [] }
    private var ended: (Ending) -> Void = { _ in }

    /// Throws (naming `source`) when no timer descriptor can be had.
    init(source: String, launch: Launch, period: Double? = nil) throws(SourceError) {
        guard let timer = DeadlineTimer() else { throw .noTimer(source) }
        self.launch = launch
        self.period = period
        self.timer = timer
    }

    deinit { stop() }

    /// Runs `arguments()` now (or first at `firstRun`, on the monotonic clock: a feed whose cache
    /// is fresh) and at each deadline; `ended` hears how each run ended.
    func start(on loop: EventLoop, firstRun: Double? = nil, arguments: @escaping () -> [String],
               ended: @escaping (Ending) -> Void) {
        stop()
        self.arguments = arguments
        self.ended = ended
        wake = timer.wake(on: loop) { [unowned self] in
            if MonotonicClock.now() >= self.due { self.runNow(on: loop) } else { self.timer.arm(at: self.due) }
        }
        if let firstRun, firstRun > MonotonicClock.now() { return runAgain(at: firstRun) }
        due = MonotonicClock.now()
        runNow(on: loop)
    }

    func stop() {
        wake = nil
        arguments = { [] }
        ended = { _ in }
        // Taken out first: the killed run's report finds no run to hand on.
        let killed = run
        run = nil
        killed?.cancel()
    }

    /// The next run at `deadline` (on the monotonic clock).
    func runAgain(at deadline: Double) {
        due = deadline
        timer.arm(at: deadline)
    }

    private func runNow(on loop: EventLoop) {
        if let period {
            let now = MonotonicClock.now()
            runAgain(at: due + period > now ? due + period : now + period)
        }
        // Reported like any run that outlived its time (its own deadline is the same moment).
        run?.cancel()
        let child: ChildProcess
        do {
            child = try ChildProcess(arguments: arguments(), searchPath: launch.searchPath,
                                     addressSpaceLimit: launch.addressSpaceLimit)
        } catch {
            return ended(.failure(error))
        }
        // Weak: `stop()` from deinit kills the run, and its report must not reach back in here.
        run = ChildRun(child: child, loop: loop, timeout: launch.timeout, outputLimit: launch.outputLimit) { [weak self] outcome in
            guard let self, self.run != nil else { return }
            self.run = nil
            self.ended(.success(outcome))
        }
    }
}

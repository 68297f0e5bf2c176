import Glibc
import MarqueeCore
import MarqueeIO
import MarqueeX11

/// Wires the sources (arguments, file, standard input, signals) to a ticker window.
struct TickerApp {
    let options: Options

    func run() -> Int32 {
        let loop = EventLoop()
        var board = MessageBoard()
        board.declare("arguments", messages: options.messagesFromArguments)

        // Inputs first: a missing file is reported before any window appears.
        var watchedFile: WatchedFile?
        if let path = options.file {
            do {
                watchedFile = try WatchedFile(path: path)
            } catch {
                Diagnostics.fail(error.description, status: ExitStatus.input.rawValue)
            }
            board.declare("file", messages: watchedFile!.messages)
        }
        let stdinReader = options.readsStandardInput ? StandardInputReader(keep: options.keep) : nil
        if stdinReader != nil { board.declare("stdin") }
        let liveSources = LiveSources(options: options.sources)
        liveSources.declare(on: &board)
        let hasSources = !options.messagesFromArguments.isEmpty || watchedFile != nil || stdinReader != nil || liveSources.hasAny
        if !hasSources { board.set("arguments", WelcomeText.messages) }

        let connection: XConnection
        do {
            connection = try XConnection(name: options.display)
        } catch {
            Diagnostics.fail(error.description, status: ExitStatus.noDisplay.rawValue)
        }
        guard let foreground = ColorSpec.resolve(options.fg, on: connection) else {
            Diagnostics.fail("invalid --fg \"\(options.fg)\": not a colour", status: ExitStatus.usage.rawValue)
        }
        guard let background = ColorSpec.resolve(options.bg, on: connection) else {
            Diagnostics.fail("invalid --bg \"\(options.bg)\": not a colour", status: ExitStatus.usage.rawValue)
        }
        let font: FontFace
        do {
            let (opened, warning) = try FontFace.open(pattern: options.font, on: connection)
            if let warning { Diagnostics.warn(warning) }
            font = opened
        } catch {
            Diagnostics.fail(error.description, status: ExitStatus.usage.rawValue)
        }

        let geometry = options.parsedGeometry ?? WindowGeometry()
        let width = geometry.width ?? min(800, connection.screenWidth)
        let height = geometry.height ?? Self.defaultHeight(fontHeight: font.height)
        let origin = geometry.origin(windowWidth: width, windowHeight: height,
                                     screenWidth: connection.screenWidth, screenHeight: connection.screenHeight)
        let window = TickerWindow(connection: connection, width: width, height: height, position: origin, title: "xmarquee")
        let style = TickerStyle(foreground: foreground, background: background, speed: options.speed,
                                direction: options.direction, separator: options.separator)
        let ticker = Ticker(connection: connection, window: window, font: font, style: style, loop: loop)
        ticker.setMessages(board.messages)

        watchedFile?.onChange = { messages in
            if board.set("file", messages) { ticker.setMessages(board.messages) }
        }
        if let watchedFile { loop.watch(watchedFile.fd) { _ in watchedFile.handleEvents() } }
        if let stdinReader {
            stdinReader.onChange = { lines in
                if board.set("stdin", lines) { ticker.setMessages(board.messages) }
            }
            loop.watch(stdinReader.fd) { _ in
                if !stdinReader.readAvailable() { loop.unwatch(stdinReader.fd) }
            }
        }
        guard let signals = SignalWatcher(signals: [SIGINT, SIGTERM, SIGHUP]) else {
            Diagnostics.fail("cannot set up signal handling", status: ExitStatus.internalError.rawValue)
        }
        loop.watch(signals.fd) { _ in
            for signal in signals.drain() where signal == SIGINT || signal == SIGTERM {
                loop.stop(status: ExitStatus.success.rawValue)
            }
        }

        liveSources.start(loop: loop) { source, messages in
            if board.set(source, messages) { ticker.setMessages(board.messages) }
        }

        ticker.show()
        return loop.run()
    }

    /// The font's height plus a little air above and below.
    static func defaultHeight(fontHeight: Int) -> Int {
        fontHeight + 2 * max(2, fontHeight / 5)
    }
}

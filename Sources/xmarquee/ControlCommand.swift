import ArgumentParser
import Glibc
import MarqueeFormats
import MarqueeIO

/// `xmarquee ctl …`: steers a running instance through its control socket.
struct ControlCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ctl",
        // Parsed on its own (see `XMarquee.main`), it still shows itself as "xmarquee ctl".
        _superCommandName: "xmarquee",
        abstract: "Control a running xmarquee.",
        discussion: "Requests: pause, resume, toggle, speed PX, say TEXT (shown once, urgently), next, status (one JSON object describing the instance), list (the names of the running instances, one per line), quit. Exit status 0 when done, 6 when no instance answers or it refused."
    )

    @Option(help: ArgumentHelp("The instance, as given to its --name.", valueName: "name"),
            completion: .shellCommand("xmarquee ctl list 2>/dev/null"))
    var name: String = "default"

    @Argument(help: ArgumentHelp("pause | resume | toggle | speed PX | say TEXT | next | status | list | quit", valueName: "request"),
              completion: .list(["pause", "resume", "toggle", "speed", "say", "next", "status", "list", "quit"]))
    var request: [String]

    /// Runs `xmarquee ctl ARGUMENTS` and exits.
    static func runAndExit(_ arguments: [String]) -> Never {
        let command: ControlCommand
        do {
            command = try parse(arguments)
        } catch {
            if exitCode(for: error) == .success { exit(withError: error) }
            Diagnostics.fail(OptionsResolver.firstLine(of: message(for: error)), status: ExitStatus.usage.rawValue)
        }
        if command.request == ["list"] { listAndExit() }
        let request: ControlRequest
        do {
            request = try ControlRequest(parsing: command.request.joined(separator: " "))
        } catch {
            Diagnostics.fail("ctl: \(error.description)", status: ExitStatus.usage.rawValue)
        }
        do {
            let path = try ControlSocketPath.path(for: command.name, create: false)
            let reply = try ControlClient.send(request, to: path)
            if request == .status && reply.hasPrefix("{") { print(reply) }
            else if reply != "ok" { Diagnostics.fail("ctl: \(reply)", status: ExitStatus.control.rawValue) }
            Glibc.exit(ExitStatus.success.rawValue)
        } catch let problem as ControlSocketPath.Problem {
            Diagnostics.fail("ctl: \(problem.description)", status: ExitStatus.usage.rawValue)
        } catch {
            Diagnostics.fail("ctl: \(error)", status: ExitStatus.control.rawValue)
        }
    }

    /// `ctl list`: the names of the instances that answer, one per line; status 6 when none does.
    private static func listAndExit() -> Never {
        let folder: String
        do {
            folder = try ControlSocketPath.folder(create: false)
        } catch {
            Diagnostics.fail("ctl: \(error.description)", status: ExitStatus.usage.rawValue)
        }
        var found = false
        for name in ControlSocketPath.socketNames() {
            let path = folder + "/" + name + ".sock"
            guard ControlServer.isAnswering(path) else { continue }
            print(name)
            found = true
        }
        guard found else { Diagnostics.fail("ctl: no running xmarquee", status: ExitStatus.control.rawValue) }
        Glibc.exit(ExitStatus.success.rawValue)
    }
}

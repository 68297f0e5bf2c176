import ArgumentParser
import Glibc
import MarqueeCore
import MarqueeIO

/// `xmarquee ctl …`: steers a running instance through its control socket.
struct ControlCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "xmarquee ctl",
        abstract: "Control a running xmarquee.",
        discussion: "Requests: pause, resume, toggle, speed PX, say TEXT (shown once, urgently), next, quit. Exit status 0 when done, 6 when no instance answers or it refused."
    )

    @Option(help: ArgumentHelp("The instance, as given to its --name.", valueName: "name"))
    var name: String = "default"

    @Argument(help: ArgumentHelp("pause | resume | toggle | speed PX | say TEXT | next | quit", valueName: "request"))
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
        let request: ControlRequest
        do {
            request = try ControlRequest(parsing: command.request.joined(separator: " "))
        } catch {
            Diagnostics.fail("ctl: \(error.description)", status: ExitStatus.usage.rawValue)
        }
        do {
            let path = try ControlSocketPath.path(for: command.name, create: false)
            let reply = try ControlClient.send(request, to: path)
            guard reply == "ok" else { Diagnostics.fail("ctl: \(reply)", status: ExitStatus.control.rawValue) }
            Glibc.exit(ExitStatus.success.rawValue)
        } catch let problem as ControlSocketPath.Problem {
            Diagnostics.fail("ctl: \(problem.description)", status: ExitStatus.usage.rawValue)
        } catch {
            Diagnostics.fail("ctl: \(error)", status: ExitStatus.control.rawValue)
        }
    }
}

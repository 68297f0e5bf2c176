import ArgumentParser
import Foundation

/// `xmarquee-manual`: fills a page written by hand (a man page, or the README's option table)
/// with what the command line and the settings' declarations say, so the option lists are never
/// written twice. `make generate` runs it; `make check-generated` fails when the files in
/// Generated/ (and the README's table) differ from what it makes.
@main
struct ManualCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "xmarquee-manual",
        abstract: "Fill a man page or Markdown template from a program's --experimental-dump-help and the settings' declarations.")

    @Option(help: ArgumentHelp("The template (see ManualTemplate for its placeholders).", valueName: "path"))
    var template: String

    @Option(help: ArgumentHelp("The program's `--experimental-dump-help` output.", valueName: "path"))
    var dumpHelp: String

    @Option(help: ArgumentHelp("The version the page names.", valueName: "version"))
    var version: String

    @Option(help: ArgumentHelp("roff or markdown.", valueName: "format"))
    var format: String = "roff"

    @Flag(help: "The program's options are the ticker's settings: check them against their declarations and show their traits.")
    var tickerSettings = false

    func run() throws {
        guard let format = ManualTemplate.Format(rawValue: format) else { fail("unknown --format \"\(format)\": roff or markdown") }
        let template: String, tool: ToolInfo
        do {
            template = try String(contentsOfFile: self.template, encoding: .utf8)
            tool = try JSONDecoder().decode(ToolInfo.self, from: Data(contentsOf: URL(fileURLWithPath: dumpHelp)))
        } catch {
            fail("cannot read \(self.template) or \(dumpHelp): \(error.localizedDescription)")
        }
        guard tool.serializationVersion == 0 else { fail("\(dumpHelp): dump-help version \(tool.serializationVersion), expected 0") }
        do {
            print(try ManualTemplate(text: template, withSettings: tickerSettings).filled(tool: tool, version: version, format: format), terminator: "")
        } catch {
            fail("\(self.template): \(error.description)")
        }
    }

    private func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("xmarquee-manual: \(message)\n".utf8))
        Foundation.exit(2)
    }
}

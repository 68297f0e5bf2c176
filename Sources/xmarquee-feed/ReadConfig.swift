import ArgumentParser
import Foundation
import MarqueeConfig
import MarqueeConfigTOML
import MarqueeIO

/// `xmarquee-feed read-config PATH`: parses the config file with TOMLKit and prints its settings
/// as `ConfigReadResult` records. The ticker runs it at start (only when a config file exists)
/// and on every reload, so TOMLKit and the Foundation it brings stay out of the ticker's memory.
struct ReadConfig: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Parse xmarquee's TOML config file and print its settings as records (see ConfigReadResult)."
    )

    /// The ticker's own limit for the config file: a larger one is a mistake, not a config.
    static let sizeLimit = 1 << 20

    @Argument(help: "Path of the config file.") var path: String

    func run() throws {
        HelperFence.install(reading: [path])
        let result: ConfigReadResult
        do {
            let bytes = try FileReading.contents(of: path, limit: Self.sizeLimit)
            result = .read(try ConfigFile(bytes: bytes, path: path))
        } catch let error as FileReadError {
            result = .unreadable(error.description)
        } catch let error as ConfigError {
            result = .invalid(error)
        }
        // One write: the ticker reads to the end anyway, and a crash leaves no half record.
        FileHandle.standardOutput.write(Data(result.output.utf8))
        if case .read = result { return }
        throw ExitCode(1)
    }
}

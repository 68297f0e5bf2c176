import MarqueeConfig
import MarqueeConfigTOML

/// The config file, TOML to settings to arguments, as the helper and the ticker read it: an
/// error with a line and column, or settings that survive the helper's records.
enum ConfigFuzz: FuzzTarget {
    static let name = "config"
    static let catalog = OptionCatalog(valueOptions: ["font", "speed", "file", "feed", "exec"], flags: ["markup", "bar"],
                                       positional: "text", pathOptions: ["file"], repeatableOptions: ["font", "feed", "exec"])

    static func run(_ data: [UInt8]) {
        let file: ConfigFile
        do {
            file = try ConfigFile(bytes: data, path: "config")
        } catch {
            FuzzTargets.require(error.line == nil || error.line! >= 1, "line \(String(describing: error.line))")
            return
        }
        let result = ConfigReadResult.read(file)
        FuzzTargets.require(ConfigReadResult(output: result.output, path: "config") == result, "settings changed on the helper's pipe")
        _ = try? ConfigArguments(file: file, catalog: catalog, home: "/home/user")
    }
}

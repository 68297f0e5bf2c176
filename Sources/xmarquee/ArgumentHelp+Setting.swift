import ArgumentParser
import MarqueeConfig

extension ArgumentHelp {
    /// A setting's help as its declaration gives it, so `--help`, the man page and the config
    /// file's keys say the same.
    static func setting(_ setting: Setting) -> ArgumentHelp {
        let declaration = setting.declaration
        return ArgumentHelp(declaration.help, valueName: declaration.valueName)
    }
}

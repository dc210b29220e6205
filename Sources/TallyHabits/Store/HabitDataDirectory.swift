/// Where the habit database lives when nobody says otherwise.
public enum HabitDataDirectory {
    /// The directory for habit data: `--data-dir` when given, else `TALLY_DATA_DIR`, else
    /// `$XDG_DATA_HOME/tally`, else `$HOME/.local/share/tally`. Nil when none can be worked out
    /// (no option, no variables, no `HOME`).
    ///
    /// - Parameters:
    ///   - option: the value of `--data-dir`, if given.
    ///   - environment: the process environment (passed in so this stays a pure function).
    public static func resolve(option: String?, environment: [String: String]) -> String? {
        if let option, !option.isEmpty { return option }
        if let directory = environment["TALLY_DATA_DIR"], !directory.isEmpty { return directory }
        // The XDG specification says to ignore relative values.
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return dataHome + "/tally"
        }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.local/share/tally" }
        return nil
    }
}

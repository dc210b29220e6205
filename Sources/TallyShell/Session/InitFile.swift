import Glibc
import TallyCore
import TallyDiagnostics

/// The init file: lines of Tally (definitions, variables, settings) evaluated before the first
/// prompt of an interactive session, or before the input of a batch run given `--init FILE`.
/// Its results are not printed; its errors are, as `file:line:col`, and the session starts
/// anyway.
enum InitFile {
    /// `$XDG_CONFIG_HOME/tally/init.tally`, or `~/.config/tally/init.tally`; nil without either
    /// variable.
    static func defaultPath(environment: [String: String]) -> String? {
        if let config = environment["XDG_CONFIG_HOME"], !config.isEmpty { return config + "/tally/init.tally" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.config/tally/init.tally" }
        return nil
    }

    /// The init file a run reads: the one `--init` names, none with `--no-init`, and otherwise
    /// the default one when the session is interactive and the file exists.
    static func path(options: Options, interactive: Bool, environment: [String: String]) -> String? {
        if options.noInit { return nil }
        if let named = options.initFile { return named }
        guard interactive, let path = defaultPath(environment: environment) else { return nil }
        return access(path, F_OK) == 0 ? path : nil
    }

    /// Evaluates the file at `path` into `session` through the session's one entry, showing
    /// each line's diagnostics with `writer` (its results are never shown; with `--json` each
    /// line that has an error, a warning or an interruption gets an object marked
    /// `"init":true`). False when the file could not be read or a line of it failed.
    @discardableResult
    static func run(_ path: String, into session: inout Session, writer: any OutcomeWriter) -> Bool {
        guard let source = LineSource(regularFileAt: path) else {
            let reason = errno == EINVAL ? "it is not a regular file" : String(cString: strerror(errno))
            writer.writeUnreadable(
                path, message: "cannot read init file '\(TerminalSafeText.escaped(path))': \(reason)")
            return false
        }
        var succeeded = true
        var lineNumber = 0
        while let line = source.nextLine() {
            lineNumber += 1
            let origin = LineOrigin(sourceName: path, lineNumber: lineNumber)
            let outcome =
                line.isCut
                ? LineOutcome.failing(Session.lineTooLong(at: line.text.utf8.count))
                : session.handle(line.text, origin: origin)
            writer.write(outcome, of: { line.text }, at: origin, formatter: session.formatter)
            if outcome.failed { succeeded = false }
            // `exit` ends the init file, not the session.
            if outcome.endsSession { break }
        }
        if let failure = source.failure {
            writer.writeUnreadable(
                path,
                message:
                    "cannot read init file '\(TerminalSafeText.escaped(path))': \(String(cString: strerror(failure)))")
            succeeded = false
        }
        return succeeded
    }
}

import Glibc
import TallyCalendar
import TallyCore
import TallyDiagnostics
import TallyHabits

/// The program: reads the command line and environment, picks the interactive session, files,
/// standard input or `-e` lines, and returns the exit status. `main.swift` only calls this.
public enum Application {
    /// The version `--version` prints.
    public static let version = "0.1.0"

    /// Runs Tally with `arguments` (without the program name); returns the exit status.
    public static func run(arguments: [String]) -> Int32 {
        let output = OutputStream.standardOutput
        let errors = OutputStream.standardError
        let options: Options
        do {
            options = try Options.parse(arguments)
        } catch {
            // The message quotes the argument as typed, which may hold escape codes.
            errors.write("tally: \(TerminalSafeText.escaped(error.message)) (see 'tally --help')\n")
            return 2
        }
        if options.showHelp {
            output.writeLine(Options.usage)
            output.flush()
            return 0
        }
        if options.showVersion {
            output.writeLine("tally \(version)")
            output.flush()
            return 0
        }
        var settings = EvaluationSettings()
        if let digits = options.digits { settings.digits = digits }
        let useColour = colourEnabled(options.colour, for: errors)

        let variables = environmentVariables()
        // Set but empty is unset; a value that is not a day is the environment's mistake, told
        // as one (no line is to blame for it).
        let pinnedToday = variables["TALLY_TODAY"].flatMap { $0.isEmpty ? nil : $0 }
        if let pinnedToday {
            do {
                _ = try CivilDate.today(pinnedTo: pinnedToday)
            } catch {
                errors.write(
                    "tally: the environment variable TALLY_TODAY is not a usable date: "
                        + TerminalSafeText.escaped(error.message) + " (unset it, or set it to YYYY-MM-DD)\n")
                return 2
            }
        }
        let pinnedNow = variables["TALLY_NOW"].flatMap { $0.isEmpty ? nil : $0 }
        if let pinnedNow {
            do {
                _ = try CalendarText.instant(pinnedNow)
            } catch {
                errors.write(
                    "tally: the environment variable TALLY_NOW is not a usable time: "
                        + TerminalSafeText.escaped(error.message) + " (unset it, or set it to YYYY-MM-DDTHH:MM:SSZ)\n")
                return 2
            }
        }
        var environment = SessionEnvironment(
            dataDirectory: HabitDataDirectory.resolve(option: options.dataDirectory, environment: variables),
            pinnedToday: pinnedToday, useColour: colourEnabled(options.colour, for: output),
            glyphs: options.ascii ? .ascii : .unicode)
        environment.pinnedNow = pinnedNow
        environment.wantsHabitData = options.json

        let interactive = options.evalLines.isEmpty && options.files.isEmpty && isatty(0) == 1 && !options.json
        if interactive {
            return InteractiveSession.run(
                options: options, settings: settings, environment: environment, variables: variables)
        }

        var session = Session(
            style: options.markRounded ? .batchMarkingRounded : .batch, settings: settings, environment: environment)
        let renderer = DiagnosticRenderer(useColour: useColour)
        var initFailed = false
        if let path = InitFile.path(options: options, interactive: false, environment: variables) {
            let initWriter: any OutcomeWriter =
                options.json
                ? JSONWriter(output: output, fromInitFile: true)
                : PlainWriter(output: output, errors: errors, renderer: renderer, showsResults: false)
            initFailed = !InitFile.run(path, into: &session, writer: initWriter)
        }
        let writer: BatchRunner.Writer =
            options.json
            ? .json(JSONWriter(output: output))
            : .plain(PlainWriter(output: output, errors: errors, renderer: renderer, marksRounded: options.markRounded))
        let (anyLineFailed, usageFailed) = runInput(options, session: session, writer: writer, output: output)
        output.flush()
        if let report = output.failureReport {
            errors.write(report)
            return 1
        }
        if usageFailed { return 2 }
        return anyLineFailed || initFailed ? 1 : 0
    }

    /// Runs the `-e` lines, the files and standard input, as the options name them, through a
    /// runner with `writer`: whether any line failed, and whether an input could not be read
    /// (a usage error).
    private static func runInput(
        _ options: Options, session: Session, writer: BatchRunner.Writer, output: OutputStream
    ) -> (anyLineFailed: Bool, usageFailed: Bool) {
        var runner = BatchRunner(session: session, writer: writer, output: output)
        var usageFailed = false
        for (index, line) in options.evalLines.enumerated() where !runner.ended {
            runner.run(line, sourceName: "<eval>", lineNumber: index + 1)
        }
        if options.evalLines.isEmpty && options.files.isEmpty {
            usageFailed = !runStandardInput(with: &runner)
        }
        for path in options.files where !runner.ended {
            if path == "-" {
                if !runStandardInput(with: &runner) { usageFailed = true }
                continue
            }
            guard let source = openReadable(path) else {
                let reason = String(cString: strerror(errno))
                runner.reportUnreadable(path, message: "cannot read '\(TerminalSafeText.escaped(path))': \(reason)")
                usageFailed = true
                continue
            }
            runner.run(source, sourceName: path)
        }
        return (runner.anyLineFailed, usageFailed || runner.readFailed)
    }

    /// Runs standard input's lines; false (after saying why) when it is closed.
    private static func runStandardInput(with runner: inout BatchRunner) -> Bool {
        guard let source = LineSource() else {
            runner.reportUnreadable(
                "<stdin>", message: "cannot read standard input: \(String(cString: strerror(errno)))")
            return false
        }
        runner.run(source, sourceName: "<stdin>")
        return true
    }

    /// Opens `path` for reading lines; nil (with errno set) for missing files and directories.
    private static func openReadable(_ path: String) -> LineSource? {
        var status = stat()
        if stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR {
            errno = EISDIR
            return nil
        }
        return LineSource(path: path)
    }

    /// The environment variables Tally reads, by name: the only ones ``environmentVariables()``
    /// looks up (a dictionary of the whole environment cost more than the rest of start-up).
    static let readVariables = [
        "HOME", "NO_COLOR", "PAGER", "TALLY_DATA_DIR", "TALLY_HISTSIZE", "TALLY_NOW", "TALLY_TODAY", "TERM",
        "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME",
    ]

    /// The values of the environment variables Tally reads (``readVariables``) that are set.
    static func environmentVariables() -> [String: String] {
        var variables: [String: String] = [:]
        for name in readVariables {
            if let value = getenv(name) { variables[name] = String(cString: value) }
        }
        return variables
    }

    /// Whether to colour output written to `stream`.
    static func colourEnabled(_ choice: Options.ColourChoice, for stream: OutputStream) -> Bool {
        switch choice {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColour = getenv("NO_COLOR"), noColour.pointee != 0 { return false }
            if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
            return stream.isTerminal
        }
    }
}

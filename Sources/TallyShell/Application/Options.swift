import TallyCore
import TallyDiagnostics

/// The command line, parsed: `tally [options] [FILE...]`.
public struct Options: Sendable, Equatable {
    /// When to colour diagnostics and tables.
    public enum ColourChoice: String, Sendable {
        case auto, always, never
    }

    public var evalLines: [String] = []
    public var files: [String] = []
    public var quiet = false
    /// Mark rounded results with `≈ ` in batch output too.
    public var markRounded = false
    /// `--json`: one JSON object per input line (docs/json.md).
    public var json = false
    public var digits: Int?
    public var dataDirectory: String?
    public var historyFile: String?
    public var noHistory = false
    /// A file of lines to evaluate first (`--init`), instead of the default init file.
    public var initFile: String?
    /// Read no init file (`--no-init`).
    public var noInit = false
    public var colour: ColourChoice = .auto
    /// `--ascii`: habit tables drawn with ASCII marks.
    public var ascii = false
    public var showHelp = false
    public var showVersion = false

    public init() {}

    /// A usage error: the message says what was wrong; the exit status is 2.
    public struct UsageError: Error, Equatable {
        public var message: String
    }

    /// Parses the arguments after the program name.
    public static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var index = 0
        var onlyFiles = false
        func value(for option: String) throws(UsageError) -> String {
            index += 1
            guard index < arguments.count else { throw UsageError(message: "option '\(option)' needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            var argument = arguments[index]
            var attached: String?
            if !onlyFiles, argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                attached = String(argument[argument.index(after: equals)...])
                argument = String(argument[..<equals])
            }
            func take() throws(UsageError) -> String {
                if let attached { return attached }
                return try value(for: argument)
            }
            if onlyFiles || argument == "-" || !argument.hasPrefix("-") {
                options.files.append(argument)
            } else if argument == "--" {
                onlyFiles = true
            } else if let index = CommandLineOption.index(named: argument) {
                let takesValue = CommandLineOption.all[index].valueName != nil
                if !takesValue, attached != nil {
                    throw UsageError(message: "option '\(argument)' takes no value")
                }
                try options.apply(CommandLineOption.all[index].action, value: takesValue ? try take() : "")
            } else {
                throw UsageError(message: "unknown option '\(argument)'")
            }
            index += 1
        }
        return options
    }

    /// Does what an option of the table (``CommandLineOption``) does, with its `value` (empty
    /// for an option that takes none).
    mutating func apply(_ action: CommandLineOption.Action, value: String) throws(UsageError) {
        switch action {
        case .eval: evalLines.append(value)
        case .quiet: quiet = true
        case .digits:
            // Up to the default maxdigits: a million digits of pi on request.
            let limit = EvaluationSettings().maxDigits
            guard let count = Int(value), (1...limit).contains(count) else {
                throw UsageError(message: "--digits needs a whole number from 1 to \(limit), not '\(value)'")
            }
            digits = count
        case .markRounded: markRounded = true
        case .json: json = true
        case .dataDirectory: dataDirectory = value
        case .historyFile: historyFile = value
        case .noHistory: noHistory = true
        case .initFile: initFile = value
        case .noInit: noInit = true
        case .colour:
            guard let choice = ColourChoice(rawValue: value) else {
                throw UsageError(message: "--color needs auto, always or never, not '\(value)'")
            }
            colour = choice
        case .ascii: ascii = true
        case .help: showHelp = true
        case .version: showVersion = true
        }
    }

    /// `tally --help`, written from the table of options (``CommandLineOption/all``).
    public static let usage: String = {
        var lines = [
            "usage: tally                      interactive session",
            "       tally FILE...              evaluate each file, line by line ('-' is standard input)",
            "       some-command | tally       evaluate standard input",
            "       tally -e 'EXPR' [-e ...]   evaluate the given lines",
            "",
            "options:",
        ]
        for option in CommandLineOption.all {
            let synopsis = "  " + option.synopsis
            for (index, line) in option.helpLines.enumerated() {
                let lead = index == 0 ? synopsis : ""
                let padding = String(repeating: " ", count: max(1, 27 - lead.count))
                lines.append(lead + padding + line)
            }
        }
        lines += [
            "",
            "Exit status: 0 when every line succeeded, 1 when any line failed, 2 for a usage error.",
            "Inside tally, type 'help' for the language.",
        ]
        return lines.joined(separator: "\n")
    }()
}

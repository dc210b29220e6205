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
            } else {
                switch argument {
                case "--": onlyFiles = true
                case "-e", "--eval": options.evalLines.append(try take())
                case "-q", "--quiet": options.quiet = true
                case "--mark-rounded": options.markRounded = true
                case "--json": options.json = true
                case "--digits":
                    let text = try take()
                    // Up to the default maxdigits: a million digits of pi on request.
                    let limit = EvaluationSettings().maxDigits
                    guard let digits = Int(text), (1...limit).contains(digits) else {
                        throw UsageError(message: "--digits needs a whole number from 1 to \(limit), not '\(text)'")
                    }
                    options.digits = digits
                case "--data-dir": options.dataDirectory = try take()
                case "--history-file": options.historyFile = try take()
                case "--no-history": options.noHistory = true
                case "--ascii": options.ascii = true
                case "--init": options.initFile = try take()
                case "--no-init": options.noInit = true
                case "--color", "--colour":
                    let text = try take()
                    guard let choice = ColourChoice(rawValue: text) else {
                        throw UsageError(message: "--color needs auto, always or never, not '\(text)'")
                    }
                    options.colour = choice
                case "-h", "--help": options.showHelp = true
                case "-V", "--version": options.showVersion = true
                default:
                    throw UsageError(message: "unknown option '\(argument)'")
                }
            }
            index += 1
        }
        return options
    }

    /// `tally --help`.
    public static let usage = """
        usage: tally                      interactive session
               tally FILE...              evaluate each file, line by line ('-' is standard input)
               some-command | tally       evaluate standard input
               tally -e 'EXPR' [-e ...]   evaluate the given lines

        options:
          -e, --eval LINE          evaluate LINE (repeatable, in order)
          -q, --quiet              no banner in the interactive session
              --digits N           significant digits shown for values that are not exact
                                   decimals (default 20, at most 1000000)
              --mark-rounded       mark rounded results with ≈ in files and pipes too
              --json               one JSON object per input line, errors included
                                   (see docs/json.md); reads standard input even
                                   from a terminal
              --data-dir DIR       where habit data lives (also TALLY_DATA_DIR)
              --history-file FILE  interactive history location
              --no-history         keep no interactive history
              --init FILE          evaluate FILE first (definitions, variables, settings);
                                   for files, pipes and -e too
              --no-init            skip the init file, which an interactive session reads
                                   from $XDG_CONFIG_HOME/tally/init.tally (by default
                                   ~/.config/tally/init.tally)
              --color WHEN         auto, always or never (NO_COLOR set means never)
              --ascii              draw habit tables with # and . (as 'set glyphs ascii')
          -h, --help               show this help
          -V, --version            show the version

        Exit status: 0 when every line succeeded, 1 when any line failed, 2 for a usage error.
        Inside tally, type 'help' for the language.
        """
}

import TallyCore
import TallyHabits
import TallyHealth

/// The text of `help` and its topics, written for a person at the prompt.
public enum HelpText {
    /// The help topics, as typed after `help`.
    public static let topics = ["syntax", "functions", "bmi", "habit"]

    /// Reads the optional topic after `help` and returns its text.
    static func topic(_ arguments: inout CommandArguments) throws(Diagnostic) -> String {
        guard let (topic, span) = try arguments.nextWord() else { return overview }
        try arguments.expectEnd(command: "help \(topic)")
        switch topic {
        case "syntax": return syntax
        case "functions": return functions
        case "bmi": return bmi
        case "habit": return habit
        default:
            let hint = Suggestion.nearest(to: topic, in: topics).map { "; did you mean '\($0)'?" } ?? ""
            throw Diagnostic("no help on '\(topic)'\(hint) (topics: \(topics.joined(separator: ", ")))", at: span)
        }
    }

    static let overview = """
        Tally: exact arithmetic on integers and decimals of any size.
          2^200            all 61 digits        0.1 + 0.2     0.3
          7 // 2           floor division       -7 % 3        2
          x = 1.5          assign (prints nothing); every result is also 'ans'
          sqrt(2)          ≈ 1.4142135623730950488 (≈ marks a rounded value)
        Commands:
          help syntax      numbers, operators, precedence
          help functions   abs, sqrt, root, round, gcd, ...
          help bmi         body mass index
          help habit       habit tracker
          vars             list variables
          set              show or change settings (set digits 50)
          exit, quit       end the session (or Ctrl-D)
        """

    static let syntax = """
        Numbers:   42   1_000_000   3.14   .5   1e3   2.5E-3   0x1F   0b1010   0o17
                   (no leading zeros: write 7, or 0o7 for octal)
        Operators, tightest first:
          ( )  calls  names  literals
          !             factorial              5! = 120
          ^  **         power, right to left   2^3^2 = 512
          -  +          sign                   -2^2 = -4
          *  /  //  %   (also × ÷)             7 // 2 = 3, -7 % 3 = 2
          +  -          add, subtract
        Write every operator: 2*x, not 2x.
        Variables: letters of any script, digits and _, e.g. 키 = 175; 'ans' is the last result.
        Comments start with #.
        Results are exact; a value that cannot be (sqrt(2), 2^0.5) is computed with guard digits
        and shown rounded to 'digits' significant digits (set digits N).
        """

    static var functions: String {
        let width = Functions.all.map(\.usage.count).max() ?? 0
        var lines = ["Functions:"]
        for signature in Functions.all {
            let padding = String(repeating: " ", count: width - signature.usage.count)
            lines.append("  \(signature.usage)\(padding)   \(signature.summary)")
        }
        lines.append("Examples: sqrt(16) = 4   root(-27, 3) = -3   round(2.675, 2) = 2.68   gcd(12, 18) = 6")
        return lines.joined(separator: "\n")
    }

    static var bmi: String { BMICommand.helpText }
    static var habit: String { HabitCommandRunner.helpText }
}

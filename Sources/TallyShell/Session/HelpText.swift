import TallyCore
import TallyHabits
import TallyHealth

/// The text of `help` and its topics, written for a person at the prompt.
public enum HelpText {
    /// Reads the optional topic after `help` and returns its text.
    static func topic(_ arguments: inout CommandArguments) throws(Diagnostic) -> String {
        guard let (word, span) = try arguments.nextWord() else { return overview }
        try arguments.expectEnd(command: "help \(word)")
        guard let topic = HelpTopic(rawValue: word) else {
            let topics = HelpTopic.allCases.map(\.rawValue)
            throw Diagnostic(
                .unknownHelpTopic, "no help on '\(word)' (topics: \(topics.joined(separator: ", ")))", at: span
            ).suggesting(Suggestion.nearest(to: word, in: topics))
        }
        return topic.text
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
        let entries = FunctionTable.builtIn.entries
        let width = entries.map(\.usage.count).max() ?? 0
        var lines = ["Functions:"]
        for entry in entries {
            let padding = String(repeating: " ", count: width - entry.usage.count)
            lines.append("  \(entry.usage)\(padding)   \(entry.summary)")
        }
        lines.append("Examples: sqrt(16) = 4   root(-27, 3) = -3   round(2.675, 2) = 2.68   gcd(12, 18) = 6")
        return lines.joined(separator: "\n")
    }

    static var bmi: String { BMICommand.helpText }
    static var habit: String { HabitCommandRunner.helpText }
}

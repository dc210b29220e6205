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
        Tally: exact arithmetic on integers and decimals of any size, and real numbers with
        every digit shown correct.
          2^200            all 61 digits        0.1 + 0.2     0.3
          7 // 2           floor division       -7 % 3        2
          x = 1.5          assign (prints nothing); every result is also 'ans'
          f(x) = x^2 + 1   define a function (prints nothing); then f(3) is 10
          1 < x <= 2       comparisons give true or false; and, or, not, if(c, a, b)
          sqrt(2)          ≈ 1.4142135623730950488 (≈ marks a rounded value)
          sqrt(2)^2        2 (exact results are recognised)     sin(30°)   0.5
        Commands:
          help syntax      numbers, operators, precedence, exactness
          help functions   sqrt, exp, ln, sin, round, gcd, pi, e, ...
          help bmi         body mass index
          help habit       habit tracker
          vars             list variables and functions
          unset NAME       remove a variable or a function
          set              show or change settings (set digits 50, set angle deg)
          exit, quit       end the session (or Ctrl-D)
        """

    static let syntax = """
        Numbers:   42   1_000_000   3.14   .5   1e3   2.5E-3   0x1F   0b1010   0o17
                   (no leading zeros: write 7, or 0o7 for octal)
        Operators, tightest first:
          ( )  calls  names  literals
          !  °          factorial, degrees     5! = 120, sin(30°) = 0.5
          ^  **         power, right to left   2^3^2 = 512
          -  +          sign                   -2^2 = -4
          *  /  //  %   (also × ÷)             7 // 2 = 3, -7 % 3 = 2
          +  -          add, subtract
          <  <=  >  >=  ==  !=  (also ≤ ≥ ≠)   chained: 1 < x < 3 is 1 < x and x < 3
          not           not 1 > 2 = true
          and           short-circuit          false and 1/0 > 0 = false
          or            short-circuit          true or 1/0 > 0 = true
        Write every operator: 2*x, not 2x. '=' assigns; compare with '=='.
        Comparisons are exact on fractions and decided from the bounds of real numbers
        (sqrt(2)^2 == 2 is true); true and false are values, if(c, a, b) evaluates one branch.
        Functions: f(x) = x^2 + 1, hyp(a, b) = sqrt(a^2 + b^2); parameters shadow variables,
        other names are looked up at each call (recursion works, 100,000 calls deep at most).
        Variables: letters of any script, digits and _, e.g. 키 = 175; 'ans' is the last result.
        Comments start with #.
        Results are exact when they can be: integers, fractions, and real numbers kept as
        formulas (sqrt(2)*sqrt(2) is 2, log10(1000) is 3). Other values are shown rounded to
        'digits' significant digits (set digits N), every digit correct; floor, round, // and %
        of such a value are decided from its bounds, or refused ("cannot decide") when it is
        within 1e-1000 of the edge. Angles are in radians (set angle deg for degrees).
        """

    static var functions: String {
        let entries = FunctionTable.builtIn.entries
        let width = entries.map(\.usage.count).max() ?? 0
        var lines = ["Constants and functions:"]
        for entry in entries {
            let padding = String(repeating: " ", count: width - entry.usage.count)
            lines.append("  \(entry.usage)\(padding)   \(entry.summary)")
        }
        lines.append("Examples: sqrt(16) = 4   root(-27, 3) = -3   round(2.675, 2) = 2.68   gcd(12, 18) = 6")
        lines.append("          ln(e^3) = 3   log(8, 2) = 3   tan(pi/4) = 1   atan2(1, 1) = pi/4   deg(pi/6) = 30")
        lines.append("Your own: f(x) = x^2 + 1 defines f; fact(n) = if(n <= 1, 1, n * fact(n - 1)) recurses.")
        lines.append("          'vars' lists them, 'unset f' removes one; an init file can hold them (tally --help).")
        return lines.joined(separator: "\n")
    }

    static var bmi: String { BMICommand.helpText }
    static var habit: String { HabitCommandRunner.helpText }
}

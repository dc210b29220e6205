import TallyCore
import TallyDiagnostics
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
            throw Diagnostic.unknownHelpTopic(word, topics: topics, at: span)
                .suggesting(Suggestion.nearest(to: word, in: topics))
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
          help syntax      numbers, operators, precedence, percent, 'to' formats
          help functions   sqrt, exp, ln, sin, round, gcd, pi, e, ...
          help units       units, exact factors: 5 ft 9 in to cm; help constants: c, G, m_e
          help dates       dates, times, zones: 2026-12-25 - today, now to UTC
          help bmi, help habit   body mass index; habit tracker
          vars             list variables and functions
          unset NAME       remove a variable or a function
          set              show or change settings (set digits 50, set angle deg,
                           set grouping on)
          exit, quit       end the session (or Ctrl-D)
        At the prompt: Up/Down find earlier lines starting with what is typed, → takes
        the dimmed suggestion; history lists lines, _3 is line 3's result; full shows a
        shortened result whole; clear clears the screen.
        """

    static let syntax = """
        Numbers:   42   1_000_000   3.14   .5   1e3   2.5E-3   0x1F   0b1010   0o17
                   7r513 (base 7; any base 2 to 36)   0.08(3) (the 3 repeats: 1/12)
                   (no leading zeros: write 7, or 0o7 for octal)
        Operators, tightest first:
          ( )  calls  names  literals
          !  °  %       factorial, degrees,    5! = 120, sin(30°) = 0.5,
                        percent                15% = 0.15
          ^  **         power, right to left   2^3^2 = 512
          -  +  ~       sign, bitwise not      -2^2 = -4, ~5 = -6
          2x  2(3+4)    side by side: times    2x^2 = 2·x², 1/2x = 1/(2x) (warned)
          *  /  //  %   (also × ÷ mod of)      7 // 2 = 3, -7 % 3 = 2, 15% of 80 = 12
          +  -          add, subtract          80 + 15% = 92, 80 - 20% = 64
          <<  >>        shifts                 1 << 10 = 1024
          &  xor  |     bits, as in Python     6 & 3 = 2, 6 xor 3 = 5, 6 | 3 = 7
          <  <=  >  >=  ==  !=  (also ≤ ≥ ≠)   chained: 1 < x < 3 is 1 < x and x < 3
          not           not 1 > 2 = true
          and           short-circuit          false and 1/0 > 0 = false
          or            short-circuit          true or 1/0 > 0 = true
          to FORMAT     how to show the value, at the end of the line
        Percent or remainder: '%' with an operand after it is the remainder (17 % 5 = 2,
        15%80 = 15); with none it is a percentage (15%, 80 + 15%, 15% of 80). '15% 3' is an
        error: write 15 % 3, or 15% * 3.
        Formats: 255 to hex = 0xff, to bin, to oct, 255 to base 7 = 7r513, 11/12 to fraction,
        3.5 to mixed = 3 1/2, 1/7 to exact = 0.(142857), 1/3 to sci = 3.(3)e-1,
        2/3 to 3 digits = 0.667, 1.5 to 2 places = 1.50, 12/80 to % = 15%,
        1234567 to grouped = 1_234_567, 360 to factors = 2^3 × 3^2 × 5. What they print reads
        back as the same value, except N digits, N places and mixed.
        As other calculators write it: sqrt 2, ln 10 + 1 (a function of one argument without
        parentheses; sin pi/6 is sin(pi)/6, warned), a = 3; a + 1 (';' between statements),
        SIN(PI), √2, x², 5!! (double factorial), 1,234,567 (digit groups). '=' assigns;
        compare with '=='.
        Comparisons are exact on fractions and decided from the bounds of real numbers
        (sqrt(2)^2 == 2 is true); true and false are values, if(c, a, b) evaluates one branch.
        Functions: f(x) = x^2 + 1, hyp(a, b) = sqrt(a^2 + b^2); parameters shadow variables,
        other names are looked up at each call (recursion works, 100,000 calls deep at most).
        Variables: letters of any script, digits and _, e.g. 키 = 175; 'ans' is the last result.
        Units: 5 km, 9.81 m/s^2, 5 ft 9 in to cm, 100 °F to °C, 175 cm to ft in (help units).
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
        lines.append("          factor(360) = 2^3 × 3^2 × 5   powmod(2, 10^18, 10^9+7) = 719476260   mean(1, 2) = 1.5")
        lines.append(
            "isprime: certain below 2^64; above, 'prime' means GMP's Baillie–PSW test passed (no known exception).")
        lines.append("Your own: f(x) = x^2 + 1 defines f; fact(n) = if(n <= 1, 1, n * fact(n - 1)) recurses.")
        lines.append("          'vars' lists them, 'unset f' removes one; an init file can hold them (tally --help).")
        return lines.joined(separator: "\n")
    }

    /// Every unit with its exact factor to the SI unit of its dimension.
    static var units: String {
        var lines = [
            "Units: a unit after a number or ')' makes a quantity; 'to' converts it.",
            "  5 km   9.81 m/s^2   60 km/h   3 m^2   (1+2) h   5 ft 9 in (side by side: added)",
            "  5 ft 9 in to cm = 175.26 cm   100 km/h to m/s   175 cm to ft in   1 J to si",
            "  100 °F to °C   0 °C to K   20 °C + 10 degC = 30 °C   100 °F - 32 °F = 68 degF",
            "°C and °F are points on a scale; degC and degF (also Δ°C, Δ°F) are differences of",
            "their degrees: two points subtract to a difference, a point moves by one, and",
            "20 °C + 10 °C is an error. Arithmetic keeps the left unit: 1 km + 300 m = 1.3 km.",
            "Mixed units go from the largest down, each once: 175 cm to ft in, 3725 s to h min s.",
            "sin, cos, tan take an angle quantity in radians, exactly: sin(30 deg) = 0.5.",
            "A unit is read only after a number, ')' or 'to': min(1, 2) is the function, 5 min",
            "five minutes. Every factor is exact (NIST SP 811, international yard and pound).",
            "SI prefixes n µ(u) m c d h k M G T work on m g s L J W Pa N Wh Hz where sensible",
            "(MJ, GW, hPa, kN, µL): every such form is listed at the end.",
        ]
        let rows = UnitTable.entries.filter(UnitTable.isListed)
        let width = rows.map(\.unit.symbol.count).max() ?? 0
        var lastDimension: Dimension?
        for entry in rows {
            let unit = entry.unit
            if unit.dimension != lastDimension {
                lastDimension = unit.dimension
                let base = CompoundUnit.base(of: unit.dimension)?.text ?? ""
                lines.append(
                    "\(unit.dimension.name.split(separator: " ", maxSplits: 1).last.map(String.init) ?? "") (\(base)):")
            }
            let padding = String(repeating: " ", count: width - unit.symbol.count)
            let names = entry.aliases.isEmpty ? "" : "  (\(entry.aliases.joined(separator: ", ")))"
            lines.append("  \(unit.symbol)\(padding)  = \(UnitTable.factorText(unit))   \(entry.description)\(names)")
        }
        // The prefixed forms by rule, so that every unit Tally reads is on the list.
        lines.append("SI-prefixed forms (a prefix's power of ten times the unit above; µ also as u):")
        var row = " "
        for entry in UnitTable.entries where !UnitTable.isListed(entry) {
            if row.count + 1 + entry.unit.symbol.count > 90 {
                lines.append(row)
                row = " "
            }
            row += " " + entry.unit.symbol
        }
        if row.count > 1 { lines.append(row) }
        return lines.joined(separator: "\n")
    }

    static var bmi: String { BMICommand.helpText }
    static var habit: String { HabitCommandRunner.helpText }
}

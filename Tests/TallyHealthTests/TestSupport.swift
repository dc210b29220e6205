import TallyDiagnostics
import TallyHealth

/// An exact number from decimal text such as `"24.949"` or `"-3"`, so tables of cases read as
/// the published tables do.
func decimal(_ text: String) -> Number {
    let negative = text.hasPrefix("-")
    let digits = negative ? String(text.dropFirst()) : text
    let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
    let fraction = parts.count > 1 ? String(parts[1]) : ""
    guard let numerator = BigInteger(String(parts[0]) + fraction) else {
        preconditionFailure("not a decimal: \(text)")
    }
    let value = Number(numerator: numerator, denominator: BigInteger.power(10, UInt(fraction.count)))
    return negative ? -value : value
}

/// Whether two numbers are the same exact value.
func same(_ lhs: Number, _ rhs: Number) -> Bool {
    Number.compare(lhs, rhs) == 0
}

/// The byte offset just past the word `bmi`, where a shell hands over the arguments.
func argumentsStart(of line: String) -> Int {
    guard let word = line.firstRange(of: "bmi") else { preconditionFailure("no bmi in \(line)") }
    return line[..<word.upperBound].utf8.count
}

/// The text a span covers.
func text(of span: SourceSpan, in line: String) -> String {
    String(decoding: Array(line.utf8)[span.start..<span.end], as: UTF8.self)
}

/// Stands in for the shell's evaluator: knows a few variables and expressions by their text and
/// answers anything else the way the shell would, with a diagnostic at the span.
let knownValues: [String: Number] = [
    "h": Number(175), "w": Number(70), "키": Number(175), "몸무게": Number(70),
    "(170+5)": Number(175), "(170 + 5)": Number(175), "max(170,175)": Number(175),
    "(170+5.26)": decimal("175.26"), "metre_s": decimal("1.75"), "(1+0.75)": decimal("1.75"), "(-1)": Number(-1),
]

/// Parses and evaluates a `bmi` line, resolving names through ``knownValues``; birth dates are
/// measured to 2026-11-29.
func runBMI(_ line: String, defaultStandard: BMIStandard = .who) throws -> BMIResult {
    let command = try BMICommand(line: line, argumentsStart: argumentsStart(of: line))
    let today = CalendarDate(year: 2026, month: 11, day: 29)
    return try command.evaluate(defaultStandard: defaultStandard, today: today) { span in
        let source = text(of: span, in: line)
        // `(h)` is `h`, as the calculator would find.
        let unwrapped = source.hasPrefix("(") && source.hasSuffix(")") ? String(source.dropFirst().dropLast()) : source
        guard let value = knownValues[source] ?? knownValues[unwrapped] else {
            throw Diagnostic(.unknownName, "unknown variable '\(source)'", at: span)
        }
        return value
    }
}

import TallyCalendar
import TallyDiagnostics
import TallyShell

@testable import TallyHealth
@testable import TallyShell

/// An exact number from decimal text such as `"24.949"` or `"-3"`, so tables of cases read as
/// the published tables do.
func decimal(_ text: String) -> Rational {
    let negative = text.hasPrefix("-")
    let digits = negative ? String(text.dropFirst()) : text
    let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
    let fraction = parts.count > 1 ? String(parts[1]) : ""
    guard let numerator = Int(String(parts[0]) + fraction) else { preconditionFailure("not a decimal: \(text)") }
    var denominator = 1
    for _ in 0..<fraction.count { denominator *= 10 }
    let value = Rational(numerator: numerator, denominator: denominator)
    return negative ? -value : value
}

/// Whether two numbers are the same exact value.
func same(_ lhs: Rational, _ rhs: Rational) -> Bool {
    Rational.compare(lhs, rhs) == 0
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

/// The day birth dates are counted to: 2026-11-29.
let testToday = CivilDate(year: 2026, month: 11, day: 29)

/// A session's calculator that knows a few variables, as a shell would.
let testEvaluator = {
    var session = Session(style: .batch)
    for definition in ["h = 175", "w = 70", "키 = 175", "몸무게 = 70", "metre_s = 1.75", "tall = 175 cm"] {
        _ = session.handle(definition)
    }
    return session.evaluator
}()

/// Reads a `bmi` line as the shell does (the calculator evaluates its measurements) and
/// classifies it; birth dates are counted to 2026-11-29.
func runBMI(_ line: String, defaultStandard: BMIStandard = .who) throws -> BMIResult {
    try runBMIReport(line, defaultStandard: defaultStandard).0
}

/// The result and the printed text of a `bmi` line (with a chart, when it asks for one).
func runBMIReport(_ line: String, defaultStandard: BMIStandard = .who, width: Int = 80, ascii: Bool = false) throws
    -> (BMIResult, String)
{
    guard
        let outcome = try BMIRunner.run(
            line: line, argumentsStart: argumentsStart(of: line), evaluator: testEvaluator, standard: defaultStandard,
            today: testToday, chartWidth: width, asciiChart: ascii)
    else { throw Diagnostic(.bmiMissingArgument, "interrupted", at: SourceSpan(at: 0)) }
    return outcome
}

/// A typed measurement, as the shell hands it over: `amount` in centimetres or kilograms.
func measurement(_ quantity: BodyQuantity, _ amount: String, unit: MeasurementUnit? = nil) -> BodyMeasurement {
    BodyMeasurement(quantity, amount: decimal(amount), unit: unit, valueText: amount, span: SourceSpan(at: 0))
}

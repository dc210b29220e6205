import TallyCore

/// A parsed `bmi HEIGHT WEIGHT [who|asia]` line, ready to evaluate.
///
/// Parsing needs only the text; evaluating asks the caller for the value of each variable or
/// parenthesised expression, so this library needs no evaluator of its own:
///
/// ```swift
/// let command = try BMICommand(line: line, argumentsStart: 3)
/// let result = try command.evaluate(defaultStandard: session.standard) { span in
///     try evaluator.evaluate(line, in: span)   // throws a Diagnostic on failure
/// }
/// print(result.report); ans = result.value
/// ```
public struct BMICommand: Sendable {
    /// The form of the command, quoted in messages about missing or extra arguments.
    public static let usage = "bmi HEIGHT WEIGHT [who|asia]"

    /// The first argument.
    public let height: MeasurementArgument
    /// The second argument.
    public let weight: MeasurementArgument
    /// The standard named on the line, or `nil` to use the session's default.
    public let standard: BMIStandard?

    init(height: MeasurementArgument, weight: MeasurementArgument, standard: BMIStandard?) {
        self.height = height
        self.weight = weight
        self.standard = standard
    }

    /// Parses the arguments of a `bmi` line.
    ///
    /// - Parameters:
    ///   - line: the whole input line, so that every span is an offset into it.
    ///   - argumentsStart: the 0-based UTF-8 byte offset where the arguments begin, right after
    ///     the word `bmi`. Parsing stops at the end of the line or at a `#` comment.
    /// - Throws: a ``Diagnostic`` at the offending argument: missing (an empty span where it
    ///   should be), extra, not a number, an unknown unit or one of the wrong quantity.
    public init(line: String, argumentsStart: Int) throws(Diagnostic) {
        let (words, end) = try ArgumentReader(line: line, argumentsStart: argumentsStart).readWords()
        self = try BMICommandParser(words: words, end: end).parse()
    }

    /// Computes the BMI.
    ///
    /// - Parameters:
    ///   - defaultStandard: the standard when the line names none (`set standard`).
    ///   - resolve: called with the span of each variable name or parenthesised expression (the
    ///     parentheses included; for `max(a,b)` the whole call), height first; returns its value
    ///     or throws. Never called for a line made only of literals.
    /// - Throws: whatever `resolve` throws, or a ``Diagnostic`` at an argument that is zero,
    ///   negative or implausible (with the accepted range, and a note with the unit meant for
    ///   `bmi 1.75 70`).
    public func evaluate(defaultStandard: BMIStandard, resolve: (SourceSpan) throws -> Number) throws -> BMIResult {
        let centimetres = try height.amountInBaseUnit(resolve: resolve)
        let kilograms = try weight.amountInBaseUnit(resolve: resolve)
        return BMIResult(
            heightInCentimetres: centimetres, weightInKilograms: kilograms, standard: standard ?? defaultStandard)
    }
}

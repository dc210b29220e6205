import TallyDiagnostics

/// One category of a BMI table: a half-open range of shown (one-decimal) BMI values.
///
/// Bounds are kept in tenths of a BMI unit (`185` is 18.5) because every published cut-off is a
/// one-decimal number; integers make the tables exact and easy to compare.
public struct BMIBand: Sendable, Hashable {
    /// The category's name as shown: "normal weight", "obesity class I".
    public let category: String
    /// The smallest shown BMI in the band, in tenths; `nil` for the lowest band.
    public let lowerBoundInTenths: Int?
    /// The smallest shown BMI above the band, in tenths (exclusive); `nil` for the highest band.
    public let upperBoundInTenths: Int?

    /// Creates a band; `lower` and `upper` are in tenths and `lower < upper` when both are given.
    public init(category: String, lowerBoundInTenths lower: Int?, upperBoundInTenths upper: Int?) {
        if let lower, let upper { precondition(lower < upper, "a band must not be empty") }
        self.category = category
        self.lowerBoundInTenths = lower
        self.upperBoundInTenths = upper
    }

    /// The lower bound as an exact number (inclusive), if the band has one.
    public var lowerBound: Rational? { lowerBoundInTenths.map(Rational.tenths) }

    /// The upper bound as an exact number (exclusive), if the band has one.
    public var upperBound: Rational? { upperBoundInTenths.map(Rational.tenths) }

    /// Whether a shown BMI belongs to this band: lower bound included, upper bound excluded.
    public func contains(_ shownValue: Rational) -> Bool {
        if let lowerBound, Rational.compare(shownValue, lowerBound) < 0 { return false }
        if let upperBound, Rational.compare(shownValue, upperBound) >= 0 { return false }
        return true
    }

    /// The band as a reader sees it in a table: "below 18.5", "18.5–24.9", "40.0 and over".
    ///
    /// The upper end is written as the largest shown value inside the band (24.9, not 25), which
    /// is how the published tables read and why the half-open bands never overlap.
    public var rangeText: String {
        switch (lowerBoundInTenths, upperBoundInTenths) {
        case (nil, let upper?): return "below \(Rational.tenths(upper).fixedText(places: 1))"
        case (let lower?, nil): return "\(Rational.tenths(lower).fixedText(places: 1)) and over"
        case (let lower?, let upper?):
            return "\(Rational.tenths(lower).fixedText(places: 1))–\(Rational.tenths(upper - 1).fixedText(places: 1))"
        case (nil, nil): return "any"
        }
    }
}

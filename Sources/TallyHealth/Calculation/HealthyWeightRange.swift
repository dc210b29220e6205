import TallyDiagnostics

/// The weights, to 0.1 kg, whose shown BMI at a given height falls in a band.
public struct HealthyWeightRange: Sendable {
    /// The lightest such weight in kilograms (a multiple of 0.1).
    public let lowestInKilograms: Rational
    /// The heaviest such weight in kilograms (a multiple of 0.1).
    public let highestInKilograms: Rational

    /// The weights at `heightInCentimetres` (positive) whose shown BMI lies in `band`, which
    /// must have both bounds.
    ///
    /// The category is read from the exact BMI, so the range is every tenth of a kilogram with
    /// `lower <= BMI < upper`, worked out exactly.
    public init(heightInCentimetres: Rational, band: BMIBand) {
        self.init(heightInCentimetres: heightInCentimetres, band: band, unitInKilograms: Rational(1))
    }

    /// The same range to 0.1 of another unit of weight (pounds), still in the fields named for
    /// kilograms: each bound is a multiple of 0.1 of `unitInKilograms`.
    init(heightInCentimetres: Rational, band: BMIBand, unitInKilograms: Rational) {
        guard let lower = band.lowerBound, let upper = band.upperBound else {
            preconditionFailure("a weight range needs a band with two bounds")
        }
        precondition(heightInCentimetres.signum > 0, "a height must be positive")
        let metres = heightInCentimetres / Rational(100)
        let squareMetres = metres * metres / unitInKilograms
        lowestInKilograms = (lower * squareMetres).roundedUp(toPlaces: 1)
        // The largest tenth strictly below the limit: one tenth under the smallest tenth at or
        // above it.
        let limit = upper * squareMetres
        highestInKilograms = limit.roundedUp(toPlaces: 1) - Rational.tenths(1)
    }
}

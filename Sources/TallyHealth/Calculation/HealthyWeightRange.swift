import TallyCore
import TallyDiagnostics

/// The weights, to 0.1 kg, whose shown BMI at a given height falls in a band.
public struct HealthyWeightRange: Sendable {
    /// The lightest such weight in kilograms (a multiple of 0.1).
    public let lowestInKilograms: Number
    /// The heaviest such weight in kilograms (a multiple of 0.1).
    public let highestInKilograms: Number

    /// The weights at `heightInCentimetres` (positive) whose shown BMI lies in `band`, which
    /// must have both bounds.
    ///
    /// Shown values round ties away from zero, so a shown BMI reaches a bound `b` exactly when the
    /// BMI is at least `b - 0.05`: the range is every tenth of a kilogram with
    /// `lower - 0.05 <= BMI < upper - 0.05`. Working from that identity keeps the range and the
    /// category of each weight in it in agreement, with no floating point anywhere.
    public init(heightInCentimetres: Number, band: BMIBand) {
        self.init(heightInCentimetres: heightInCentimetres, band: band, unitInKilograms: Number(1))
    }

    /// The same range to 0.1 of another unit of weight (pounds), still in the fields named for
    /// kilograms: each bound is a multiple of 0.1 of `unitInKilograms`.
    init(heightInCentimetres: Number, band: BMIBand, unitInKilograms: Number) {
        guard let lower = band.lowerBound, let upper = band.upperBound else {
            preconditionFailure("a weight range needs a band with two bounds")
        }
        precondition(heightInCentimetres.signum > 0, "a height must be positive")
        let metres = heightInCentimetres / Number(100)
        let squareMetres = metres * metres / unitInKilograms
        let halfTenth = Number(numerator: 1, denominator: 20)
        lowestInKilograms = ((lower - halfTenth) * squareMetres).roundedUp(toPlaces: 1)
        // The largest tenth strictly below the limit: one tenth under the smallest tenth at or
        // above it.
        let limit = (upper - halfTenth) * squareMetres
        highestInKilograms = limit.roundedUp(toPlaces: 1) - Number.tenths(1)
    }
}

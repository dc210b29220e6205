/// Decimal-place helpers the BMI output needs: fixed-place text, and rounding to places in one
/// direction.
extension Rational {
    /// The smallest multiple of 10^-places not below the value.
    func roundedUp(toPlaces places: Int) -> Rational {
        let scale = Rational.powerOfTen(places)
        return (self * scale).ceiling / scale
    }

    /// The largest multiple of 10^-places not above the value.
    func roundedDown(toPlaces places: Int) -> Rational {
        let scale = Rational.powerOfTen(places)
        return (self * scale).floor / scale
    }

    /// The value rounded to `places` decimals (ties away from zero) and always written with
    /// exactly that many, so a BMI of 23 reads `23.0` like its neighbours `22.9` and `23.1`.
    func fixedText(places: Int) -> String {
        let scaled = (self * Rational.powerOfTen(places)).rounded(toPlaces: 0)
        guard scaled.isRepresentable else { return "?" }
        var digits = String(scaled.numerator.magnitude)
        if digits.count <= places {
            digits = String(repeating: "0", count: places - digits.count + 1) + digits
        }
        let sign = scaled.signum < 0 ? "-" : ""
        guard places > 0 else { return sign + digits }
        let point = digits.index(digits.endIndex, offsetBy: -places)
        return sign + digits[..<point] + "." + digits[point...]
    }

    /// The value as plain decimal text without trailing zeros (`175`, `175.3`, `0.4`); meant for
    /// short values that were already rounded to a few places (at most 12 are written).
    var plainText: String {
        var places = 0
        while places < 12, !(self * Rational.powerOfTen(places)).isInteger { places += 1 }
        return fixedText(places: places)
    }
}

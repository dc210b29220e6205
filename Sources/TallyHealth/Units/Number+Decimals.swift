import TallyCore
import TallyDiagnostics

/// Decimal-place helpers the BMI output needs and TallyCore does not (yet) offer: fixed-place
/// text, and rounding to places in one direction.
extension Number {
    /// `tenths / 10`, exactly.
    static func tenths(_ tenths: Int) -> Number {
        Number(numerator: tenths, denominator: 10)
    }

    /// 10^places as an exact number.
    static func powerOfTen(_ places: Int) -> Number {
        Number(BigInteger.power(10, UInt(places)))
    }

    /// The smallest multiple of 10^-places not below the value.
    func roundedUp(toPlaces places: Int) -> Number {
        let scale = Number.powerOfTen(places)
        return (self * scale).ceiling / scale
    }

    /// The largest multiple of 10^-places not above the value.
    func roundedDown(toPlaces places: Int) -> Number {
        let scale = Number.powerOfTen(places)
        return (self * scale).floor / scale
    }

    /// The value rounded to `places` decimals (ties away from zero) and always written with
    /// exactly that many, so a BMI of 23 reads `23.0` like its neighbours `22.9` and `23.1`.
    func fixedText(places: Int) -> String {
        let scaled = (self * Number.powerOfTen(places)).rounded(toPlaces: 0)
        guard let integer = scaled.bigIntegerValue else { preconditionFailure("rounded to an integer") }
        var digits = integer.magnitude.description()
        if digits.count <= places {
            digits = String(repeating: "0", count: places - digits.count + 1) + digits
        }
        let sign = integer.signum < 0 ? "-" : ""
        guard places > 0 else { return sign + digits }
        let point = digits.index(digits.endIndex, offsetBy: -places)
        return sign + digits[..<point] + "." + digits[point...]
    }

    /// The value as plain decimal text without trailing zeros (`175`, `175.3`, `0.4`); meant for
    /// short values that were already rounded to a few places.
    var plainText: String {
        formatted(significantDigits: 30).text
    }
}

/// The nearest `Double`, for the growth reference's LMS arithmetic, which is published to four
/// or five decimals and needs no more.
extension Number {
    var doubleValue: Double {
        Double(formatted(significantDigits: 17).text) ?? .nan
    }
}

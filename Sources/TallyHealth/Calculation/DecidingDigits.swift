/// Figures written with the digits that decide them: at least a given number of decimals, and
/// more until the rounded figure compares with every boundary it is classified by exactly as
/// the value itself does — `24.98` for a normal BMI just under 25, never `25.0` beside
/// "normal weight".
enum DecidingDigits {
    /// The most decimals added; a value closer than that to a boundary (which a person's
    /// measurements do not give) is shown with them and no more.
    static let maximumPlaces = 9

    /// `value` rounded (ties away from zero) to `places` or more decimals, as text.
    static func text(_ value: Rational, places: Int, boundaries: [Rational]) -> String {
        var shown = places
        while shown < maximumPlaces {
            let rounded = value.rounded(toPlaces: shown)
            if boundaries.allSatisfy({ Rational.compare(rounded, $0) == Rational.compare(value, $0) }) { break }
            shown += 1
        }
        return value.fixedText(places: shown)
    }

    /// The same for a figure computed in floating point (a z-score, a percentile).
    static func text(_ value: Double, places: Int, boundaries: [Double]) -> String {
        var shown = places
        while shown < maximumPlaces {
            let rounded = self.rounded(value, places: shown)
            if boundaries.allSatisfy({ compare(rounded, $0) == compare(value, $0) }) { break }
            shown += 1
        }
        return fixedText(value, places: shown)
    }

    /// `value` rounded to `places` decimals, ties away from zero.
    static func rounded(_ value: Double, places: Int) -> Double {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return (value * scale).rounded(.toNearestOrAwayFromZero) / scale
    }

    /// `value` to exactly `places` decimals: `-0.52`, `94.95`.
    static func fixedText(_ value: Double, places: Int) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = Int64((value * scale).rounded(.toNearestOrAwayFromZero))
        var digits = String(scaled.magnitude)
        if digits.count <= places { digits = String(repeating: "0", count: places - digits.count + 1) + digits }
        let sign = scaled < 0 ? "-" : ""
        guard places > 0 else { return sign + digits }
        let point = digits.index(digits.endIndex, offsetBy: -places)
        return sign + digits[..<point] + "." + digits[point...]
    }

    private static func compare(_ lhs: Double, _ rhs: Double) -> Int {
        lhs < rhs ? -1 : (lhs == rhs ? 0 : 1)
    }
}

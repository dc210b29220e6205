import TallyCore

/// An exact number from decimal text such as `"24.949"` or `"-3"`, for writing tables as the
/// spec writes them.
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

import TallyDiagnostics

/// Rounding to integers and to decimal places.
extension Number {
    /// The largest integer not above the value.
    public var floor: Number { flooredQuotient(dividingBy: Number(1)) }

    /// The smallest integer not below the value.
    public var ceiling: Number { -((-self).floor) }

    /// The integer part, rounded toward zero.
    public var truncated: Number { signum < 0 ? ceiling : floor }

    /// The nearest multiple of 10^-places, ties away from zero; `places` may be negative
    /// (`-2` rounds to hundreds).
    public func rounded(toPlaces places: Int = 0) -> Number {
        if isInteger && places >= 0 { return self }
        let scale = Number(BigInteger.power(10, UInt(places.magnitude)))
        let scaled = places >= 0 ? self * scale : self / scale
        let half = Number(numerator: 1, denominator: 2)
        let nearest = signum < 0 ? -((-scaled + half).floor) : (scaled + half).floor
        let result = places >= 0 ? nearest / scale : nearest * scale
        return result
    }
}

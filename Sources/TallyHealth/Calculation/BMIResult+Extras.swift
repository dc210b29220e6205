import TallyCore

/// What adults look up after a BMI: BMI Prime, and the waist-to-height ratio with NICE's bands.
extension BMIResult {
    /// BMI Prime: the shown BMI over the upper limit of normal weight (25, or 23 for the
    /// Asia-Pacific cut-offs), to two decimals, ties away from zero. Computed from the BMI as
    /// shown, so that it is the quotient of the numbers printed.
    public var bmiPrime: Number {
        (shownValue / Number(standard.primeDivisor)).rounded(toPlaces: 2)
    }

    /// The waist over the height, to two decimals, ties away from zero; nil without a waist.
    public var waistToHeightRatio: Number? {
        waistInCentimetres.map { ($0 / heightInCentimetres).rounded(toPlaces: 2) }
    }

    /// NICE's band of the shown waist-to-height ratio (NICE guideline CG189, 2022 update:
    /// keep the waist below half the height): below 0.5 no increased health risk, 0.5 to 0.59
    /// increased, 0.6 and over high.
    public var waistToHeightBand: String? {
        guard let ratio = waistToHeightRatio else { return nil }
        if Number.compare(ratio, Number.tenths(5)) < 0 { return "no increased health risk" }
        if Number.compare(ratio, Number.tenths(6)) < 0 { return "increased health risk" }
        return "high health risk"
    }

    /// `BMI Prime 0.92 (BMI / 25)`.
    var bmiPrimeLine: String {
        let asia = standard == .asia ? ", Asia-Pacific" : ""
        return "BMI Prime \(bmiPrime.fixedText(places: 2)) (BMI / \(standard.primeDivisor)\(asia))"
    }

    /// `waist-to-height ratio 0.46: no increased health risk (NICE 2022)`; for a child the ratio
    /// alone, since NICE's bands are for adults.
    var waistLine: String? {
        guard let ratio = waistToHeightRatio?.fixedText(places: 2), let band = waistToHeightBand else { return nil }
        if childAssessment != nil { return "waist-to-height ratio \(ratio) (NICE's bands are for adults)" }
        return "waist-to-height ratio \(ratio): \(band) (NICE 2022)"
    }
}

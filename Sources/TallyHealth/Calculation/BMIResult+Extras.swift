/// What adults look up after a BMI: BMI Prime, the waist-to-height ratio with NICE's bands, and
/// the waist against the sex-specific cut-offs.
extension BMIResult {
    /// BMI Prime: the exact BMI over the upper limit of normal weight (25, or 23 for the
    /// Asia-Pacific and NICE thresholds).
    public var bmiPrime: Rational {
        value / Rational(standard.primeDivisor)
    }

    /// BMI Prime as shown: two decimals, more where two would put it across 1 (the upper limit
    /// of normal weight), so it agrees with the category.
    public var bmiPrimeText: String {
        DecidingDigits.text(bmiPrime, places: 2, boundaries: [Rational(1)])
    }

    /// The exact waist over the height; nil without a waist.
    public var waistToHeightRatio: Rational? {
        waistInCentimetres.map { $0 / heightInCentimetres }
    }

    /// The ratio as shown: two decimals, more where two would put it across 0.5 or 0.6.
    public var waistToHeightText: String? {
        waistToHeightRatio.map { DecidingDigits.text($0, places: 2, boundaries: [.tenths(5), .tenths(6)]) }
    }

    /// NICE's band of the exact waist-to-height ratio (NICE guideline CG189, 2022 update: keep
    /// the waist below half the height): below 0.5 no increased health risk, 0.5 to below 0.6
    /// increased, 0.6 and over high.
    public var waistToHeightBand: String? {
        guard let ratio = waistToHeightRatio else { return nil }
        if Rational.compare(ratio, Rational.tenths(5)) < 0 { return "no increased health risk" }
        if Rational.compare(ratio, Rational.tenths(6)) < 0 { return "increased health risk" }
        return "high health risk"
    }

    /// `BMI Prime 0.92 (BMI / 25)`.
    var bmiPrimeLine: String {
        let note = standard == .asia ? ", Asia-Pacific" : standard == .nice ? ", NICE" : ""
        return "BMI Prime \(bmiPrimeText) (BMI / \(standard.primeDivisor)\(note))"
    }

    /// `waist-to-height ratio 0.46: no increased health risk (NICE 2022)`; for a child the ratio
    /// alone, since NICE's bands are for adults.
    var waistLine: String? {
        guard let ratio = waistToHeightText, let band = waistToHeightBand else { return nil }
        if childAssessment != nil { return "waist-to-height ratio \(ratio) (NICE's bands are for adults)" }
        return "waist-to-height ratio \(ratio): \(band) (NICE 2022)"
    }

    /// The adult waist against the cut-offs for the sex: WHO's (men 94 and 102 cm, women 80 and
    /// 88 cm), or for `asia` the KSSO's abdominal obesity (men 90 cm, women 85 cm); nil without
    /// a waist, a sex, or for a child.
    public var waistCutOff: WaistCutOff? {
        guard childAssessment == nil, let waist = waistInCentimetres, let sex else { return nil }
        return WaistCutOff(waist: waist, sex: sex, asiaPacific: standard == .asia)
    }
}

/// An adult's waist read against the sex-specific cut-offs of WHO (2008 expert consultation,
/// *Waist circumference and waist–hip ratio*) or, for the Asia-Pacific standard, the Korean
/// Society for the Study of Obesity (2022).
public struct WaistCutOff: Sendable {
    /// The category of the exact waist.
    public let category: String
    /// The line the report shows.
    public let line: String

    init(waist: Rational, sex: Sex, asiaPacific: Bool) {
        let who = sex == .male ? [94, 102] : [80, 88]
        let ksso = sex == .male ? 90 : 85
        let cutOffs = asiaPacific ? [ksso] : who
        let shown = DecidingDigits.text(waist, places: 1, boundaries: cutOffs.map { Rational($0) })
        let over = cutOffs.filter { Rational.compare(waist, Rational($0)) >= 0 }.count
        let people = sex == .male ? "men" : "women"
        if asiaPacific {
            category = over == 0 ? "below the cut-off" : "abdominal obesity"
            line = "waist \(shown) cm: \(category) (KSSO, \(people) from \(ksso) cm)"
        } else {
            category = ["no increased risk", "increased risk", "substantially increased risk"][over]
            line = "waist \(shown) cm: \(category) (WHO, \(people) from \(who[0]) and \(who[1]) cm)"
        }
    }
}

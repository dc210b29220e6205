import TallyDiagnostics

/// A published table of adult BMI categories.
public enum BMIStandard: String, Sendable, CaseIterable {
    /// The WHO adult classification, the default.
    case who
    /// The Asia-Pacific cut-offs as adopted by the Korean Society for the Study of Obesity.
    case asia
    /// NICE's lower thresholds for adults of South Asian, Chinese, other Asian, Middle Eastern,
    /// Black African or African-Caribbean family background: overweight from 23, obesity from
    /// 27.5.
    case nice
    /// The CDC: for adults its categories, on the WHO cut-offs; for children from 2 to 19 years
    /// the CDC 2000 growth charts instead of WHO's references.
    case cdc

    /// Reads the word a user types (`who`, `asia`, `cdc`), ignoring case; `nil` for any other word.
    public init?(word: String) {
        self.init(rawValue: word.lowercased())
    }

    /// The word that selects this standard on a `bmi` or `set standard` line.
    public var word: String { rawValue }

    /// The short name printed after every result, so a reader always knows which table was used.
    public var sourceName: String {
        switch self {
        case .who: return "WHO adult classification"
        case .asia: return "Asia-Pacific, Korean Society for the Study of Obesity"
        case .nice:
            return "NICE, lower thresholds for South Asian, Chinese, other Asian, Middle Eastern, Black African "
                + "or African-Caribbean family background"
        case .cdc: return "CDC adult categories, the WHO cut-offs"
        }
    }

    /// What `set standard` answers: the adult table, and for `cdc` the children's charts too.
    public var settingAnswer: String {
        let adults = "bmi now classifies adults by \(word): \(sourceName)"
        switch self {
        case .who, .asia, .nice: return adults
        case .cdc: return adults + "; children from 2 to 19 years by the CDC 2000 growth charts"
        }
    }

    /// The reference a child's BMI is read against under this standard, from 61 months (under
    /// 5, WHO 2006 unless the CDC is asked for).
    func childReference(months: Int) -> GrowthReference {
        if self == .cdc { return .cdc2000 }
        return months < BMIForAgeTable.firstMonth ? .who2006 : .who2007
    }

    /// The BMI at the upper limit of normal weight, which BMI Prime divides by: 25, or 23 for
    /// the Asia-Pacific cut-offs.
    public var primeDivisor: Int {
        self == .asia || self == .nice ? 23 : 25
    }

    /// Where the cut-offs are published, for `help bmi`: the edition, and where in it the table
    /// stands. Each line fits `help bmi`'s 80 columns after two spaces of indent.
    public var citation: [String] {
        switch self {
        case .who:
            return [
                "WHO, Obesity: preventing and managing the global epidemic, Technical Report",
                "Series 894 (Geneva, 2000), the report of the 1997 consultation",
            ]
        case .asia:
            return [
                "KSSO Clinical Practice Guidelines for Obesity, 2022 update (8th edition):",
                "Haam et al., J Obes Metab Syndr 2023;32(2):121-129",
            ]
        case .nice:
            return [
                "NICE guideline NG246 (2025; CG189, 2022 update): BMI thresholds lowered by",
                "2.5 for people of South Asian, Chinese, other Asian, Middle Eastern, Black",
                "African or African-Caribbean family background",
            ]
        case .cdc:
            return [
                "CDC, \"Adult BMI Categories\" (cdc.gov): the WHO cut-offs under CDC names;",
                "children 2-19 years by the CDC 2000 growth charts (see below)",
            ]
        }
    }

    /// The categories from lowest to highest; together they cover every BMI exactly once.
    public var bands: [BMIBand] {
        switch self {
        case .who:
            return Self.bands([
                ("underweight", nil), ("normal weight", 185), ("pre-obese", 250),
                ("obesity class I", 300), ("obesity class II", 350), ("obesity class III", 400),
            ])
        case .asia:
            return Self.bands([
                ("underweight", nil), ("normal weight", 185), ("pre-obese", 230),
                ("obesity class 1", 250), ("obesity class 2", 300), ("obesity class 3", 350),
            ])
        case .nice:
            return Self.bands([
                ("underweight", nil), ("healthy weight", 185), ("overweight", 230),
                ("obesity class 1", 275), ("obesity class 2", 325), ("obesity class 3", 375),
            ])
        case .cdc:
            return Self.bands([
                ("underweight", nil), ("healthy weight", 185), ("overweight", 250),
                ("obesity class 1", 300), ("obesity class 2", 350), ("obesity class 3 (severe obesity)", 400),
            ])
        }
    }

    /// The band the healthy-weight range is computed from.
    public var normalBand: BMIBand {
        // Every table puts its normal band directly above "underweight".
        bands[1]
    }

    /// The lower bounds of the bands: the boundaries a BMI is classified by.
    var boundaries: [Rational] { bands.compactMap(\.lowerBound) }

    /// The band a BMI (the exact value) falls in.
    public func band(containing value: Rational) -> BMIBand {
        guard let band = bands.first(where: { $0.contains(value) }) else {
            preconditionFailure("the bands of a standard cover every value")
        }
        return band
    }

    /// Chains categories and their lower bounds (in tenths) into contiguous half-open bands, so
    /// a table cannot have a gap or an overlap.
    private static func bands(_ table: [(category: String, lowerBoundInTenths: Int?)]) -> [BMIBand] {
        table.indices.map { index in
            BMIBand(
                category: table[index].category,
                lowerBoundInTenths: table[index].lowerBoundInTenths,
                upperBoundInTenths: index + 1 < table.count ? table[index + 1].lowerBoundInTenths : nil)
        }
    }
}

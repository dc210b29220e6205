import TallyCore
import TallyDiagnostics

/// A published table of adult BMI categories.
public enum BMIStandard: String, Sendable, CaseIterable {
    /// The WHO adult classification, the default.
    case who
    /// The Asia-Pacific cut-offs as adopted by the Korean Society for the Study of Obesity.
    case asia

    /// Reads the word a user types (`who`, `asia`), ignoring case; `nil` for any other word.
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
        }
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
        }
    }

    /// The band the healthy-weight range is computed from.
    public var normalBand: BMIBand {
        // Both tables put "normal weight" directly above "underweight".
        bands[1]
    }

    /// The band a shown (one-decimal) BMI falls in.
    public func band(containing shownValue: Number) -> BMIBand {
        guard let band = bands.first(where: { $0.contains(shownValue) }) else {
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

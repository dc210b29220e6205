/// The CDC 2000 growth charts for BMI-for-age, 2 to 20 years: L, M and S for each sex at each
/// half month the CDC publishes, with the sigma of its 2022 extended BMI-for-age charts.
///
/// The CDC's row at M.5 months stands for the completed months M to M + 1, so a child of M
/// completed months is read at that row, from 24 to 239 months. The numbers live in
/// `Data/cdc-2000-bmi-for-age.csv`; `Data/bmi_for_age.py` generates `CDCBMITable+Data.swift`.
enum CDCBMITable {
    /// One row: the LMS parameters, and the spread used above the 95th percentile.
    struct Entry: Sendable, Equatable {
        let lms: LMS
        let sigma: Double
    }

    /// The youngest age covered, in completed months (2 years).
    static let firstMonth = 24
    /// The oldest age covered, in completed months (19 years 11 months).
    static let lastMonth = 239

    /// The row for `sex` at `months` completed months; nil outside the charts' ages.
    static func entry(for sex: Sex, atMonths months: Int) -> Entry? {
        guard (firstMonth...lastMonth).contains(months) else { return nil }
        return (sex == .female ? girls : boys)[months - firstMonth]
    }
}

/// The WHO 2007 growth reference for BMI-for-age, 5 to 19 years: L, M and S for each sex and
/// each month of age from 61 to 228 months.
///
/// The numbers live in `Data/who-2007-bmi-for-age.csv` with their source and date; the Swift
/// table (`BMIForAgeTable+Data.swift`) is generated from it by `Data/bmi_for_age.py`, and a test
/// fails when the two differ, so no file is read at run time.
enum BMIForAgeTable {
    /// The youngest age the reference covers, in completed months (5 years 1 month).
    static let firstMonth = 61
    /// The oldest age the reference covers, in completed months (19 years).
    static let lastMonth = 228

    /// L, M and S for `sex` at `months` completed months; nil outside the reference's ages.
    static func parameters(for sex: Sex, atMonths months: Int) -> LMS? {
        guard (firstMonth...lastMonth).contains(months) else { return nil }
        let table = sex == .female ? girls : boys
        return table[months - firstMonth]
    }
}

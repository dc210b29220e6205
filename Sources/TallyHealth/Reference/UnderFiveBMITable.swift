/// The WHO Child Growth Standards (2006) for BMI-for-age from 2 to 5 years: L, M and S for each
/// sex and each day of age from 731 to 1856 days, the granularity WHO publishes.
///
/// The numbers live in `Data/who-2006-bmi-for-age.csv` with their source and date; the Swift
/// table (`UnderFiveBMITable+Data.swift`) is generated from it by `Data/bmi_for_age.py`, and a
/// test fails when the two differ.
enum UnderFiveBMITable {
    /// The first day of the table: 2 years (24 months of 30.4375 days, rounded), from standing
    /// height; before it WHO's table is from recumbent length.
    static let firstDay = 731
    /// The last day of the table, where the WHO 2007 reference takes over at 61 months.
    static let lastDay = 1856

    /// L, M and S for `sex` at `days` days of age; nil outside the table's days.
    static func parameters(for sex: Sex, atDays days: Int) -> LMS? {
        guard (firstDay...lastDay).contains(days) else { return nil }
        return (sex == .female ? girls : boys)[days - firstDay]
    }
}

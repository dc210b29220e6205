/// A child's BMI-for-age chart: the reference's percentile curves from 2 years to the end of the
/// reference, the BMI up the side, and the child's point.
struct GrowthChart {
    let result: BMIResult
    let child: BMIForAgeAssessment
    let width: Int
    let ascii: Bool

    /// The percentiles drawn, as each reference's charts draw them: WHO's 3rd, 15th, 50th, 85th
    /// and 97th; the CDC's 5th, 50th, 85th and 95th.
    var percentiles: [Double] {
        child.reference == .cdc2000 ? [5, 50, 85, 95] : [3, 15, 50, 85, 97]
    }

    /// The months across: from 24 to the reference's last.
    var monthRange: ClosedRange<Double> {
        24...Double(child.reference == .cdc2000 ? CDCBMITable.lastMonth : BMIForAgeTable.lastMonth)
    }

    /// The BMI of `percentile` at `months` of age, from the reference in force at that age.
    func bmi(percentile: Double, months: Double) -> Double? {
        let z = NormalDistribution.quantile(percentile / 100)
        if child.reference == .cdc2000 {
            let month = min(CDCBMITable.lastMonth, max(CDCBMITable.firstMonth, Int(months.rounded(.down))))
            return CDCBMITable.entry(for: child.sex, atMonths: month)?.lms.measurement(atZ: z)
        }
        if months < Double(BMIForAgeTable.firstMonth) {
            let days = Int((months * 30.4375).rounded())
            let day = min(UnderFiveBMITable.lastDay, max(UnderFiveBMITable.firstDay, days))
            return UnderFiveBMITable.parameters(for: child.sex, atDays: day)?.measurement(atZ: z)
        }
        let month = min(BMIForAgeTable.lastMonth, Int(months.rounded(.down)))
        return BMIForAgeTable.parameters(for: child.sex, atMonths: month)?.measurement(atZ: z)
    }

    /// `3rd`, `15th`, `50th`, `97th`.
    static func ordinal(_ number: Int) -> String {
        let suffix =
            (11...13).contains(number % 100)
            ? "th" : ["th", "st", "nd", "rd", "th", "th", "th", "th", "th", "th"][number % 10]
        return "\(number)\(suffix)"
    }

    var lines: [String] {
        let labelWidth = 3
        let curveLabelWidth = 5
        let plotColumns = width - labelWidth - 1 - curveLabelWidth
        let plotRows = max(8, min(16, width / 5))
        var canvas = DotCanvas(columns: plotColumns, rows: plotRows, ascii: ascii)
        let childBMI = result.value.doubleValue
        let childMonths = Double(child.age.months) + Double(child.age.daysPastMonths) / 30.4375
        // The BMI range: the curves' and the child's, to whole units.
        var lowest = childBMI
        var highest = childBMI
        for percentile in [percentiles.first!, percentiles.last!] {
            for step in 0...20 {
                let months = monthRange.lowerBound + Double(step) / 20 * (monthRange.upperBound - monthRange.lowerBound)
                if let value = bmi(percentile: percentile, months: months) {
                    lowest = min(lowest, value)
                    highest = max(highest, value)
                }
            }
        }
        lowest = (lowest - 0.5).rounded(.down)
        highest = (highest + 0.5).rounded(.up)
        func y(_ value: Double) -> Int {
            Int(((value - lowest) / (highest - lowest) * Double(canvas.height - 1)).rounded())
        }
        func x(_ months: Double) -> Int {
            let share = (months - monthRange.lowerBound) / (monthRange.upperBound - monthRange.lowerBound)
            return Int((share * Double(canvas.width - 1)).rounded())
        }
        var ends: [(row: Int, label: String)] = []
        for percentile in percentiles {
            var previous: Int?
            for dot in 0..<canvas.width {
                let months =
                    monthRange.lowerBound + Double(dot) / Double(canvas.width - 1)
                    * (monthRange.upperBound - monthRange.lowerBound)
                guard let value = bmi(percentile: percentile, months: months) else { continue }
                let row = y(value)
                canvas.setColumn(x: dot, from: previous ?? row, to: row)
                previous = row
            }
            if let previous {
                let fromTop = ascii ? canvas.height - 1 - previous : (canvas.height - 1 - previous) / 4
                ends.append((fromTop, Self.ordinal(Int(percentile))))
            }
        }
        canvas.mark(x: x(childMonths), y: y(childBMI), with: ascii ? "*" : "●")
        let sexWord = child.sex == .female ? "girls" : "boys"
        var lines = [
            BMIChart.fitted(
                "BMI-for-age, \(sexWord): \(child.reference.sourceName)", width: width, ascii: ascii),
            BMIChart.fitted(
                "\(ascii ? "*" : "●") BMI \(DecidingDigits.fixedText(childBMI, places: 1)) at \(child.ageText): "
                    + "percentile \(child.percentileText), \(child.category.rawValue)", width: width, ascii: ascii),
        ]
        for row in 0..<plotRows {
            // The BMI at this row's middle, every third row and at the ends.
            let value = lowest + (highest - lowest) * (1 - (Double(row) + 0.5) / Double(plotRows))
            let showsValue = row == 0 || row == plotRows - 1 || row % 3 == 0
            let label = showsValue ? String(Int(value.rounded())) : ""
            let padded = String(repeating: " ", count: max(0, labelWidth - label.count)) + label
            let curve = ends.last { $0.row == row }?.label ?? ""
            lines.append(padded + (ascii ? "|" : "┤") + canvas.line(row) + " " + curve)
        }
        // The ages along the bottom: every few years, each where it falls.
        var axis = [Character](repeating: " ", count: width)
        var free = 0
        let years = Int(monthRange.upperBound / 12)
        for year in stride(from: 2, through: years, by: plotColumns < 40 ? 4 : 2) {
            let text = Array("\(year)")
            let dot = x(Double(year * 12))
            let column = labelWidth + 1 + (ascii ? dot : dot / 2)
            let start = min(max(column - text.count / 2, 0), width - text.count)
            guard start >= free else { continue }
            for (offset, character) in text.enumerated() { axis[start + offset] = character }
            free = start + text.count + 1
        }
        lines.append(
            String(repeating: " ", count: labelWidth) + (ascii ? "+" : "└")
                + String(repeating: ascii ? "-" : "─", count: plotColumns))
        lines.append(String(axis).trimmingTrailingSpaces + (free + 6 <= width ? " years" : ""))
        return lines.map { $0.trimmingTrailingSpaces }
    }
}

/// A picture of a BMI result in the terminal (`bmi … chart`): for an adult the standard's BMI
/// scale with its bands and the person's mark; for a child the growth reference's percentile
/// curves over age with the child's point.
///
/// Drawn with block and braille characters, or ASCII only (`--ascii`), in at most the width
/// given (the window interactively, 80 columns in pipes); never narrower than 30 columns.
public struct BMIChart: Sendable {
    let result: BMIResult

    /// The narrowest chart drawn.
    static let minimumWidth = 30

    /// The chart of `result`.
    public init(_ result: BMIResult) {
        self.result = result
    }

    /// The chart as lines of at most `width` columns (30 at least), joined by newlines.
    public func text(width: Int, ascii: Bool) -> String {
        let width = max(width, Self.minimumWidth)
        if let child = result.childAssessment {
            return GrowthChart(result: result, child: child, width: width, ascii: ascii).lines.joined(separator: "\n")
        }
        return adultScale(width: width, ascii: ascii).joined(separator: "\n")
    }

    /// The BMI scale: a bar of the standard's bands, the person's mark above it, the cut-offs
    /// under it and a key to the bands.
    func adultScale(width: Int, ascii: Bool) -> [String] {
        let standard = result.standard
        let bmi = result.value.doubleValue
        let low = min(15, (bmi - 1).rounded(.down))
        let high = max(45, (bmi + 1).rounded(.up))
        let fills: [Character] = ascii ? [".", ":", "-", "=", "+", "#"] : ["░", "▒", "▓", "█", "▞", "▚"]
        let bands = standard.bands
        func column(_ value: Double) -> Int {
            Int(((value - low) / (high - low) * Double(width - 1)).rounded())
        }
        func band(at column: Int) -> Int {
            let value = low + (Double(column) + 0.5) / Double(width) * (high - low)
            return bands.lastIndex { ($0.lowerBound?.doubleValue ?? -Double.infinity) <= value } ?? 0
        }
        // The mark, and the BMI beside it where it fits. The column under the mark takes the
        // person's own band (a column may straddle a cut-off), so the bar agrees with the category.
        let markColumn = min(width - 1, max(0, column(bmi)))
        let ownBand = bands.firstIndex(of: result.band) ?? 0
        let bar = String((0..<width).map { fills[($0 == markColumn ? ownBand : band(at: $0)) % fills.count] })
        let label = "BMI \(result.shownText)"
        var markLine = String(repeating: " ", count: markColumn) + (ascii ? "v" : "▼")
        if markColumn + 2 + label.count <= width {
            markLine += " " + label
        } else if markColumn >= label.count + 1 {
            markLine = String(repeating: " ", count: markColumn - label.count - 1) + label + " " + (ascii ? "v" : "▼")
        }
        // The cut-offs under the bar, each where its band starts, when there is room.
        var ticks = [Character](repeating: " ", count: width)
        var free = 0
        for bound in [low] + bands.compactMap({ $0.lowerBound?.doubleValue }) + [high] {
            let text = Array(Self.number(bound))
            let start = min(max(column(bound) - text.count / 2, 0), width - text.count)
            guard start >= free else { continue }
            for (offset, character) in text.enumerated() { ticks[start + offset] = character }
            free = start + text.count + 1
        }
        var lines = [
            Self.fitted("\(result.band.category), \(standard.sourceName)", width: width, ascii: ascii), markLine, bar,
            String(ticks).trimmingTrailingSpaces,
        ]
        // The key: each band's fill and name, as many a line as fit.
        var key = ""
        for (index, band) in bands.enumerated() {
            let entry = "\(fills[index % fills.count]) \(band.category)"
            if !key.isEmpty, key.count + 2 + entry.count > width {
                lines.append(key)
                key = ""
            }
            key += (key.isEmpty ? "" : "  ") + entry
        }
        lines.append(Self.fitted(key, width: width, ascii: ascii))
        return lines
    }

    /// A cut-off as the scale labels it: `18.5`, `25`.
    static func number(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }

    /// `text` cut to `width` characters, with an ellipsis when it was longer.
    static func fitted(_ text: String, width: Int, ascii: Bool) -> String {
        let ellipsis = ascii ? "..." : "…"
        return text.count <= width ? text : String(text.prefix(width - ellipsis.count)) + ellipsis
    }
}

extension String {
    /// The text without the spaces at its end.
    var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}

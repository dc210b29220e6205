/// A picture of a BMI result in the terminal.
public struct BMIChart: Sendable {
    let result: BMIResult

    /// The chart of `result`.
    public init(_ result: BMIResult) {
        self.result = result
    }

    /// The chart as text of at most `width` columns.
    public func text(width: Int, ascii: Bool) -> String {
        ""
    }
}

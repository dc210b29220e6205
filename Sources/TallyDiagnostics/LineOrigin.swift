/// Where a line came from: a file, `<stdin>` or `<eval>`, and its 1-based line number. A user
/// function remembers it, so an error inside the function can say where it was defined.
public struct LineOrigin: Sendable, Equatable, CustomStringConvertible {
    public var sourceName: String
    public var lineNumber: Int

    public init(sourceName: String, lineNumber: Int) {
        self.sourceName = sourceName
        self.lineNumber = lineNumber
    }

    /// An origin for lines whose source nobody named (tests, embedders).
    public static let unnamed = LineOrigin(sourceName: "<input>", lineNumber: 1)

    /// `name:line`, as diagnostics write a place.
    public var description: String { "\(sourceName):\(lineNumber)" }
}

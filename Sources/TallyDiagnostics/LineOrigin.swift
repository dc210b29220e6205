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

    /// The source name of lines typed at the interactive prompt.
    public static let interactiveSessionName = "<session>"

    /// `name:line`, as diagnostics write a place; "line 9 of this session" at the prompt.
    public var description: String {
        sourceName == Self.interactiveSessionName
            ? "line \(lineNumber) of this session" : "\(sourceName):\(lineNumber)"
    }
}

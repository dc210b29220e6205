/// A range of a source line: 0-based UTF-8 byte offsets, half-open (`start..<end`).
///
/// Byte offsets keep lexing cheap; the renderer turns them into 1-based character columns and
/// terminal display widths only when a diagnostic is shown. An empty span marks a position
/// between two characters (the gap where an operator is missing, the end of the line).
public struct SourceSpan: Sendable, Hashable, CustomStringConvertible {
    /// Offset of the first byte.
    public var start: Int
    /// Offset just past the last byte.
    public var end: Int

    public init(start: Int, end: Int) {
        precondition(start <= end, "a span cannot end before it starts")
        self.start = start
        self.end = end
    }

    /// An empty span at `offset`.
    public init(at offset: Int) {
        self.init(start: offset, end: offset)
    }

    /// The smallest span covering both.
    public func union(_ other: SourceSpan) -> SourceSpan {
        SourceSpan(start: Swift.min(start, other.start), end: Swift.max(end, other.end))
    }

    /// The same span moved `distance` bytes to the right.
    public func shifted(by distance: Int) -> SourceSpan {
        SourceSpan(start: start + distance, end: end + distance)
    }

    public var isEmpty: Bool { start == end }

    public var description: String { "\(start)..<\(end)" }
}

import TallyDiagnostics

/// A line written with a `⟨…⟩` marker around the span a diagnostic must cover (`⟨⟩` for an
/// empty span), so nobody counts columns by hand: `MarkedLine("12 + ⟨*⟩ 3")`.
public struct MarkedLine: Sendable {
    /// The line without the markers.
    public let text: String
    /// Where the markers stood: 0-based UTF-8 byte offsets into ``text``.
    public let span: SourceSpan

    public init(_ marked: String) {
        guard let open = marked.firstRange(of: "⟨"), let close = marked.firstRange(of: "⟩") else {
            preconditionFailure("no span marked in \(marked)")
        }
        let before = marked[..<open.lowerBound]
        let inside = marked[open.upperBound..<close.lowerBound]
        text = String(before + inside + marked[close.upperBound...])
        span = SourceSpan(start: before.utf8.count, end: before.utf8.count + inside.utf8.count)
    }
}

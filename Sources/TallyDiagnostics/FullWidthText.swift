/// A line with its full-width ASCII forms (U+FF01…U+FF5E: `１７５ｃｍ`, `（１＋２）×３`) folded
/// to ASCII, so that the calculator's lexer reads them as digits, letters and operators, and
/// the way back from an offset of the folded text to the line as typed. `bmi` reads its
/// arguments through it, and a session its expression lines.
///
/// This is a normalisation, not a tokenizer. Offsets are 0-based UTF-8 bytes; spans handed
/// back to the user are always of the line as typed.
public struct FullWidthText: Sendable {
    /// The line as typed.
    public let bytes: [UInt8]
    /// The line with full-width forms folded; the line itself when it has none.
    public let folded: String
    /// For a line with full-width forms, the line offset of each folded offset (one more than
    /// the folded length); nil when the two are the same.
    private let lineOffsets: [Int]?

    public init(_ line: String) {
        bytes = Array(line.utf8)
        guard bytes.contains(0xEF) else {
            folded = line
            lineOffsets = nil
            return
        }
        var foldedBytes: [UInt8] = []
        var offsets: [Int] = []
        foldedBytes.reserveCapacity(bytes.count)
        offsets.reserveCapacity(bytes.count + 1)
        var index = 0
        var changed = false
        while index < bytes.count {
            // U+FF01…U+FF5E are EF BC 81 … EF BD 9E.
            if bytes[index] == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBC || bytes[index + 1] == 0xBD {
                let scalar = 0xF000 | (Int(bytes[index + 1] & 0x3F) << 6) | Int(bytes[index + 2] & 0x3F)
                if (0xFF01...0xFF5E).contains(scalar) {
                    foldedBytes.append(UInt8(scalar - 0xFEE0))
                    offsets.append(index)
                    index += 3
                    changed = true
                    continue
                }
            }
            foldedBytes.append(bytes[index])
            offsets.append(index)
            index += 1
        }
        offsets.append(bytes.count)
        folded = changed ? String(decoding: foldedBytes, as: UTF8.self) : line
        lineOffsets = changed ? offsets : nil
    }

    /// Whether the line has full-width forms to fold (any folding was done).
    public var isFolded: Bool { lineOffsets != nil }

    /// Whether `bytes` may hold a full-width form: the one byte test a line pays.
    public static func mayHoldFullWidth(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.contains(0xEF)
    }

    /// The offset of the folded text's `offset` in the line.
    public func lineOffset(_ offset: Int) -> Int {
        lineOffsets?[offset] ?? offset
    }

    /// The folded offset of a line offset: the first folded offset at or after it.
    public func foldedOffset(_ offset: Int) -> Int {
        guard let lineOffsets else { return offset }
        var low = 0
        var high = lineOffsets.count - 1
        while low < high {
            let middle = (low + high) / 2
            if lineOffsets[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// A span of the folded text as a span of the line.
    public func lineSpan(_ span: SourceSpan) -> SourceSpan {
        guard lineOffsets != nil else { return span }
        return SourceSpan(start: lineOffset(span.start), end: lineOffset(span.end))
    }

    /// A diagnostic about the folded text, about the line instead.
    public func lineDiagnostic(_ diagnostic: Diagnostic) -> Diagnostic {
        guard lineOffsets != nil else { return diagnostic }
        var mapped = diagnostic
        mapped.span = lineSpan(diagnostic.span)
        mapped.notes = diagnostic.notes.map { note in
            var shifted = note
            if note.source == nil { shifted.span = note.span.map(lineSpan) }
            return shifted
        }
        return mapped
    }

    /// The text of the line under a span of the folded text, as typed.
    public func text(_ span: SourceSpan) -> String {
        let line = lineSpan(span)
        return String(decoding: bytes[line.start..<line.end], as: UTF8.self)
    }
}

/// Text with parts marked by what they mean (a day done, a day missed), not by how a terminal
/// draws them: a library returns it and the shell decides whether and how to colour it, so no
/// library below the shell writes an escape sequence.
///
/// A styled part stays its own run, however it is joined: the shell colours each run on its own.
public struct StyledText: Sendable, Equatable, ExpressibleByStringLiteral {
    /// What a part of the text means.
    public enum Style: Sendable, Equatable {
        /// Ordinary text.
        case plain
        /// Something achieved: a day done.
        case done
        /// Something that could have been and was not: a day missed.
        case missed
        /// Neither achieved nor missed: a day skipped or paused.
        case excused
        /// Not needed: a day a met target did not need.
        case rest
    }

    /// A stretch of text in one style.
    public struct Run: Sendable, Equatable {
        /// The text.
        public var text: String
        /// What it means.
        public var style: Style

        /// `text` in `style`.
        public init(text: String, style: Style) {
            self.text = text
            self.style = style
        }
    }

    /// The runs in order; neighbouring plain text is one run.
    public private(set) var runs: [Run] = []

    /// Empty text.
    public init() {}

    /// `text` in `style`.
    public init(_ text: String, style: Style = .plain) {
        append(text, style: style)
    }

    /// Plain `value`.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The text without its styles.
    public var plainText: String {
        // One buffer of bytes, one string at the end: a table of a hundred habits has hundreds
        // of runs, and `String`'s `+=` costs more per run than the copy.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(runs.reduce(0) { $0 + $1.text.utf8.count })
        for run in runs {
            // Through `withUTF8`: a short run is a small string, whose bytes `utf8` would hand
            // over one at a time.
            var text = run.text
            text.withUTF8 { bytes.append(contentsOf: $0) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Makes room for `count` more runs, for a caller that knows how many it adds (a row of
    /// day marks, one run each).
    public mutating func reserveCapacity(forRuns count: Int) {
        runs.reserveCapacity(runs.count + count)
    }

    /// Whether there is no text.
    public var isEmpty: Bool { runs.isEmpty }

    /// Adds `text` in `style` at the end.
    public mutating func append(_ text: String, style: Style = .plain) {
        guard !text.isEmpty else { return }
        // The last run's style read in place: a copy of the run would share its text, and the
        // `+=` would then copy the whole text for every piece added.
        if style == .plain, !runs.isEmpty, runs[runs.count - 1].style == .plain {
            runs[runs.count - 1].text += text
        } else {
            runs.append(Run(text: text, style: style))
        }
    }

    /// Adds `other` at the end, its runs kept.
    public mutating func append(_ other: StyledText) {
        for run in other.runs { append(run.text, style: run.style) }
    }

    /// `left` followed by `right`.
    public static func + (left: StyledText, right: StyledText) -> StyledText {
        var result = left
        result.append(right)
        return result
    }

    /// The text without the spaces at its end (up to the last styled run, which keeps its own).
    public func trimmingTrailingSpaces() -> StyledText {
        var result = self
        result.trimTrailingSpaces()
        return result
    }

    /// Removes the spaces at the end (up to the last styled run, which keeps its own).
    public mutating func trimTrailingSpaces() {
        while let last = runs.last, last.style == .plain, last.text.utf8.last == UInt8(ascii: " ") {
            runs[runs.count - 1].text.removeLast()
            if runs[runs.count - 1].text.isEmpty { runs.removeLast() }
        }
    }
}

extension Sequence where Element == StyledText {
    /// The texts one after another with `separator` between them.
    public func joined(separator: String) -> StyledText {
        var result = StyledText()
        var first = true
        for text in self {
            if !first { result.append(separator) }
            first = false
            result.append(text)
        }
        return result
    }
}

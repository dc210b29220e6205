/// "Did you mean …?" for misspelt names: the candidate nearest by edit distance, if near enough.
public enum Suggestion {
    /// The candidate `word` most likely stands for, compared ignoring case: the only one it
    /// abbreviates, else the nearest by edit distance when at most a third of its letters (and
    /// at least one) must change — "dne" → "done", but not "x" → "add". Ties go to the earlier
    /// candidate.
    public static func nearest<C: Collection>(to word: String, in candidates: C) -> String? where C.Element == String {
        let typed = word.lowercased()
        guard !typed.isEmpty else { return nil }
        let extensions = candidates.filter { $0.lowercased().hasPrefix(typed) }
        if extensions.count == 1 { return extensions.first }
        let length = typed.count
        // Edit distance is quadratic: a name longer than any a person misspells (a pasted
        // megabyte, say) gets only the prefix match above.
        guard length <= maximumComparedLength else { return nil }
        let limit = Swift.max(1, length / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            // The distance is at least the difference in length: skip the quadratic work for
            // a word that cannot be near (a pasted name of a million letters, say).
            if Swift.abs(length - candidate.count) > limit { continue }
            let distance = editDistance(typed, candidate.lowercased())
            // A distance of a whole word is no likeness: 'x' is not a misspelt 'e'.
            if distance <= limit && distance < length && distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// The longest word compared by edit distance, in characters.
    public static let maximumComparedLength = 64

    /// Levenshtein distance, with adjacent transpositions counting one.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousRow = Array(0...b.count)
        var beforePrevious = previousRow
        var row = previousRow
        for i in 1...a.count {
            row[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                row[j] = Swift.min(previousRow[j] + 1, row[j - 1] + 1, previousRow[j - 1] + cost)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    row[j] = Swift.min(row[j], beforePrevious[j - 2] + 1)
                }
            }
            beforePrevious = previousRow
            previousRow = row
        }
        return previousRow[b.count]
    }
}

/// "Did you mean …?": the known word closest to a mistyped one.
enum Suggestion {
    /// The candidate `word` most likely stands for: the only one it abbreviates, or the nearest
    /// by edit distance when that is small for the word's length. Compared ignoring case.
    static func closest(to word: String, among candidates: [String]) -> String? {
        let typed = word.lowercased()
        guard !typed.isEmpty else { return nil }
        let extensions = candidates.filter { $0.lowercased().hasPrefix(typed) }
        if extensions.count == 1 { return extensions[0] }
        // One edit per three characters, at least one: "dne" → "done", but not "x" → "add".
        let allowed = Swift.max(1, typed.count / 3)
        let scored = candidates.map { (candidate: $0, distance: editDistance(typed, $0.lowercased())) }
        guard let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= allowed else { return nil }
        return best.candidate
    }

    /// Levenshtein distance counted in characters, with an adjacent swap as one edit.
    static func editDistance(_ first: String, _ second: String) -> Int {
        let a = Array(first)
        let b = Array(second)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = Swift.min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}

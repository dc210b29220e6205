import TallyDiagnostics

extension UnitTable {
    /// The units a person may have meant by the unknown unit name `name`, best first, at most
    /// `limit`: "did you mean 'miles'?" for `mlies`, "'km'" for `Km`.
    ///
    /// Units keep their letter case (`mW` is not `MW`), so a name that differs from known
    /// names only in case (or in full-width letters) gets exactly those names, every one of
    /// them (`mw` → `mW`, `MW`). Otherwise the candidates are the names nearest by edit
    /// distance (a transposition counts one), when at most a third of the letters, and at
    /// least one, must change; among equals a unit's symbol comes before its other
    /// spellings, then the order of the table. A known name, an empty one, or one longer
    /// than any a person misspells gets none.
    public static func suggestions(for name: String, limit: Int = 3) -> [String] {
        guard !name.isEmpty, unit(named: name) == nil, limit > 0 else { return [] }
        let key = folded(name)
        if let sameLetters = namesByFoldedSpelling[key] {
            return Array(sameLetters.prefix(limit))
        }
        let length = key.count
        guard length <= Suggestion.maximumComparedLength else { return [] }
        let allowed = Swift.max(1, length / 3)
        var ranked: [(name: String, distance: Int, rank: Int)] = []
        for (rank, candidate) in spellingsInOrder.enumerated() {
            let candidateKey = folded(candidate)
            // The distance is at least the difference in length.
            if Swift.abs(candidateKey.count - length) > allowed { continue }
            let distance = Suggestion.editDistance(key, candidateKey)
            // A distance of a whole name is no likeness: 'x' is not a misspelt 'g'.
            guard distance <= allowed, distance < length else { continue }
            ranked.append((candidate, distance, rank))
        }
        ranked.sort { ($0.distance, $0.rank) < ($1.distance, $1.rank) }
        var seen = Set<String>()
        var result: [String] = []
        for entry in ranked where seen.insert(entry.name).inserted {
            result.append(entry.name)
            if result.count == limit { break }
        }
        return result
    }

    /// Every spelling, each unit's symbol first and then its other spellings, in table order:
    /// the order suggestions prefer among names equally near.
    static let spellingsInOrder: [String] = {
        var symbols: [String] = []
        var others: [String] = []
        for entry in entries {
            symbols.append(entry.unit.symbol)
            others.append(contentsOf: entry.aliases)
        }
        var seen = Set<String>()
        return (symbols + others).filter { seen.insert($0).inserted }
    }()

    /// The spellings that read the same once case and width are set aside (`mw`: `mW`, `MW`),
    /// in the order of ``spellingsInOrder``.
    static let namesByFoldedSpelling: [String: [String]] = {
        var table: [String: [String]] = [:]
        for spelling in spellingsInOrder { table[folded(spelling), default: []].append(spelling) }
        return table
    }()
}

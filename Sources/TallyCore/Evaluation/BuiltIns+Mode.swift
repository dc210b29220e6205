import TallyDiagnostics

/// `mode`: the most frequent value, in n log n steps, with equality decided as every other
/// decision is: exactly for rationals and for reals of the same formula, from the bounds
/// otherwise, and "cannot decide" when the bounds cannot separate two values within the budget.
extension BuiltIns {
    /// One distinct value among the arguments: how often it occurs and where it first does.
    private struct Group {
        let value: Value
        var count: Int
        var first: Int
        /// An interval around the value, for the sweep that finds values close enough to compare.
        var interval: Interval?

        var isNumber: Bool { value.number != nil }
    }

    static func mode(_ call: FunctionCall) throws(Diagnostic) -> Value {
        var groups: [Group] = []
        // Rationals and exact reals (`√2`, `π/6`) are grouped by their exact form; a real
        // computed by functions (`sin(1)`) by its identity, before the bounds are consulted.
        var numberIndex: [Number: Int] = [:]
        var combinationIndex: [Combination: Int] = [:]
        var realIndex: [ObjectIdentifier: Int] = [:]
        for (position, argument) in call.arguments.enumerated() {
            let index: Int?
            switch argument.kind {
            case .number(let number):
                index = numberIndex[number]
                if index == nil { numberIndex[number] = groups.count }
            case .real(let real):
                if let combination = real.combination {
                    index = combinationIndex[combination]
                    if index == nil { combinationIndex[combination] = groups.count }
                } else {
                    index = realIndex[ObjectIdentifier(real)]
                    if index == nil { realIndex[ObjectIdentifier(real)] = groups.count }
                }
            case .truth, .quantity, .calendar: preconditionFailure(FunctionCall.plainArguments)
            }
            if let index {
                groups[index].count += 1
            } else {
                groups.append(Group(value: argument, count: 1, first: position))
            }
        }
        if groups.count > numberIndex.count { try mergeEqualReals(&groups, call) }
        var best = groups[0]
        for group in groups.dropFirst()
        where group.count > best.count || (group.count == best.count && group.first < best.first) {
            best = group
        }
        return best.value
    }

    /// Merges groups whose values are equal though their forms differ (`sqrt(2)` and
    /// `sqrt(2)` computed twice, `2^(1/2)`): the groups are swept in the order of their lower
    /// bounds, and only groups whose bounds overlap are compared, each with the groups found
    /// distinct so far in its cluster.
    private static func mergeEqualReals(_ groups: inout [Group], _ call: FunctionCall) throws(Diagnostic) {
        Interval.prepareExponentRange()
        var steps = Double(groups.count)
        steps *= Double(groups.count.bitWidth - groups.count.leadingZeroBitCount)
        try call.settings.chargeWork(steps, at: call.span)
        var bounded: [Int] = []
        var unbounded: [Int] = []
        for index in groups.indices {
            let interval: Interval
            switch groups[index].value.kind {
            case .number(let number): interval = Interval(number, precision: 64)
            case .real(let real): interval = real.interval(precision: 64)
            case .truth, .quantity, .calendar: preconditionFailure(FunctionCall.plainArguments)
            }
            groups[index].interval = interval
            if interval.isFinite { bounded.append(index) } else { unbounded.append(index) }
        }
        bounded.sort { groups[$0].interval!.compareLowerEndpoints(with: groups[$1].interval!) < 0 }
        var clusters: [[Int]] = []
        var highest: Interval?
        for index in bounded {
            let interval = groups[index].interval!
            if let top = highest, !top.isEntirelyBelow(interval) {
                clusters[clusters.count - 1].append(index)
                if interval.compareUpperEndpoints(with: top) > 0 { highest = interval }
            } else {
                clusters.append([index])
                highest = interval
            }
        }
        // A value too large for the bounds at this precision is compared with every other.
        if !unbounded.isEmpty { clusters = [bounded + unbounded] }
        var merged = Array(repeating: false, count: groups.count)
        for cluster in clusters where cluster.count > 1 {
            var representatives: [Int] = []
            for index in cluster {
                var match: Int?
                for representative in representatives
                where !(groups[index].isNumber && groups[representative].isNumber) {
                    if try areEqual(groups[index].value, groups[representative].value, call) {
                        match = representative
                        break
                    }
                }
                if let match {
                    groups[match].count += groups[index].count
                    groups[match].first = Swift.min(groups[match].first, groups[index].first)
                    merged[index] = true
                } else {
                    representatives.append(index)
                }
            }
        }
        // The value shown is the first occurrence's, as for equal rationals.
        groups = groups.indices.filter { !merged[$0] }.map { groups[$0] }
        for index in groups.indices {
            groups[index] = Group(
                value: call.arguments[groups[index].first], count: groups[index].count, first: groups[index].first)
        }
    }

    /// Whether two values are equal: exactly when their forms say so, else from their bounds.
    private static func areEqual(_ a: Value, _ b: Value, _ call: FunctionCall) throws(Diagnostic) -> Bool {
        if case .real(let x) = a.kind, case .real(let y) = b.kind {
            var steps = 10_000
            if x.hasSameFormula(as: y, steps: &steps) { return true }
        }
        let difference = a - b
        switch difference.kind {
        case .number(let difference): return difference.isZero
        case .real(let difference):
            guard difference.sign(within: call.settings.budget) != nil else {
                if LineWork.mustStop { throw call.settings.workStopped(at: call.span) }
                throw Diagnostic.undecidable(
                    "whether two arguments are equal", "\(call.settings.briefly(a)) and \(call.settings.briefly(b))",
                    areWithin: call.settings.distanceText(.real(difference)), at: call.span)
            }
            return false
        case .truth, .quantity, .calendar: preconditionFailure(FunctionCall.plainArguments)
        }
    }
}

extension Real {
    /// Whether two reals are the same formula: the same exact form, or the same function of
    /// the same arguments (`sin(1)` typed twice). Looks at no more than `steps` nodes (a
    /// formula shared many times over could take exponentially long to walk); false when it
    /// runs out.
    func hasSameFormula(as other: Real, steps: inout Int) -> Bool {
        if self === other { return true }
        steps -= 1
        if steps < 0 { return false }
        switch (form, other.form) {
        case (.exact(let x), .exact(let y)): return x == y
        case (.apply(let f, let xs), .apply(let g, let ys)):
            guard f == g, xs.count == ys.count else { return false }
            for (x, y) in zip(xs, ys) where !x.hasSameFormula(as: y, steps: &steps) { return false }
            return true
        default: return false
        }
    }
}

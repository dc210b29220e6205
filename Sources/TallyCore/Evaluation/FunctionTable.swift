import TallyDiagnostics

/// The functions and constants a line can name: one entry each, with what `help functions`
/// shows and how to compute it. The parser, the evaluator, tab completion, "did you mean" and
/// `help functions` all read this table, so adding a built-in is adding one entry (see
/// ``BuiltIns``).
///
/// The table is a value: a session's evaluator holds one, so entries defined at run time (user
/// functions) can join the built-in ones.
public struct FunctionTable: Sendable {
    /// The entries in the order `help functions` lists them.
    public private(set) var entries: [FunctionEntry]
    private var indexByName: [String: Int]
    /// How many entries the table was made with: more now means functions were defined.
    private var initialCount = 0

    /// A table of `entries`; a later entry with the same name replaces an earlier one.
    public init(_ entries: [FunctionEntry]) {
        self.entries = []
        self.entries.reserveCapacity(entries.count)
        indexByName = [:]
        indexByName.reserveCapacity(entries.reduce(0) { $0 + 1 + $1.aliases.count })
        for entry in entries { define(entry) }
        initialCount = self.entries.count
    }

    /// Whether entries were defined after the table was made (user functions).
    public var hasDefinedEntries: Bool { entries.count > initialCount }

    /// The built-in functions and constants.
    public static let builtIn = FunctionTable(BuiltIns.all)

    /// Adds `entry`, or replaces the entry of the same name.
    public mutating func define(_ entry: FunctionEntry) {
        if let index = indexByName[entry.name] {
            entries[index] = entry
        } else {
            indexByName[entry.name] = entries.count
            entries.append(entry)
        }
        // Other calculators' names for it (`arcsin` for `asin`) find the same entry.
        for alias in entry.aliases { indexByName[alias] = indexByName[entry.name] }
    }

    /// Removes the entry named `name`; false when there is none.
    @discardableResult
    public mutating func remove(named name: String) -> Bool {
        guard let index = indexByName.removeValue(forKey: name) else { return false }
        entries.remove(at: index)
        indexByName = indexByName.filter { $0.value != index }
        for position in index..<entries.count {
            for name in [entries[position].name] + entries[position].aliases { indexByName[name] = position }
        }
        return true
    }

    /// The entry named `name`, if any.
    public func entry(named name: String) -> FunctionEntry? {
        indexByName[name].map { entries[$0] }
    }

    /// Where the entry named `name` is in ``entries``, if there is one.
    public func index(named name: String) -> Int? {
        indexByName[name]
    }

    /// Whether `name` is a function (called with parentheses).
    public func isFunction(_ name: String) -> Bool {
        entry(named: name)?.isFunction ?? false
    }

    /// The functions people defined, in the order they were first defined.
    public var userFunctions: [UserFunction] {
        entries.compactMap { entry in
            if case .user(let function) = entry.kind { return function }
            return nil
        }
    }

    /// Every name in the table, functions and constants, in table order.
    public var names: [String] { entries.map(\.name) }

    /// The names of the functions, for completion (which adds the `(`).
    public var functionNames: [String] { entries.filter(\.isFunction).map(\.name) }

    /// The names of the constants, for completion and suggestions.
    public var constantNames: [String] { entries.filter { !$0.isFunction }.map(\.name) }
}

/// One function or constant of a ``FunctionTable``.
public struct FunctionEntry: Sendable {
    /// What the entry is, and how to compute it.
    public enum Kind: Sendable {
        /// A function of its arguments, called as `name(…)`.
        case function(Arity, @Sendable (FunctionCall) throws(Diagnostic) -> Value)
        /// A named value, written without parentheses (`pi`); computed for the settings in
        /// force, so its precision follows them.
        case constant(@Sendable (EvaluationSettings) throws(Diagnostic) -> Value)
        /// A function defined in the session, `f(x) = x^2`.
        case user(UserFunction)
    }

    /// How a call's arguments are evaluated.
    public enum Evaluation: Sendable {
        /// Every argument, before the call.
        case eager
        /// The first argument, then only the one of the other two it picks (`if`): the parser
        /// compiles such a call to jumps.
        case conditional
    }

    public let name: String
    public let kind: Kind
    /// How a call's arguments are evaluated.
    public let evaluation: Evaluation
    /// Whether the argument is an angle: given an angle quantity (`30 deg`, `0.5 turn`), the
    /// function takes it in radians, exactly, whatever `set angle` says.
    public let takesAngle: Bool
    /// Whether the arguments may be dates and times (`weekday`, `age`): every other built-in
    /// refuses them before it is called.
    public let takesCalendarValues: Bool
    /// How a line that is one call of the function shows its value (`factor(360)` as
    /// `2^3 × 3^2 × 5`); nil to show it as any value.
    public let shownAs: ConversionTarget?
    /// Other names the entry answers to, as other calculators spell it (`arcsin` for `asin`);
    /// help and completion show the entry's own name.
    public let aliases: [String]
    /// How `help functions` writes a call: `round(x), round(x, places)`.
    public let usage: String
    /// One line for `help functions`: "nearest integer or multiple of 10^-places".
    public let summary: String

    public init(
        name: String, usage: String, summary: String, kind: Kind, evaluation: Evaluation = .eager,
        takesAngle: Bool = false, takesCalendarValues: Bool = false, shownAs: ConversionTarget? = nil,
        aliases: [String] = []
    ) {
        self.name = name
        self.aliases = aliases
        self.evaluation = evaluation
        self.takesAngle = takesAngle
        self.takesCalendarValues = takesCalendarValues
        self.shownAs = shownAs
        self.usage = usage
        self.summary = summary
        self.kind = kind
    }

    /// Whether the entry is called with parentheses.
    public var isFunction: Bool {
        switch kind {
        case .function, .user: return true
        case .constant: return false
        }
    }

    /// Whether the entry is built in rather than defined in the session.
    public var isBuiltIn: Bool {
        if case .user = kind { return false }
        return true
    }
}

/// How many arguments a function accepts.
public enum Arity: Sendable {
    case exactly(Int)
    case range(ClosedRange<Int>)
    case atLeast(Int)

    /// Whether `count` arguments are acceptable.
    /// Whether it takes any number of arguments from some count on (`max`, `sum`).
    public var isVariadic: Bool {
        if case .atLeast = self { return true }
        return false
    }

    public func accepts(_ count: Int) -> Bool {
        switch self {
        case .exactly(let n): return count == n
        case .range(let range): return range.contains(count)
        case .atLeast(let n): return count >= n
        }
    }

    /// Throws the error for a call of `name` (spanning `span`) with `count` arguments, when
    /// that is not a number it accepts.
    func check(_ count: Int, calling name: @autoclosure () -> String, at span: SourceSpan) throws(Diagnostic) {
        if accepts(count) { return }
        throw Diagnostic.wrongArgumentCount(name(), takes: description, given: count, at: span)
    }

    /// "1 argument", "1 or 2 arguments", "at least 1 argument".
    public var description: String {
        switch self {
        case .exactly(let n): return n == 1 ? "1 argument" : "\(n) arguments"
        case .range(let range): return "\(range.lowerBound) or \(range.upperBound) arguments"
        case .atLeast(let n): return n == 1 ? "at least 1 argument" : "at least \(n) arguments"
        }
    }
}

/// One call of a function, as its implementation sees it: the evaluated arguments with the
/// spans they came from, where the call stands, and the settings in force.
///
/// The arguments are read in place, where the evaluator's stack holds them, so a call makes no
/// array: a call, and the views of its arguments, are valid only while the implementation runs
/// (no implementation keeps one).
public struct FunctionCall {
    /// Why built-in functions never see a quantity: the evaluator refuses one before the call.
    static let plainArguments = "built-in functions take plain numbers (Evaluator.call checks)"

    public let name: String
    public let arguments: CallArguments
    /// From the function's name to the closing parenthesis.
    public let span: SourceSpan
    /// The settings in force, with their size checks.
    public let settings: EvaluationSettings

    /// The source of each argument, for errors about one of them.
    public var argumentSpans: CallArgumentSpans { arguments.spans }
}

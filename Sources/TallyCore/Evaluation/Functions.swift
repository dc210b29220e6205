/// The built-in functions: their names, how many arguments each takes, and a line of help.
public enum Functions {
    /// How many arguments a function accepts.
    public enum Arity: Sendable {
        case exactly(Int)
        case range(ClosedRange<Int>)
        case atLeast(Int)

        func accepts(_ count: Int) -> Bool {
            switch self {
            case .exactly(let n): return count == n
            case .range(let range): return range.contains(count)
            case .atLeast(let n): return count >= n
            }
        }

        var description: String {
            switch self {
            case .exactly(let n): return n == 1 ? "1 argument" : "\(n) arguments"
            case .range(let range): return "\(range.lowerBound) or \(range.upperBound) arguments"
            case .atLeast(let n): return n == 1 ? "at least 1 argument" : "at least \(n) arguments"
            }
        }
    }

    /// One function's signature and summary.
    public struct Signature: Sendable {
        public let name: String
        public let arity: Arity
        public let usage: String
        public let summary: String
    }

    /// Every built-in function, in the order `help functions` lists them.
    public static let all: [Signature] = [
        Signature(name: "abs", arity: .exactly(1), usage: "abs(x)", summary: "absolute value"),
        Signature(
            name: "sqrt", arity: .exactly(1), usage: "sqrt(x)", summary: "square root; exact when x is a perfect square"
        ),
        Signature(name: "cbrt", arity: .exactly(1), usage: "cbrt(x)", summary: "cube root; negative x allowed"),
        Signature(
            name: "root", arity: .exactly(2), usage: "root(x, n)", summary: "n-th root; negative x allowed for odd n"),
        Signature(
            name: "round", arity: .range(1...2), usage: "round(x), round(x, places)",
            summary: "nearest integer or multiple of 10^-places, ties away from zero"),
        Signature(name: "floor", arity: .exactly(1), usage: "floor(x)", summary: "largest integer not above x"),
        Signature(name: "ceil", arity: .exactly(1), usage: "ceil(x)", summary: "smallest integer not below x"),
        Signature(name: "trunc", arity: .exactly(1), usage: "trunc(x)", summary: "integer part, toward zero"),
        Signature(name: "min", arity: .atLeast(1), usage: "min(a, b, ...)", summary: "smallest argument"),
        Signature(name: "max", arity: .atLeast(1), usage: "max(a, b, ...)", summary: "largest argument"),
        Signature(
            name: "gcd", arity: .atLeast(1), usage: "gcd(a, b, ...)", summary: "greatest common divisor of integers"),
        Signature(
            name: "lcm", arity: .atLeast(1), usage: "lcm(a, b, ...)", summary: "least common multiple of integers"),
    ]

    /// The function names.
    public static let names: [String] = all.map(\.name)

    /// Whether `name` is a built-in function.
    public static func isBuiltIn(_ name: String) -> Bool { signature(of: name) != nil }

    /// The signature of `name`, if it is a built-in function.
    public static func signature(of name: String) -> Signature? {
        all.first { $0.name == name }
    }
}

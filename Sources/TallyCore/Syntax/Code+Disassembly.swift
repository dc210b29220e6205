import TallyDiagnostics

extension Code {
    /// The instructions as postfix text, one word each, for tests and debugging:
    /// `2^3^2` is `2 3 2 ^ ^`, `-x!` is `x ! neg`, `(1+2)*3` is `1 2 + () 3 *`, and
    /// `max(1, 2)` is `check:max/2 1 2 call:max/2` (the call is checked before its arguments run),
    /// `5 ft 9 in` is `5 [ft] 9 [in] +`,
    /// `1 < x < 3` is `1 x <?@5 3 < span`, `a and b` is `a and?@3 b truth`, and
    /// `if(c, 1, 2)` is `c unless@4 1 jump@5 2 span` (jump targets are instruction indexes).
    public var disassembled: String {
        instructions.map(word).joined(separator: " ")
    }

    private func word(_ instruction: Instruction) -> String {
        switch instruction {
        case .integer(let value, _):
            return String(value)
        case .unsigned(let value, _):
            return String(value)
        case .smallDecimal(let significand, let exponent, _):
            return Number(significand: significand, decimalPlaces: -exponent)
                .formatted(significantDigits: 40).text
        case .calendar(let value, _):
            return value.text
        case .literal(let index, _):
            switch literals[index] {
            case .digits(let digits, let radix):
                return radix == 10 ? digits : "\(digits)_base\(radix)"
            case .decimal(let significand, let exponent):
                return "\(significand)e\(exponent)"
            case .repeating(let digits, let fractionDigits, let repeatingDigits, let exponent):
                return "\(digits)/f\(fractionDigits)r\(repeatingDigits)e\(exponent)"
            }
        case .name(let index, _):
            return names[index]
        case .group:
            return "()"
        case .prefix(let operation, _):
            switch operation {
            case .negate: return "neg"
            case .plus: return "pos"
            case .not: return "not"
            case .complement: return "~"
            }
        case .postfix(let operation, _):
            return operation.rawValue
        case .binary(let operation, _):
            return operation.rawValue
        case .powerModulo:
            return "^%"
        case .checkCall(let index):
            return "check:\(calls[index].name)/\(calls[index].argumentCount)"
        case .call(.builtIn(let function), let argumentCount, _):
            return "call:\(FunctionTable.builtIn.entries[Int(function)].name)/\(argumentCount)"
        case .call(.named(let index), let argumentCount, _):
            return "call:\(calls[Int(index)].name)/\(argumentCount)"
        case .unit(let index, _):
            return "[\(units[index].text)]"
        case .namedUnit(let single, _):
            return "[\(UnitTable.singles[single].text)]"
        case .parameter(let index, _):
            return "$\(index)"
        case .compare(let comparison, _):
            return comparison.rawValue
        case .compareOrJump(let comparison, _, let target):
            return "\(comparison.rawValue)?@\(target)"
        case .testOrJump(let operation, let target):
            return "\(operation.rawValue)?@\(target)"
        case .requireTruth:
            return "truth"
        case .jumpUnless(let target):
            return "unless@\(target)"
        case .jump(let target):
            return "jump@\(target)"
        case .setSpan:
            return "span"
        case .series(let index, _):
            return "series#\(index)"
        }
    }
}

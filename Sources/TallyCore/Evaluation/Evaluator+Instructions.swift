import TallyDiagnostics

/// The instructions of the evaluation loop (``Evaluator/run(_:from:base:on:calls:requestsAtStart:)``),
/// one `switch` over ``Instruction``: what each does to the operand stack.
extension Evaluator {
    /// `x op y` for the two operands on top, which ``OperandStack/topMachineWordPair()`` read
    /// as `x` and `y`: the everyday binary operation, with no reference counting.
    @inline(__always)
    func applyMachineWords(
        _ operation: BinaryOperator, _ x: Number, _ y: Number, operatorSpan: SourceSpan, on stack: inout OperandStack
    ) throws(Diagnostic) {
        let leftSpan = stack[stack.count - 2].span
        let rightSpan = stack[stack.count - 1].span
        let span = leftSpan.union(rightSpan)
        stack.dropMachineWordPair()
        let value = try apply(
            operation, x, y, leftSpan: leftSpan, rightSpan: rightSpan, operatorSpan: operatorSpan, span: span)
        stack.replaceRemoved(with: Operand(value: value, span: span))
    }

    /// The instructions that read one of the code's tables (a long literal, a name, a unit):
    /// out of line, so that ``execute(_:of:on:index:base:calls:)`` stays small enough to inline into
    /// the evaluation loop.
    @inline(never)
    func executeTableInstruction(_ instruction: Instruction, of code: Code, on stack: inout OperandStack)
        throws(Diagnostic)
    {
        switch instruction {
        case .literal(let literal, let span):
            stack.append(Operand(value: .number(try value(of: code.literals[literal], at: span)), span: span))
        case .name(let name, let span):
            stack.append(
                Operand(
                    value: try lookUp(
                        code.names[name], at: span, isTheLine: span == code.span,
                        startsTheLine: span.start == code.span.start),
                    span: span))
        case .unit(let unitIndex, let span):
            let operand = stack.removeLast()
            let value = try quantity(operand, in: code.units[unitIndex], unitSpan: span)
            stack.replaceRemoved(with: Operand(value: value, span: operand.span.union(span)))
        case .namedUnit(let single, let span):
            let operand = stack.removeLast()
            let value = try quantity(operand, in: UnitTable.singles[single], unitSpan: span)
            stack.replaceRemoved(with: Operand(value: value, span: operand.span.union(span)))
        default:
            preconditionFailure("not an instruction that reads a table")
        }
    }

    /// Runs one instruction other than a call; jumps move `index`, parameters are read from the
    /// frame whose arguments start at `base`, and a body's check of a call reads the calls in
    /// progress.
    @inline(__always)
    func execute(
        _ instruction: Instruction, of code: borrowing Code, on stack: inout OperandStack, index: inout Int, base: Int,
        calls: inout CallStack
    ) throws(Diagnostic) {
        switch instruction {
        case .integer(let value, let span):
            stack.append(Operand(value: .number(Number(value)), span: span))
        case .smallDecimal(let significand, let exponent, let span):
            let value = Number(significand: significand, decimalPlaces: -exponent)
            stack.append(Operand(value: .number(value), span: span))
        case .unsigned(let value, let span):
            // The size check a long literal passes: its digits (no `_` in a plain one).
            try settings.checkSize(Double(span.end - span.start), at: span)
            stack.append(Operand(value: .number(Number(value)), span: span))
        case .literal, .name, .unit, .namedUnit:
            try executeTableInstruction(instruction, of: code, on: &stack)
        case .checkCall(let site):
            try checkCall(site, in: code, calls: &calls)
        case .calendar(let value, let span):
            stack.append(Operand(value: .calendar(value), span: span))
        case .group(let span), .setSpan(let span):
            stack.setTopSpan(span)
        case .prefix(let operation, let operatorSpan):
            let operand = stack.removeLast()
            let value = try apply(operation, operand.value, operandSpan: operand.span)
            stack.replaceRemoved(with: Operand(value: value, span: operatorSpan.union(operand.span)))
        case .postfix(let operation, let operatorSpan):
            let operand = stack.removeLast()
            let span = operand.span.union(operatorSpan)
            let value = try apply(operation, operand.value, operandSpan: operand.span, span: span)
            stack.replaceRemoved(with: Operand(value: value, span: span))
        case .binary(let operation, let operatorSpan):
            if let (x, y) = stack.topMachineWordPair() {
                try applyMachineWords(operation, x, y, operatorSpan: operatorSpan, on: &stack)
                return
            }
            let rhs = stack.removeLast()
            let lhs = stack.removeLast()
            let span = lhs.span.union(rhs.span)
            let value: Value
            // Two exact rationals, the everyday case, without a detour through the operands.
            if case .number(let x) = lhs.value.kind, case .number(let y) = rhs.value.kind {
                value = try apply(
                    operation, x, y, leftSpan: lhs.span, rightSpan: rhs.span, operatorSpan: operatorSpan, span: span)
            } else if lhs.value.isCalendar || rhs.value.isCalendar {
                value = try applyCalendar(operation, lhs, rhs, operatorSpan: operatorSpan)
            } else if lhs.value.isQuantity || rhs.value.isQuantity {
                value = try applyQuantity(operation, lhs, rhs, operatorSpan: operatorSpan)
            } else {
                value = try applyReal(operation, lhs, rhs, operatorSpan: operatorSpan)
            }
            stack.replaceRemoved(with: Operand(value: value, span: span))
        case .powerModulo(let powerSpan, let operatorSpan):
            try powerModulo(on: &stack, powerSpan: powerSpan, operatorSpan: operatorSpan)
        case .parameter(let position, let span):
            stack.append(Operand(value: stack[base + position].value, span: span))
        case .compare(let comparison, let operatorSpan):
            if let (x, y) = stack.topMachineWordPair() {
                // Two machine-word numbers, the everyday comparison: nothing to release.
                let span = stack[stack.count - 2].span.union(stack[stack.count - 1].span)
                stack.dropMachineWordPair()
                let holds = comparison.holds(forOrder: Number.compare(x, y))
                stack.replaceRemoved(with: Operand(value: .truth(holds), span: span))
                return
            }
            let rhs = stack.removeLast()
            let lhs = stack.removeLast()
            let holds = try compare(comparison, lhs, rhs, operatorSpan: operatorSpan)
            stack.replaceRemoved(with: Operand(value: .truth(holds), span: lhs.span.union(rhs.span)))
        case .compareOrJump(let comparison, let operatorSpan, let target):
            if let (x, y) = stack.topMachineWordPair() {
                let leftSpan = stack[stack.count - 2].span
                let right = stack[stack.count - 1]
                stack.dropMachineWordPair()
                if comparison.holds(forOrder: Number.compare(x, y)) {
                    stack.replaceRemoved(with: right)
                } else {
                    stack.replaceRemoved(with: Operand(value: .truth(false), span: leftSpan.union(right.span)))
                    index = target
                }
                return
            }
            let rhs = stack.removeLast()
            let lhs = stack.removeLast()
            if try compare(comparison, lhs, rhs, operatorSpan: operatorSpan) {
                stack.replaceRemoved(with: rhs)
            } else {
                stack.replaceRemoved(with: Operand(value: .truth(false), span: lhs.span.union(rhs.span)))
                index = target
            }
        case .testOrJump(let operation, let target):
            let top = stack[stack.count - 1]
            guard case .truth(let holds) = top.value.kind else { throw Diagnostic.expectedTruth(at: top.span) }
            if holds == (operation == .or) {
                index = target
            } else {
                _ = stack.removeLast()
            }
        case .requireTruth(let span):
            let top = stack[stack.count - 1]
            guard top.value.isTruth else { throw Diagnostic.expectedTruth(at: top.span) }
            stack.setTopSpan(span)
        case .jumpUnless(let target):
            let condition = stack.removeLast()
            guard case .truth(let holds) = condition.value.kind else {
                throw Diagnostic.expectedTruth(at: condition.span)
            }
            if !holds { index = target }
        case .jump(let target):
            index = target
        case .series(let index, let span):
            try runSeries(code.series[index], span: span, on: &stack, base: base)
        case .call:
            preconditionFailure("calls are run by the loop")
        }
    }

    /// `a^b % m` on the three values on top of the stack; out of line, as it is rare.
    @inline(never)
    func powerModulo(on stack: inout OperandStack, powerSpan: SourceSpan, operatorSpan: SourceSpan)
        throws(Diagnostic)
    {
        let modulus = stack.removeLast()
        let exponent = stack.removeLast()
        let base = stack.removeLast()
        let value = try powerModulo(base, exponent, modulus, powerSpan: powerSpan, operatorSpan: operatorSpan)
        stack.append(Operand(value: value, span: base.span.union(modulus.span)))
    }
}

import Glibc
import TallyDiagnostics

// The evaluator's one file of pointer code: its operand stack, in scratch memory on the machine
// stack, and the views of a call's arguments read in place on it. Everything else in the
// evaluator reads the stack through these types' methods.

extension Evaluator {
    /// A value on the evaluation stack, with the source it came from.
    struct Operand {
        var value: Value
        var span: SourceSpan
    }

    /// A stack of operands, in scratch memory lent by the caller until it outgrows it (calls of
    /// user functions push their arguments), then on the heap. Whoever creates it calls
    /// `removeAll()`.
    struct OperandStack {
        private(set) var storage: UnsafeMutablePointer<Operand>
        private var capacity: Int
        private var ownsStorage = false
        private(set) var count = 0

        /// A stack in `buffer`, scratch memory lent for the length of one evaluation (the
        /// evaluator's `withUnsafeTemporaryAllocation`, which never touches the memory itself).
        init(borrowing buffer: UnsafeMutableBufferPointer<Operand>) {
            storage = buffer.baseAddress ?? UnsafeMutablePointer<Operand>.allocate(capacity: 0)
            capacity = buffer.count
            ownsStorage = buffer.baseAddress == nil
        }

        @inline(__always)
        mutating func append(_ operand: Operand) {
            if count == capacity { grow() }
            (storage + count).initialize(to: operand)
            count += 1
        }

        /// Pushes `operand` where an operand was just removed, which needs no room check.
        @inline(__always)
        mutating func replaceRemoved(with operand: Operand) {
            (storage + count).initialize(to: operand)
            count += 1
        }

        @inline(never)
        private mutating func grow() {
            let larger = Swift.max(2 * capacity, 64)
            let moved = UnsafeMutablePointer<Operand>.allocate(capacity: larger)
            moved.moveInitialize(from: storage, count: count)
            if ownsStorage { storage.deallocate() }
            storage = moved
            capacity = larger
            ownsStorage = true
        }

        @inline(__always)
        mutating func removeLast() -> Operand {
            count -= 1
            return (storage + count).move()
        }

        /// The two values on top when both are exact rationals in machine words, read without
        /// touching reference counts: the everyday binary operation.
        @inline(__always)
        func topMachineWordPair() -> (Number, Number)? {
            guard count >= 2, let y = storage[count - 1].value.machineWordNumber,
                let x = storage[count - 2].value.machineWordNumber
            else { return nil }
            return (x, y)
        }

        /// Drops the two operands on top, which ``topMachineWordPair()`` found to hold machine
        /// words only: nothing to release.
        @inline(__always)
        mutating func dropMachineWordPair() {
            count -= 2
        }

        /// The values of the top `n` operands, a call's arguments, read in place: valid until
        /// the stack next changes (the call's implementation runs before that, and keeps none).
        func arguments(_ n: Int) -> CallArguments {
            CallArguments(operands: UnsafeBufferPointer(start: storage + (count - n), count: n))
        }

        /// Gives the operand at `index` from the bottom a new value (an argument converted in
        /// place: an angle in radians).
        mutating func setValue(_ value: Value, at index: Int) {
            storage[index].value = value
        }

        /// The operand at `index` from the bottom.
        @inline(__always)
        subscript(index: Int) -> Operand { storage[index] }

        @inline(__always)
        mutating func setTopSpan(_ span: SourceSpan) {
            storage[count - 1].span = span
        }

        /// Drops the operands above the first `newCount`.
        mutating func truncate(to newCount: Int) {
            if count > newCount { (storage + newCount).deinitialize(count: count - newCount) }
            count = newCount
        }

        /// Empties the stack and frees what it allocated: the lender calls it before the scratch
        /// memory goes.
        mutating func removeAll() {
            truncate(to: 0)
            if ownsStorage { storage.deallocate() }
            ownsStorage = false
            capacity = 0
        }
    }
}

/// The values of a call's arguments, in order, read where the evaluator's stack holds them: a
/// view for the length of one call (``FunctionCall``), made only by the stack.
public struct CallArguments: RandomAccessCollection {
    fileprivate let operands: UnsafeBufferPointer<Evaluator.Operand>

    fileprivate init(operands: UnsafeBufferPointer<Evaluator.Operand>) {
        self.operands = operands
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { operands.count }
    public subscript(position: Int) -> Value { operands[position].value }

    /// The spans of the same arguments.
    var spans: CallArgumentSpans { CallArgumentSpans(operands: operands) }
}

/// The spans of a call's arguments, in order: where each came from in the line.
public struct CallArgumentSpans: RandomAccessCollection {
    fileprivate let operands: UnsafeBufferPointer<Evaluator.Operand>

    public var startIndex: Int { 0 }
    public var endIndex: Int { operands.count }
    public subscript(position: Int) -> SourceSpan { operands[position].span }
}

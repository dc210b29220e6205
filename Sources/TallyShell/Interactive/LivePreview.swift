import Glibc
import Synchronization
import TallyCore
import TallyDiagnostics

/// The value of the line being typed, worked out on a thread of its own so that no key ever
/// waits for it.
///
/// Each request runs the line on a copy of the session's evaluator, so a preview can never
/// change a variable, `ans` or a setting; lines that would have side effects elsewhere (command
/// words: `habit`, `bmi`, `set`, …) are never run, and assignments and definitions show
/// nothing. A preview is stopped once it has taken longer than ``budget`` (the line reader asks,
/// ``stopIfOverBudget()``), or once the line it is for has changed, been erased or entered
/// (``cancel()``): through its own ``Interruption``, which every loop, size check and forked
/// library call of the evaluator watches, so its thread and any child process end too. Its
/// digits are held to ``maximumDigits``. One line is worked on at a time: a request made while
/// the worker is busy waits, replaced by any later one.
///
/// Why `@unchecked Sendable` is sound: every stored property is a `let`, and the two that
/// change (the request state and the evaluator) are each behind a `Mutex`; the descriptors are
/// plain integers, written to with `write(2)`, which is thread-safe.
final class LivePreview: @unchecked Sendable {
    /// What a line's preview is: its value as the session would show it, "…" for a line that
    /// is not finished yet, or nothing.
    struct Result: Sendable, Equatable {
        let line: [UInt8]
        let text: String?
    }

    /// The longest a preview may take; a line slower than this is not previewed.
    static let budget: Double = 0.020
    /// The most digits a previewed value may have (the size budget).
    static let maximumDigits = 2_000

    /// The descriptor that becomes readable when a result is ready (the line reader waits on it
    /// beside the terminal).
    let wakeDescriptor: Int32
    private let wakeWriter: Int32
    private let state = Mutex<State>(State())
    /// The evaluator that previews start from: the session as it was at the prompt.
    private let evaluator: Mutex<Evaluator?> = Mutex(nil)
    private let style: Session.Style

    private struct State {
        var busy = false
        var pending: [UInt8]?
        var ready: Result?
        /// The stop flag of the preview being worked out, until it ends.
        var running: Interruption?
        /// When that preview began (``now()``).
        var startedAt: Double = 0
        /// Whether it has been asked to stop. A request that comes before its line's work has
        /// begun is not seen by it (work watches for requests made after it began), so the
        /// request is repeated until the preview ends.
        var stopping = false

        mutating func stopRunning() {
            guard let running else { return }
            running.request()
            stopping = true
        }
    }

    /// How often a preview asked to stop is asked again until it ends.
    static let stopRepeat = 0.010

    init?(style: Session.Style) {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { return nil }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }
        wakeDescriptor = descriptors[0]
        wakeWriter = descriptors[1]
        self.style = style
    }

    deinit {
        close(wakeDescriptor)
        close(wakeWriter)
    }

    /// Previews from now on start from `evaluator` (taken between lines).
    func use(_ evaluator: Evaluator) {
        var evaluator = evaluator
        evaluator.settings.maxDigits = min(evaluator.settings.maxDigits, Self.maximumDigits)
        evaluator.settings.digits = min(evaluator.settings.digits, evaluator.settings.maxDigits)
        self.evaluator.withLock { $0 = evaluator }
    }

    /// Asks for the preview of `line`, stopping one for another line; the answer comes through
    /// ``takeResult()``.
    func request(_ line: [UInt8]) {
        let startNow = state.withLock { state -> Bool in
            if state.busy {
                state.pending = line
                state.stopRunning()
                return false
            }
            // A line that waited while an earlier preview ran is out of date now.
            state.pending = nil
            state.busy = true
            return true
        }
        if startNow { start(line) }
    }

    /// Stops the preview being worked out and forgets the waiting one: the line is gone.
    func cancel() {
        state.withLock { state in
            state.pending = nil
            state.stopRunning()
        }
    }

    /// How long the line reader may wait for keys before it calls ``stopIfOverBudget()``, in
    /// microseconds: the running preview's budget left, or the time until a stop is repeated;
    /// nil when no preview is running.
    var microsecondsLeft: Int? {
        state.withLock { state in
            guard state.running != nil else { return nil }
            let left = state.stopping ? Self.stopRepeat : Self.budget - (Self.now() - state.startedAt)
            return max(0, Int(left * 1e6)) + 1
        }
    }

    /// Stops the running preview when it has taken longer than its budget, and asks again one
    /// that was asked to stop.
    func stopIfOverBudget() {
        state.withLock { state in
            guard state.running != nil, state.stopping || Self.now() - state.startedAt > Self.budget else { return }
            state.stopRunning()
        }
    }

    /// The result that woke the reader, if any; starts the next waiting request.
    func takeResult() -> Result? {
        var byte: UInt8 = 0
        while read(wakeDescriptor, &byte, 1) == 1 {}
        let (result, next) = state.withLock { state -> (Result?, [UInt8]?) in
            let result = state.ready
            state.ready = nil
            if !state.busy, let pending = state.pending {
                state.pending = nil
                state.busy = true
                return (result, pending)
            }
            return (result, nil)
        }
        if let next { start(next) }
        return result
    }

    private func start(_ line: [UInt8]) {
        let stop = Interruption()
        guard let evaluator = evaluator.withLock({ $0?.watching(stop) }) else {
            finish(Result(line: line, text: nil))
            return
        }
        state.withLock { state in
            state.running = stop
            state.startedAt = Self.now()
            state.stopping = false
        }
        let style = self.style
        let started = BackgroundWork.start { [self] in
            let began = Self.now()
            let text = Self.preview(line, on: evaluator, style: style)
            let slow = Self.now() - began > Self.budget
            self.finish(Result(line: line, text: slow ? nil : text))
        }
        if !started { finish(Result(line: line, text: nil)) }
    }

    private func finish(_ result: Result) {
        state.withLock { state in
            state.busy = false
            state.ready = result
            state.running = nil
            state.stopping = false
        }
        var byte: UInt8 = 1
        _ = write(wakeWriter, &byte, 1)
    }

    /// The preview's text for `line`: the session's own entry run on a copy of `evaluator`
    /// (``Session/preview(_:on:)``), shown by ``PreviewWriter``.
    static func preview(_ line: [UInt8], on evaluator: Evaluator, style: Session.Style) -> String? {
        guard !line.isEmpty, line.count <= 4096, line.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return nil }
        let outcome = line.withUnsafeBufferPointer { Session.preview($0, on: evaluator) }
        return PreviewWriter.text(for: outcome, lineBytes: line.count, formatter: evaluator.formatter)
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

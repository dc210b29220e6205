import CReadline
import Glibc
import TallyDiagnostics

/// Reads lines from the terminal with GNU readline: editing, history recall, Tab completion,
/// Ctrl-C on the prompt. The only type that calls readline; the rest of the shell sees strings.
///
/// It uses readline's callback interface around `pselect`, so that Ctrl-C (a flag set by
/// ``TerminalSignals``) is handled outside the signal handler, in the order readline's manual
/// gives. Readline is one per process, so its state lives in statics.
public final class LineReader {
    /// What a read produced.
    public enum Input: Equatable {
        /// A line as typed, without its newline.
        case line(String)
        /// Ctrl-C: the line was discarded.
        case interrupted
        /// Ctrl-D on an empty line, or the terminal went away; the cursor is at the start of a
        /// row.
        case end
    }

    /// Offers completions for a word typed after `prefix` (see ``Completer``).
    public typealias Completion = (_ word: String, _ prefix: String) -> Completer.Completion

    /// Sets readline up for `name` (the name `$if` tests in `~/.inputrc`).
    public init(name: String) {
        LineReader.useCharacterLocale()
        // Readline keeps these pointers: strdup gives them the life of the process.
        tally_rl_set_readline_name(strdup(name))
        tally_rl_set_completer_word_break_characters(strdup(" \t\n\"'`@$><=;|&{(+-*/^%,)!#"))
        tally_rl_set_completer_quote_characters(strdup("\"'"))
        // Signals are ours (TerminalSignals): readline's handlers would re-raise Ctrl-C.
        tally_rl_set_catch_signals(0, 0)
        tally_rl_set_attempted_completion_function(LineReader.attemptCompletion)
        LineReader.bindDefaultKeys()
        using_history()
    }

    /// Up and Down search the history for lines starting with the text before the cursor (all
    /// lines when there is none) and leave the cursor at the end of the line found; → and End
    /// take the suggestion; Enter clears what was drawn beside the line; a bracketed paste of
    /// several lines runs them in turn. Bound before readline reads `~/.inputrc`, so a binding
    /// there wins.
    private static func bindDefaultKeys() {
        for sequence in ["\u{1B}[A", "\u{1B}OA"] { tally_rl_bind_default(sequence, LineReader.searchBackward) }
        for sequence in ["\u{1B}[B", "\u{1B}OB"] { tally_rl_bind_default(sequence, LineReader.searchForward) }
        tally_rl_bind_default("\u{1B}[200~", LineReader.paste)
        for sequence in ["\u{1B}[C", "\u{1B}OC"] { tally_rl_bind_default(sequence, LineReader.forwardOrAccept) }
        for sequence in ["\u{1B}[F", "\u{1B}OF", "\u{1B}[4~", "\u{1B}[8~"] {
            tally_rl_bind_default(sequence, LineReader.endOrAccept)
        }
        for sequence in ["\r", "\n"] { tally_rl_bind_default(sequence, LineReader.newline) }
    }

    /// What is drawn beside the line being typed (suggestion, preview); nil draws nothing, as
    /// on a dumb terminal.
    var decorations: LineDecorations? {
        get { State.decorations }
        set {
            State.decorations = newValue
            if State.initialized { tally_rl_set_redisplay_function(newValue == nil ? nil : LineReader.redisplay) }
        }
    }

    /// What Tab offers; nil completes nothing.
    public var completion: Completion? {
        get { State.completion }
        set { State.completion = newValue }
    }

    /// Keeps at most `limit` lines for recall.
    public func limitHistory(to limit: Int) {
        stifle_history(Int32(clamping: limit))
    }

    /// Adds lines for Up-arrow and Ctrl-R, oldest first.
    public func addToHistory(_ lines: [String]) {
        for line in lines { add_history(line) }
        State.decorations?.remember(lines)
    }

    /// Reads one line after `prompt`.
    public func read(prompt: String) -> Input {
        var watched = TerminalSignals.watched
        var outside = sigset_t()
        pthread_sigmask(SIG_BLOCK, &watched, &outside)
        TerminalSignals.catchSuspension(true)
        defer {
            TerminalSignals.catchSuspension(false)
            pthread_sigmask(SIG_SETMASK, &outside, nil)
        }
        var whileWaiting = outside
        for signal in [SIGINT, SIGWINCH, SIGCONT, SIGTSTP, SIGTERM, SIGHUP] { sigdelset(&whileWaiting, signal) }

        // A Ctrl-C that stopped the last evaluation must not also clear this new line; it
        // drops the rest of a paste, though.
        if TerminalSignals.interruptPending.exchange(false, ordering: .relaxed) { State.pasted = nil }
        State.accepted = nil
        State.finished = false
        using_history()
        rl_callback_handler_install(prompt, LineReader.acceptLine)
        if !State.initialized {
            // Only now: readline, initialising with a redisplay function of the program's,
            // falls back to horizontal scrolling instead of wrapping long lines.
            State.initialized = true
            if State.decorations != nil { tally_rl_set_redisplay_function(LineReader.redisplay) }
        }
        if let pasted = takePastedLine() { return .line(pasted) }
        while !State.finished {
            if TerminalSignals.windowChanged.exchange(false, ordering: .relaxed) { LineReader.resize() }
            if TerminalSignals.suspensionRequested.exchange(false, ordering: .relaxed) { suspend() }
            if TerminalSignals.resumed.exchange(false, ordering: .relaxed) {
                // Readline still believes the terminal is set up: undo, redo, redraw.
                rl_deprep_terminal()
                rl_prep_terminal(1)
                LineReader.redrawOnFreshRow()
            }
            if TerminalSignals.terminatingSignal.load(ordering: .relaxed) != 0 {
                // Readline has the terminal in character mode: hand it back before ending.
                rl_callback_handler_remove()
                TerminalSignals.endIfTerminated()
            }
            if TerminalSignals.interruptPending.exchange(false, ordering: .relaxed) {
                discardLine()
                return .interrupted
            }
            var previewReady: Int32 = 0
            let previewer = State.decorations?.previewer
            let timeout = previewer?.microsecondsLeft ?? -1
            let ready = tally_wait_for_either(
                0, State.decorations?.wakeDescriptor ?? -1, timeout, &whileWaiting, &previewReady)
            if ready < 0 {
                if errno == EINTR { continue }
                rl_callback_handler_remove()
                return .end
            }
            // A preview past its budget is stopped, not only thrown away (its thread would go
            // on, and no later line would get a preview until it ended).
            previewer?.stopIfOverBudget()
            if previewReady != 0 {
                if State.decorations?.takePreview() == true { LineReader.redisplay() }
                if ready == 1 { continue }
            }
            // Readable also means closed: readline then reads end-of-file and ends the line.
            if ready > 0 { rl_callback_read_char() }
        }
        guard let line = State.accepted else {
            // Ctrl-D: the shell's prompt comes next, on a row of its own. Readline ends the row
            // itself when it turns bracketed paste off; a newline more would leave an empty row.
            let bracketedPaste = rl_variable_value("enable-bracketed-paste").map { String(cString: $0) }
            if bracketedPaste != "on" { LineReader.writeToTerminal("\n") }
            return .end
        }
        return .line(line)
    }

    /// Ctrl-Z while typing: takes away the preview and suggestion, echoes `^Z` as the terminal
    /// would, hands the terminal back and stops; after `fg`, sets the terminal up again and
    /// draws the prompt and the line afresh.
    private func suspend() {
        LineReader.writeToTerminal(State.decorations?.clear())
        rl_echo_signal_char(SIGTSTP)
        rl_deprep_terminal()
        fflush(nil)
        TerminalSignals.suspend()
        rl_prep_terminal(1)
        LineReader.redrawOnFreshRow()
    }

    /// Asks a yes/no question; only `y` or `yes` is yes, Ctrl-C and Ctrl-D are no.
    public func confirm(_ question: String) -> Bool {
        guard let answer = ask(question) else { return false }
        let word = answer.filter { $0 != " " && $0 != "\t" }.lowercased()
        return word == "y" || word == "yes"
    }

    /// Asks a question and returns the line typed; nil on Ctrl-C or Ctrl-D.
    public func ask(_ question: String) -> String? {
        // The question is asked in the middle of handling a line: completing from the session
        // now would reach into it while it is busy.
        let saved = State.completion
        let decorations = self.decorations
        State.completion = nil
        self.decorations = nil
        defer {
            State.completion = saved
            self.decorations = decorations
        }
        // Readline writes a prompt as it is: nothing in it may be a control character.
        guard case .line(let answer) = read(prompt: TerminalSafeText.escaped(question)) else { return nil }
        return answer
    }

    /// Ctrl-C on the prompt: forget the line and leave the cursor on a fresh line.
    private func discardLine() {
        LineReader.writeToTerminal(State.decorations?.clear())
        rl_free_line_state()
        rl_callback_sigcleanup()
        rl_echo_signal_char(SIGINT)
        rl_callback_handler_remove()
        rl_crlf()
        fflush(nil)
    }

    /// Readline decodes multibyte input (Korean, `×`) only under a UTF-8 character locale; Tally
    /// reads UTF-8 whatever the environment says, so any other locale (C, POSIX, Latin-1) falls
    /// back to C.UTF-8. Readline sets its locale again from `LC_ALL`, `LC_CTYPE` and `LANG`
    /// when it starts, so the fallback goes into the environment too.
    private static func useCharacterLocale() {
        if setlocale(LC_CTYPE, "") != nil, String(cString: nl_langinfo(nl_item(CODESET))) == "UTF-8" { return }
        setenv("LC_ALL", "C.UTF-8", 1)
        if setlocale(LC_CTYPE, "C.UTF-8") == nil {
            OutputStream.standardError.write(
                "tally: no UTF-8 locale (C.UTF-8) is installed: characters beyond ASCII cannot be typed\n")
        }
    }

    /// The window changed size: readline's own redisplay moves to the start of the line and
    /// draws the prompt and the line once, in place (a redisplay function of the program's
    /// would be called from wherever the cursor is, repeating the prompt); then the
    /// decorations are drawn for the new width.
    private static func resize() {
        let own = tally_rl_redisplay_function()
        tally_rl_set_redisplay_function(nil)
        rl_resize_terminal()
        tally_rl_set_redisplay_function(own)
        if State.decorations != nil, State.initialized { redisplay() }
    }

    /// Draws the prompt and the line from column 0 of the cursor's row, which holds nothing
    /// else (after `fg` the shell has ended its row; without a stop it holds the `^Z` echoed).
    private static func redrawOnFreshRow() {
        writeToTerminal("\r\u{1B}[K")
        rl_forced_update_display()
    }

    // MARK: Readline callbacks
    //
    // C callbacks cannot capture context, so they share these with the reader. Why the statics
    // are sound: readline calls its callbacks only from inside `readline()` (and the redisplay
    // hook), on the one thread that calls `read`; nothing else reads or writes them, and readline
    // itself is not thread-safe, so the reader is never used from two threads.

    private enum State {
        nonisolated(unsafe) static var accepted: String?
        nonisolated(unsafe) static var finished = false
        nonisolated(unsafe) static var completion: Completion?
        nonisolated(unsafe) static var matches: [String] = []
        nonisolated(unsafe) static var nextMatch = 0
        nonisolated(unsafe) static var decorations: LineDecorations?
        nonisolated(unsafe) static var initialized = false
        nonisolated(unsafe) static var pasted: Paste?
    }

    /// What a paste of several lines left to do: its lines still to run, in order, and the
    /// text after its last newline, put on the prompt for editing once they have run.
    private struct Paste {
        var lines: [String]
        var partial: String
    }

    /// The next line of a paste, drawn after the prompt as if typed and entered; nil when no
    /// paste is under way (its unfinished last line, if any, is then put on the prompt).
    private func takePastedLine() -> String? {
        guard var paste = State.pasted else { return nil }
        guard !paste.lines.isEmpty else {
            State.pasted = nil
            if !paste.partial.isEmpty {
                _ = rl_insert_text(paste.partial)
                LineReader.redisplayNow()
            }
            return nil
        }
        let line = paste.lines.removeFirst()
        State.pasted = paste
        _ = rl_insert_text(line)
        LineReader.redisplayNow()
        _ = LineReader.newline(1, 10)
        rl_callback_handler_remove()
        return line
    }

    /// Readline's redisplay, or the program's when it has one.
    private static func redisplayNow() {
        if let redisplay = tally_rl_redisplay_function() { redisplay() } else { rl_redisplay() }
    }

    /// A bracketed paste: readline inserts it whole, newlines included. When it holds a
    /// newline, the line (what was typed before the paste, the paste, what stood after the
    /// cursor) is split there: the first piece is entered now, the other whole lines one by
    /// one at the next prompts (blank ones skipped), and the piece after the last newline is
    /// left on the prompt to edit, as python3's prompt runs a pasted block.
    private static let paste: @convention(c) (Int32, Int32) -> Int32 = { count, key in
        let status = rl_bracketed_paste_begin(count, key)
        let text = String(decoding: lineState().bytes, as: UTF8.self)
        guard text.contains("\n") else { return status }
        var pieces = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let partial = pieces.removeLast()
        pieces = pieces.filter { !$0.allSatisfy { $0 == " " || $0 == "\t" } }
        rl_deactivate_mark()
        guard !pieces.isEmpty else {
            rl_replace_line(partial, 0)
            tally_rl_set_point(tally_rl_end())
            return status
        }
        State.pasted = Paste(lines: Array(pieces.dropFirst()), partial: partial)
        rl_replace_line(pieces[0], 0)
        tally_rl_set_point(tally_rl_end())
        redisplayNow()
        return newline(1, 10)
    }

    /// Up and Down: readline's prefix search, then the cursor at the end of the line found, as
    /// fish leaves it. Readline goes on with the same prefix while its last command was a
    /// search; these wrappers make it see its own function there.
    private static let searchBackward: @convention(c) (Int32, Int32) -> Int32 = { count, key in
        search(count, key, backward: true)
    }

    private static let searchForward: @convention(c) (Int32, Int32) -> Int32 = { count, key in
        search(count, key, backward: false)
    }

    private static func search(_ count: Int32, _ key: Int32, backward: Bool) -> Int32 {
        if tally_rl_last_func_is(searchBackward) != 0 || tally_rl_last_func_is(searchForward) != 0 {
            tally_rl_set_last_func(rl_history_search_backward)
        }
        let status = backward ? rl_history_search_backward(count, key) : rl_history_search_forward(count, key)
        tally_rl_set_point(tally_rl_end())
        return status
    }

    /// Readline's redisplay, then the suggestion and preview drawn after the line.
    private static let redisplay: @convention(c) () -> Void = {
        rl_redisplay()
        if let decorations = State.decorations { writeToTerminal(decorations.draw(lineState())) }
    }

    /// Writes escape sequences where readline writes, after what it has queued.
    private static func writeToTerminal(_ text: String?) {
        guard let text, !text.isEmpty else { return }
        let stream = tally_rl_outstream()
        fputs(text, stream)
        fflush(stream)
    }

    /// The line as readline holds it: its bytes and the cursor's byte offset.
    private static func lineState() -> LineDecorations.Line {
        let end = Int(tally_rl_end())
        let point = Int(tally_rl_point())
        var rows: Int32 = 0
        var columns: Int32 = 0
        rl_get_screen_size(&rows, &columns)
        guard let buffer = tally_rl_line_buffer(), end > 0 else {
            return LineDecorations.Line(bytes: [], point: 0, columns: Int(columns))
        }
        let bytes = buffer.withMemoryRebound(to: UInt8.self, capacity: end) {
            Array(UnsafeBufferPointer(start: $0, count: end))
        }
        return LineDecorations.Line(bytes: bytes, point: min(point, end), columns: Int(columns))
    }

    /// The rest of the suggestion, when the cursor is at the end of the line and one is shown.
    private static func acceptSuggestion() -> Bool {
        guard tally_rl_point() == tally_rl_end(), let rest = State.decorations?.suggestion, !rest.isEmpty else {
            return false
        }
        rest.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { characters in
                var text = Array(characters)
                text.append(0)
                _ = rl_insert_text(text)
            }
        }
        return true
    }

    private static let forwardOrAccept: @convention(c) (Int32, Int32) -> Int32 = { count, key in
        acceptSuggestion() ? 0 : rl_forward_char(count, key)
    }

    private static let endOrAccept: @convention(c) (Int32, Int32) -> Int32 = { count, key in
        acceptSuggestion() ? 0 : rl_end_of_line(count, key)
    }

    private static let newline: @convention(c) (Int32, Int32) -> Int32 = { count, key in
        LineReader.writeToTerminal(State.decorations?.clear())
        return rl_newline(count, key)
    }

    private static let acceptLine: @convention(c) (UnsafeMutablePointer<CChar>?) -> Void = { line in
        State.finished = true
        if let line {
            State.accepted = String(cString: line)
            free(line)
        }
        // Removing the handler here stops readline from drawing the next prompt by itself.
        rl_callback_handler_remove()
    }

    private static let attemptCompletion:
        @convention(c) (UnsafePointer<CChar>?, Int32, Int32) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = {
            text, start, _ in
            // Never fall back to file names: nothing in Tally takes one.
            tally_rl_set_attempted_completion_over(1)
            guard let text, let complete = State.completion, let buffer = tally_rl_line_buffer() else { return nil }
            let prefix = buffer.withMemoryRebound(to: UInt8.self, capacity: Int(start)) {
                String(decoding: UnsafeBufferPointer(start: $0, count: Int(start)), as: UTF8.self)
            }
            let result = complete(String(cString: text), prefix)
            guard !result.matches.isEmpty else { return nil }
            if !result.appendsSpace { tally_rl_set_completion_append_character(0) }
            State.matches = result.matches
            State.nextMatch = 0
            return rl_completion_matches(text, LineReader.nextMatch)
        }

    /// Readline's generator protocol: one malloc'ed match per call (readline frees it), then NULL.
    private static let nextMatch: @convention(c) (UnsafePointer<CChar>?, Int32) -> UnsafeMutablePointer<CChar>? = {
        _, _ in
        guard State.nextMatch < State.matches.count else { return nil }
        defer { State.nextMatch += 1 }
        return strdup(State.matches[State.nextMatch])
    }
}

extension Evaluator {
    /// A copy of this evaluator whose lines watch `interruption` instead of the session's
    /// Ctrl-C flag: work that can be stopped on its own (the prompt's preview of a line being
    /// typed) without stopping, or being stopped by, the session's lines.
    public func watching(_ interruption: Interruption) -> Evaluator {
        var copy = self
        copy.meter = WorkMeter(interruption: interruption)
        return copy
    }
}

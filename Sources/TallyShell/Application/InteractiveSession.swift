import TallyCore

/// The interactive session (readline, history, completion). Placeholder until the line reader
/// lands: reads standard input plainly.
enum InteractiveSession {
    static func run(options: Options, settings: EvaluationSettings, environment: SessionEnvironment, variables: [String: String]) -> Int32 {
        let useColour = environment.useColour
        var session = Session(style: .interactive, settings: settings, environment: environment)
        let output = OutputStream.standardOutput
        let renderer = DiagnosticRenderer(useColour: useColour)
        let source = LineSource()
        while true {
            output.write("> ")
            output.flush()
            guard let line = source.nextLine() else { break }
            let outcome = session.handle(line)
            if let text = outcome.output { output.writeLine(text) }
            output.flush()
            if let diagnostic = outcome.diagnostic {
                OutputStream.standardError.write(renderer.render(diagnostic, in: line, form: .interactive(promptWidth: 2)))
            }
            if outcome.endsSession { break }
        }
        return 0
    }
}

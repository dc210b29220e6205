extension HabitCommandLine {
    /// The order `help habit` lists the subcommands in: the daily ones first, as a person
    /// meets them, rather than the order of ``HabitSubcommand/allCases``.
    static let helpOrder: [HabitSubcommand] = [
        .today, .add, .done, .skip, .undo, .note, .list, .show, .target, .start, .archive, .restore, .rename, .delete, .export, .import,
    ]

    /// The text of `help habit`, for a person: what each subcommand does, what NAME and DATE
    /// may be, and examples. Ends without a newline.
    public static let helpText = """
        habit: track daily habits and streaks

        \(subcommandTable)

        NAME is a word or a quoted string: Read, "Read 20 pages", '물 마시기'. Case does not
        matter (read and READ are the same habit); at most 100 characters.
        DATE is YYYY-MM-DD, today, yesterday or -N for N days ago (-1 is yesterday). A day
        cannot be in the future, before the habit started, or after it was archived.
        The current streak counts the days done in a row up to today; while today is not done
        yet, the streak up to yesterday still stands.

        Examples:
          habit add "Read 20 pages"
          habit add Walk since 2026-11-01
          habit done "read 20 pages"
          habit done Walk yesterday
          habit done Walk -3
          habit undo Walk 2026-11-20
          habit show Walk
          tally -e 'habit export csv' > habits.csv      (from a system shell)

        Habits are kept in $XDG_DATA_HOME/tally/habits.sqlite3 (~/.local/share/tally/ by
        default); --data-dir DIR or TALLY_DATA_DIR puts them elsewhere.
        """

    /// Each subcommand's usage, its summary beside it; the summary's later lines are indented
    /// to stand under its first.
    private static var subcommandTable: String {
        let width = helpOrder.map(\.usage.count).max()! + 3
        var lines: [String] = []
        for subcommand in helpOrder {
            for (index, summary) in subcommand.summaryLines.enumerated() {
                let usage = index == 0 ? subcommand.usage : ""
                lines.append("  " + usage + String(repeating: " ", count: width - usage.count) + summary)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `name` as it must be typed in a `habit` line: bare when it is one plain word, otherwise
    /// in double quotes, or single quotes when it contains a double quote. Nil for a name that
    /// holds both kinds of quote and a space, which the grammar has no way to write.
    public static func quotedForInput(_ name: String) -> String? {
        let needsQuotes =
            name.isEmpty || name.contains(" ") || name.contains("\t") || name.first == "#"
            || name.first == "\"" || name.first == "'"
        guard needsQuotes else { return name }
        if !name.contains("\"") { return "\"" + name + "\"" }
        if !name.contains("'") { return "'" + name + "'" }
        return nil
    }
}

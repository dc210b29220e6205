extension HabitCommandLine {
    /// The text of `help habit`, for a person: what each subcommand does, what NAME and DATE
    /// may be, and examples. Ends without a newline.
    public static let helpText = """
        habit: track habits, streaks and their strength

        \(subcommandTable)

        NAME is a word or a quoted string: Read, "Read 20 pages", '물 마시기'. Case does
        not matter (read, READ and Read are one habit; so are Straße and STRASSE); at
        most 100 characters. Subcommands and keywords may be written in any case; ls
        is list, rm delete.
        DATE is YYYY-MM-DD (also 2026/11/3 or 2026-11-3), today, yesterday, -N for N
        days ago, or a weekday (mon or monday: the latest one, today included). A day
        cannot be in the future, after the archive day or inside a pause; a day done
        before the start moves the start back.
        TARGET is daily (the default), N/week, N/month, every N days or X times in Y
        days; or a measure, [at least|at most] AMOUNT [UNIT] per day, week, month or N
        days (8 glasses per day, at most 2 cups per day): such a habit records an
        amount a day, and AMOUNT (up to 3 decimals) adds to the day's. Streaks,
        completion and strength are judged per period (a day, a week, a month, N
        days); the current period and today never count as missed before they end. A
        skipped day, and the days a habit was archived before a restore, are neither
        done nor missed.
        Strength (0-100%) is Loop Habit Tracker's score: each day it moves a step
        towards 100% when the target is being met and towards 0% when not, the steps
        sized by how often the habit is due; it forgives a lapse in a long habit and
        rewards a new one slowly. Marking a day already done succeeds and says so, so
        scripts may repeat it.

        Examples:
          habit add "Read 20 pages"
          habit add Gym 3/week since 2026-11-02
          habit done "read 20 pages" gym
          habit done Walk yesterday
          habit add Water 8 glasses per day
          habit done Water 2
          habit skip Gym fri
          habit note Gym 'legs, heavy day'
          habit show Gym year
          tally -e 'habit export json' > habits.json      (from a system shell)
          habit import habits.json

        Habits are kept in $XDG_DATA_HOME/tally/habits.sqlite3 (~/.local/share/tally/ by
        default); --data-dir DIR or TALLY_DATA_DIR puts them elsewhere. --ascii (or
        set glyphs ascii) draws tables with # and . instead of ■ and ·.
        """

    /// Each subcommand's usage, its summary beside it; the summary's later lines are indented
    /// to stand under its first.
    private static var subcommandTable: String {
        let subcommands = helpOrder
        let width = subcommands.map { $0.usage.count }.max()! + 3
        var lines: [String] = []
        for subcommand in subcommands {
            for (index, summary) in subcommand.summaryLines.enumerated() {
                let usage = index == 0 ? subcommand.usage : ""
                lines.append("  " + usage + String(repeating: " ", count: width - usage.count) + summary)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The subcommands in the order `help habit` lists them: those named in
    /// ``HabitSubcommands/helpOrder`` first, then any other in the order of the table.
    static var helpOrder: [any HabitSubcommand.Type] {
        let named = HabitSubcommands.helpOrder.compactMap { name in HabitSubcommands.all.first { $0.name == name } }
        return named + HabitSubcommands.all.filter { !HabitSubcommands.helpOrder.contains($0.name) }
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

import Foundation
import TallyTestSupport
import Testing

/// The habit store while a session has it open and the files under it change through the real
/// file system: the shared memory truncated, the file moved over, copied over and truncated, a
/// FIFO planted, the folder made read-only, the schema rewritten.
@Suite(.enabled(if: python3Executable != nil, "needs python3"))
struct HabitStoreSessionTests {
    /// One step of a session: a line typed into it, or a shell command run once every line
    /// before it has been answered.
    enum Step {
        case line(String)
        case shell(String)
    }

    /// What a session printed, with the marker lines that kept it in step taken out.
    struct Session {
        /// 1 (the markers are errors), or 128 plus the number of the signal that ended it.
        var status: Int32
        var output: String
        var errors: String
    }

    /// Runs `steps` against one `tally --data-dir $DATA` reading its lines from a FIFO. After
    /// each line a marker (an unknown name, whose error is flushed at once) is sent and awaited,
    /// so a shell step runs only once the lines before it are done. `$DATA` is `data`, `$WORK`
    /// a scratch folder and `$PID` the session's process; `prefix` goes before the command
    /// (`setpriv …` to run it as another user).
    func session(_ steps: [Step], data: URL, prefix: String = "") throws -> Session {
        let work = try TallyUnderTest.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        var script = """
            mkfifo "$WORK/in"; : > "$WORK/out"; : > "$WORK/err"
            \(prefix) "$TALLY" --data-dir "$DATA" < "$WORK/in" > "$WORK/out" 2> "$WORK/err" &
            PID=$!
            exec 3> "$WORK/in"
            step() { echo "marker$1" >&3; until grep -q "marker$1'" "$WORK/err"; do sleep 0.01; done; }

            """
        for (index, step) in steps.enumerated() {
            switch step {
            case .line(let line): script += "echo '\(line)' >&3; step \(index)\n"
            case .shell(let command): script += command + "\n"
            }
        }
        script += """
            exec 3>&-
            wait $PID
            status=$?
            cat "$WORK/out"; cat "$WORK/err" >&2
            exit $status
            """
        let run = try TallyUnderTest.runInShell(
            script, environment: ["DATA": data.path, "WORK": work.path, "TALLY_TODAY": "2026-11-29"])
        // Each marker's error is three lines: the message, the line, the caret.
        var errors: [Substring] = []
        var skip = 0
        for line in run.errors.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.contains("unknown name 'marker") {
                skip = 2
            } else if skip > 0 {
                skip -= 1
            } else {
                errors.append(line)
            }
        }
        return Session(status: run.status, output: run.output, errors: errors.joined(separator: "\n"))
    }

    private func withDirectory(_ body: (URL) throws -> Void) throws {
        let directory = try TallyUnderTest.temporaryDirectory()
        defer {
            chmod(directory.appendingPathComponent("data").path, 0o700)
            try? FileManager.default.removeItem(at: directory)
        }
        try body(directory)
    }

    private func make(_ arguments: [String]) throws {
        let result = try runPythonScript(HabitStoreSafetyTests.script, arguments)
        #expect(result.status == 0, "\(result.report)")
    }

    private func tally(_ lines: [String], data: URL) throws -> TallyRun {
        try TallyUnderTest.run(
            lines.flatMap { ["-e", $0] }, environment: ["TALLY_TODAY": "2026-11-29", "TALLY_DATA_DIR": data.path])
    }

    private func bytes(_ url: URL) -> Data? { FileManager.default.contents(atPath: url.path) }

    private func files(in directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    /// Row 2: the store keeps no shared memory, so truncating a `-shm` (even one an older Tally
    /// left, beside a file it left in WAL mode) cannot crash a session; the file leaves WAL mode
    /// when first opened, folding in its log, and the session never maps the `-shm`.
    @Test(arguments: [false, true])
    func truncatingTheSharedMemoryUnderASessionIsHarmless(olderTallysFile: Bool) throws {
        try withDirectory { directory in
            let data = directory.appendingPathComponent("data")
            let file = data.appendingPathComponent("habits.sqlite3")
            var steps: [Step] = []
            if olderTallysFile {
                try make(["old", data.path, "4"])
                try make(["wal", data.path])
                #expect(files(in: data) == ["habits.sqlite3", "habits.sqlite3-shm", "habits.sqlite3-wal"])
            } else {
                steps.append(.line("habit add Read since 2026-11-01"))
            }
            steps += [
                .line("habit done Read 2026-11-22"),
                .shell(#"grep -q 'habits.sqlite3-shm' /proc/$PID/maps && echo "the -shm is mapped" >&2"#),
                .shell(#"truncate -s 0 "$DATA/habits.sqlite3-shm""#),
                .line("habit done Read"),
                .shell(#"truncate -s 0 "$DATA/habits.sqlite3-shm""#),
                .line("habit show Read"),
            ]
            let run = try session(steps, data: data)
            #expect(run.status == 1)
            #expect(run.errors == "")
            #expect(run.output.contains("'Read' done on 2026-11-29"), "\(run.output)")
            let export = try tally(["habit export csv"], data: data)
            let days = export.outputText.split(separator: "\n").filter { $0.hasPrefix("Read,") }.map {
                String($0.split(separator: ",", omittingEmptySubsequences: false)[4])
            }
            let expected = olderTallysFile ? ["2026-11-02", "2026-11-03", "2026-11-20", "2026-11-21"] : []
            #expect(days == expected + ["2026-11-22", "2026-11-29"])
            // Rollback journal: header bytes 18 and 19 are 1; the log is gone.
            let header = try #require(bytes(file))
            #expect(header[18] == 1 && header[19] == 1)
            #expect(!files(in: data).contains("habits.sqlite3-wal"))
        }
    }

    /// A file an older Tally's session keeps open in WAL mode is used as it is (the switch
    /// waits a quarter of a second for the lock, not a write's five seconds), and is switched
    /// to the rollback journal by the first command after that session ends.
    @Test func aFileAnOlderTallyKeepsOpenStaysInWALModeUntilItCloses() throws {
        try withDirectory { directory in
            let data = directory.appendingPathComponent("data")
            try make(["old", data.path, "4"])
            let script = """
                python3 "$FILES" hold "$DATA" 3 > "$DATA/../held" &
                until grep -q holding "$DATA/../held" 2>/dev/null; do sleep 0.01; done
                "$TALLY" --data-dir "$DATA" -e 'habit done Read 2026-11-28' -e 'habit done Read' || exit 1
                od -An -tu1 -j18 -N2 "$DATA/habits.sqlite3"
                wait
                "$TALLY" --data-dir "$DATA" -e 'habit list'
                od -An -tu1 -j18 -N2 "$DATA/habits.sqlite3"
                """
            let run = try TallyUnderTest.runInShell(
                script,
                environment: [
                    "DATA": data.path, "TALLY_TODAY": "2026-11-29",
                    "FILES": TallyUnderTest.repositoryRoot.appendingPathComponent(HabitStoreSafetyTests.script).path,
                ])
            #expect(run.status == 0, "\(run.errors)")
            let lines = run.output.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
            #expect(lines.first?.hasPrefix("'Read' done on 2026-11-28") == true, "\(run.output)")
            #expect(lines.dropFirst(2).first == "2 2", "\(run.output)")
            #expect(lines.last == "1 1", "\(run.output)")
            #expect(files(in: data) == ["habits.sqlite3"])
        }
    }

    /// Row 3: the store replaced with `mv` during a session, as sync tools do. The next command
    /// uses the new file (its habits, nothing of the old file replayed onto it); what the
    /// session acknowledged before is in the file it was written to.
    @Test func aStoreMovedOverDuringASessionIsFollowedAndNotOverwritten() throws {
        try withDirectory { directory in
            let data = directory.appendingPathComponent("data")
            let other = directory.appendingPathComponent("other")
            let setUp = try tally(["habit add Swim since 2026-11-01", "habit done Swim 2026-11-20"], data: other)
            #expect(setUp.status == 0, "\(setUp.errorText)")
            let run = try session(
                [
                    .line("habit add Read since 2026-11-01"),
                    .line("habit done Read 2026-11-27"),
                    .shell(
                        #"mv "$DATA/habits.sqlite3" "$WORK/old.sqlite3"; cp "$WORK/old.sqlite3" "$DATA/kept.sqlite3""#),
                    .shell(#"mv "$DATA/../other/habits.sqlite3" "$DATA/habits.sqlite3""#),
                    .line("habit done Swim 2026-11-28"),
                    .line("habit done Read"),
                    .line("habit list"),
                ], data: data)
            #expect(run.status == 1)
            #expect(run.errors.contains("error: there is no habit named 'Read'"), "\(run.errors)")
            #expect(run.output.contains("'Swim' done on 2026-11-28"), "\(run.output)")
            let export = try tally(["habit export csv"], data: data)
            #expect(
                export.outputText == """
                    name,start_day,archive_day,target,day,state,note
                    Swim,2026-11-01,,daily,2026-11-20,done,
                    Swim,2026-11-01,,daily,2026-11-28,done,

                    """)
            #expect(files(in: data) == ["habits.sqlite3", "kept.sqlite3"])
            // The write acknowledged before the move is in the file that was moved away.
            let kept = directory.appendingPathComponent("kept")
            try FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true)
            try FileManager.default.moveItem(
                at: data.appendingPathComponent("kept.sqlite3"), to: kept.appendingPathComponent("habits.sqlite3"))
            #expect(
                try tally(["habit export csv"], data: kept).outputText.contains(
                    "Read,2026-11-01,,daily,2026-11-27,done,"))
        }
    }

    /// Row 12: a FIFO where the store or its journal goes, or given as `--init`, is refused at
    /// once; nothing waits for a writer that never comes.
    @Test func aFIFOIsRefusedAtOnce() throws {
        try withDirectory { directory in
            let data = directory.appendingPathComponent("data")
            try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
            let fifo = data.appendingPathComponent("habits.sqlite3").path
            #expect(mkfifo(fifo, 0o600) == 0)
            let run = try TallyUnderTest.run(
                ["-e", "habit list"], environment: ["TALLY_DATA_DIR": data.path], timeout: 20)
            #expect(run.status == 1)
            #expect(
                run.errorText.contains("cannot open the habit database \(fifo): it is not a regular file"),
                "\(run.errorText)")

            unlink(fifo)
            #expect(try tally(["habit add Read"], data: data).status == 0)
            #expect(mkfifo(fifo + "-journal", 0o600) == 0)
            let planted = try TallyUnderTest.run(
                ["-e", "habit done Read", "-e", "habit list"], environment: ["TALLY_DATA_DIR": data.path], timeout: 20)
            #expect(planted.status == 1)
            #expect(planted.errorText.contains("\(fifo)-journal is not a regular file"), "\(planted.errorText)")

            let initFIFO = directory.appendingPathComponent("init.tally").path
            #expect(mkfifo(initFIFO, 0o600) == 0)
            let initRun = try TallyUnderTest.run(["--init", initFIFO, "-e", "1+1"], timeout: 20)
            #expect(initRun.errorText == "tally: cannot read init file '\(initFIFO)': it is not a regular file\n")
            #expect(initRun.status == 1)
        }
    }

    /// Row 12 in the interactive session: a FIFO as the history file or the init file costs a
    /// warning, and the session starts and works.
    @Test func aFIFOAsHistoryOrInitFileDoesNotHoldUpASession() throws {
        try withDirectory { directory in
            let history = directory.appendingPathComponent("history").path
            let initFile = directory.appendingPathComponent("init.tally").path
            #expect(mkfifo(history, 0o600) == 0 && mkfifo(initFile, 0o600) == 0)
            let terminal = try PseudoTerminal(
                arguments: ["-q", "--history-file", history, "--init", initFile],
                environment: ["HOME": directory.path, "TALLY_DATA_DIR": directory.appendingPathComponent("data").path])
            let start = try terminal.expect("> ", timeout: 20)
            #expect(start.contains("tally: cannot read init file '\(initFile)': it is not a regular file"), "\(start)")
            #expect(
                start.contains("tally: history: cannot use '\(history)': it is not a regular file"), "\(start)")
            terminal.type("6*7\r")
            try terminal.expect("\n42\n", timeout: 20)
            try terminal.expect("> ")
            terminal.type(PseudoTerminal.controlD)
            #expect(try terminal.waitForExit(timeout: 20) == 0)
        }
    }

    /// Row 14: a Tally file with a rollback journal whose rows break a rule is refused, with not
    /// one byte written: no switch of journal mode, no change counter moved.
    @Test func aFileWithABrokenRowIsRefusedWithNothingWritten() throws {
        try withDirectory { directory in
            let data = directory.appendingPathComponent("data")
            // At the latest version: an older file is first migrated (one transaction), then read.
            try make(["old", data.path, "5"])
            try make(["edit", data.path, "UPDATE habit SET target = 'sometimes' WHERE name = 'Read'"])
            let file = data.appendingPathComponent("habits.sqlite3")
            let before = bytes(file)
            for line in ["habit list", "habit show Read", "habit done Read", "habit today"] {
                let run = try tally([line], data: data)
                #expect(run.status == 1, "\(line)")
                #expect(run.errorText.contains("breaks a rule"), "\(line): \(run.errorText)")
            }
            #expect(bytes(file) == before)
            #expect(files(in: data) == ["habits.sqlite3"])
        }
    }

    /// Row 15: one command that meets the file copied over and truncated fails, and every later
    /// command, once the file is whole again, reads it afresh and succeeds.
    @Test func aBadReadDoesNotStick() throws {
        try withDirectory { directory in
            let data = directory.appendingPathComponent("data")
            try make(["old", data.path, "4"])
            let list = "habit list all"
            var steps: [Step] = [
                .line(list),
                // Every page after the first zeroed in place, as a read in the middle of a copy
                // can find them, the header and its change counter untouched; then put back.
                .shell(
                    #"cp "$DATA/habits.sqlite3" "$WORK/backup"; "#
                        + #"dd if=/dev/zero of="$DATA/habits.sqlite3" bs=4096 seek=1 count=11 conv=notrunc 2>/dev/null"#
                ),
                .line(list),
                .shell(#"dd if="$WORK/backup" of="$DATA/habits.sqlite3" conv=notrunc 2>/dev/null"#),
            ]
            steps += Array(repeating: .line(list), count: 5)
            let run = try session(steps, data: data)
            #expect(run.status == 1)
            #expect(run.errors.components(separatedBy: ": error: ").count == 2, "\(run.errors)")
            let whole = try tally([list], data: data)
            #expect(whole.status == 0)
            #expect(run.output == String(repeating: whole.outputText, count: 6))
        }
    }

    /// Row 16: in a read-only folder reading works; a write says the folder is read-only and
    /// writes nothing. (As root, which may write anywhere, the session runs as `nobody`.)
    @Test func aReadOnlyFolderIsReadAndWritesAreRefused() throws {
        try withDirectory { directory in
            let data = directory.appendingPathComponent("data")
            #expect(
                try tally(["habit add Read since 2026-11-01", "habit done Read 2026-11-20"], data: data).status == 0)
            let root = getuid() == 0
            if root {
                chmod(directory.path, 0o755)
                for path in [data.path, data.appendingPathComponent("habits.sqlite3").path] {
                    #expect(chown(path, 65534, 65534) == 0)
                }
            }
            #expect(chmod(data.path, 0o500) == 0)
            let file = data.appendingPathComponent("habits.sqlite3")
            let before = bytes(file)
            let run = try session(
                [.line("habit list"), .line("habit show Read"), .line("habit done Read"), .line("habit add Swim")],
                data: data, prefix: root ? "setpriv --reuid=65534 --regid=65534 --clear-groups" : "")
            #expect(run.status == 1)
            #expect(run.output.contains("Read"), "\(run.output)")
            let refusal =
                "cannot write to the habit database \(file.path): the folder \(data.path) is read-only; "
                + "nothing was written"
            #expect(run.errors.components(separatedBy: refusal).count == 3, "\(run.errors)")
            #expect(bytes(file) == before)
            #expect(files(in: data) == ["habits.sqlite3"])
        }
    }

    /// Row 20: a trigger whose body another program rewrote makes the file not Tally's before
    /// anything is written, so the foreign trigger never runs.
    @Test func aRewrittenTriggerIsRefusedBeforeAnyWrite() throws {
        try withDirectory { directory in
            let data = directory.appendingPathComponent("data")
            try make(["old", data.path, "4"])
            try make([
                "edit", data.path,
                """
                DROP TRIGGER completion_not_updated;
                CREATE TRIGGER completion_not_updated BEFORE UPDATE ON completion BEGIN
                    SELECT RAISE(ABORT, 'completion rows are not updated: delete the day and insert the new one');
                    UPDATE habit SET name = 'not yours';
                END;
                """,
            ])
            let file = data.appendingPathComponent("habits.sqlite3")
            let before = bytes(file)
            for line in ["habit done Read", "habit add Swim2", "habit delete Walk --yes"] {
                let run = try tally([line], data: data)
                #expect(run.status == 1, "\(line)")
                #expect(
                    run.errorText.contains("is an SQLite database that Tally did not create; it was left unchanged"),
                    "\(line): \(run.errorText)")
            }
            #expect(bytes(file) == before)
        }
    }
}

import Glibc
import TallyShell

exit(Application.run(arguments: Array(CommandLine.arguments.dropFirst())))

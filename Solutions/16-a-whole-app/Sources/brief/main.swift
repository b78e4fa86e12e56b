import Briefing
import Foundation

// The `brief` command line app. Its entry point is `BriefingApp.main(arguments:)` in the
// Briefing library: it prepares the dependencies and runs the command, and the tests launch this
// very program (`SWIFT_DEPENDENCIES_CONTEXT=preview` makes it run on canned data). Instructor-
// owned: learners do not edit it.

let status = await BriefingApp.main(arguments: CommandLine.arguments)
exit(status)

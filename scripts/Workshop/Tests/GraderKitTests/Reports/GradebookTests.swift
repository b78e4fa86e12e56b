import ExerciseModel
import Foundation
import Testing

@testable import GraderKit

struct GradebookTests {
  @Test func exactCSV() {
    let csv = Gradebook.csv(
      [Fixtures.dave, Fixtures.zoe, Fixtures.carol, Fixtures.ada, Fixtures.bob],
      exerciseIDs: ["01-hello", "02-optionals"])
    let expected =
      "learner,01-hello,02-optionals,total,max,review,held,sandbox\r\n"
      + "\"'=Zoe\u{301}, \"\"Z\"\" Müller\",5,,5,10,,,yes\r\n"
      + "Ada Lovelace,5,5,10,10,,,yes\r\n"
      + "Bob,5,0,5,10,,,yes\r\n"
      + "carol,5,0,5,10,,,yes\r\n"
      + "Dave,2,0,2,10,,,yes\r\n"
    #expect(csv == expected)
  }

  @Test func unknownExerciseIsEmptyAndMissingIsZero() {
    let csv = Gradebook.csv([Fixtures.carol], exerciseIDs: ["02-optionals", "09-later"])
    #expect(
      csv
        == "learner,02-optionals,09-later,total,max,review,held,sandbox\r\ncarol,0,,0,5,,,yes\r\n"
    )
  }

  @Test func fieldQuotingAndInjectionGuard() {
    #expect(Gradebook.field("plain") == "plain")
    #expect(Gradebook.field("a,b") == "\"a,b\"")
    #expect(Gradebook.field("say \"hi\"") == "\"say \"\"hi\"\"\"")
    #expect(Gradebook.field("two\nlines") == "\"two\nlines\"")
    #expect(Gradebook.field("=1+1") == "'=1+1")
    #expect(Gradebook.field("+1") == "'+1")
    #expect(Gradebook.field("-1") == "'-1")
    #expect(Gradebook.field("@SUM(A1)") == "'@SUM(A1)")
    #expect(Gradebook.field("\tx") == "'\tx")
    #expect(Gradebook.field("\rx") == "\"'\rx\"")
    #expect(Gradebook.field("a=b") == "a=b")
  }

  @Test func noExercises() {
    #expect(Gradebook.csv([], exerciseIDs: []) == "learner,total,max,review,held,sandbox\r\n")
  }

  @Test func reviewFlagsAndAnUnsandboxedRunHaveTheirColumns() {
    var report = Fixtures.bob
    report.sandboxed = false
    report.exercises[0].review = [
      ReviewFlag(file: "A.swift", line: 3, reason: "process exit", code: "exit(0)"),
      ReviewFlag(file: "B.swift", line: 9, reason: "signals", code: "kill(1, 9)"),
    ]
    let csv = Gradebook.csv([report], exerciseIDs: ["01-hello"])
    // Flagged and not released: held, so the row gives no points to import.
    #expect(
      csv.hasSuffix(
        "\r\nBob,,,5,01-hello A.swift:3 (process exit); 01-hello B.swift:9 (signals),"
          + "held for review,no\r\n"),
      "\(csv)")
    report.releasedFromReview = true
    let released = Gradebook.csv([report], exerciseIDs: ["01-hello"])
    #expect(
      released.hasSuffix(
        ",5,5,01-hello A.swift:3 (process exit); 01-hello B.swift:9 (signals),released,no\r\n"),
      "\(released)")
  }

  @Test func deterministicAndOrderIndependent() {
    let ids = ["01-hello", "02-optionals"]
    let csv = Gradebook.csv(Fixtures.all, exerciseIDs: ids)
    #expect(csv == Gradebook.csv(Fixtures.all, exerciseIDs: ids))
    #expect(csv == Gradebook.csv(Fixtures.all.reversed(), exerciseIDs: ids))
  }
}

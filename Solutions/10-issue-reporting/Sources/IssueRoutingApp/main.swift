import Foundation
import IssueRouting

// A stand-in for an app built with your IssueRouting module: no test runs in this process, so
// `reportIssue` must warn on standard error and let the app carry on. The tests launch it as a
// separate process, one scenario at a time:
//
//   IssueRoutingApp <scenario>
//
// Its standard output holds only its own lines: before each call whose report the tests check,
// "<name> at IssueRoutingApp/main.swift:<line of that call>", and "done" at the very end. Your
// reports belong on standard error.
//
// Instructor-owned: learners do not edit it.

struct CardDeclined: Error {}

/// Prints where the call on the next line is, so the tests know the file and line its report
/// must name.
func announce(_ name: String, line: UInt = #line) {
  print("\(name) at \(#fileID):\(line + 1)")
}

/// Some async work that reports nothing.
func loadReceipt() async -> String {
  await Task { "receipt" }.value
}

let scenario = CommandLine.arguments.dropFirst().first ?? ""

switch scenario {
case "report":
  announce("report")
  reportIssue("The cart was empty at checkout.")

case "no-message":
  announce("report")
  reportIssue()

case "expected":
  withExpectedIssue("Paying with a stolen card") {
    announce("report")
    reportIssue("The card was declined.")
  }

case "after-expected":
  withExpectedIssue {
    announce("expected")
    reportIssue("The card was declined.")
  }
  announce("report")
  reportIssue("The receipt could not be printed.")

case "missing":
  announce("expectation")
  withExpectedIssue("A declined card should be reported") {}

case "missing-no-message":
  announce("expectation")
  withExpectedIssue {}

case "intermittent":
  withExpectedIssue(isIntermittent: true) {}
  withExpectedIssue(isIntermittent: true) {
    announce("report")
    reportIssue("The printer is offline.")
  }

case "throws":
  announce("expectation")
  withExpectedIssue("Paying with an expired card") {
    throw CardDeclined()
  }

case "async-expected":
  await withExpectedIssue {
    _ = await loadReceipt()
    announce("report")
    reportIssue("The receipt was empty.")
  }

case "async-missing":
  announce("expectation")
  await withExpectedIssue("An empty receipt should be reported") {
    _ = await loadReceipt()
  }

case "async-throws":
  announce("expectation")
  await withExpectedIssue("Paying after the card expired") {
    _ = await loadReceipt()
    throw CardDeclined()
  }

default:
  FileHandle.standardError.write(Data("IssueRoutingApp: unknown scenario \"\(scenario)\"\n".utf8))
  exit(2)
}

print("done")

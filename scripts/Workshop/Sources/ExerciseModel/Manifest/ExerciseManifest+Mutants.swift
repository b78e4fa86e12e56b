import Foundation

extension ExerciseManifest {
  /// What is wrong with the mutants and weak suites of the manifest, in plain words.
  func mutantProblems(learnerEdition: Bool) -> [String] {
    var problems: [String] = []
    if gradesTests, mutants.isEmpty, !(learnerEdition && gradesSources) {
      problems.append(
        "`mutants` is empty: the learner writes tests here (kind \"\(kind.rawValue)\"), and "
          + "they are graded by the mutants they catch; list each one.")
    }
    if !gradesTests, !mutants.isEmpty || !weakSuites.isEmpty {
      problems.append(
        "`mutants` and `weakSuites` grade tests a learner writes, but the catalogue gives this "
          + "exercise the kind \"sources\"; give it the kind \"tests\" or \"both\", or remove "
          + "them.")
    }
    let kebab = #"^[a-z0-9]+(-[a-z0-9]+)*$"#
    var names = Set<String>()
    for mutant in mutants {
      if !names.insert(mutant.name).inserted {
        problems.append("mutant \"\(mutant.name)\" is listed twice.")
      }
      if mutant.name.range(of: kebab, options: .regularExpression) == nil {
        problems.append("mutant \"\(mutant.name)\": write its name in kebab-case.")
      }
      let behaviour = mutant.behaviour.trimmingCharacters(in: .whitespaces)
      if behaviour.isEmpty || behaviour.contains("\n") {
        problems.append(
          "mutant \"\(mutant.name)\" needs a one-line `behaviour`: what a test should check.")
      }
      if mutant.step < 1 || mutant.step > steps.count {
        problems.append(
          "mutant \"\(mutant.name)\" names step \(mutant.step), but \(Catalogue.path) lists "
            + (steps.isEmpty ? "no steps" : "steps 1 to \(steps.count)") + " for \(id).")
      }
      if mutant.points < 1 {
        problems.append("mutant \"\(mutant.name)\" must be worth at least 1 point.")
      }
    }
    var suites = Set<String>()
    for suite in weakSuites {
      if !suites.insert(suite.name).inserted {
        problems.append("weak suite \"\(suite.name)\" is listed twice.")
      }
      for name in suite.caught where !names.contains(name) {
        problems.append(
          "weak suite \"\(suite.name)\" catches \"\(name)\", which `mutants` does not list.")
      }
    }
    return problems
  }
}

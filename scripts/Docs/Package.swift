// swift-tools-version: 6.1
import PackageDescription

// The tool behind `scripts/docs`: one build that emits the symbol graphs of every documented
// module, and `docs-check`, which fails on a public symbol without a doc comment, collects the
// complete examples to compile, and puts the package graph on the site's front page.
let package = Package(
  name: "Docs",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
  dependencies: [
    .package(path: "../../Packages/IssueReporting"),
    .package(path: "../../Packages/ConcurrencyExtras"),
    .package(path: "../../Packages/Clocks"),
    .package(path: "../../Packages/Generators"),
    .package(path: "../../Packages/Dependencies"),
    .package(path: "../../Packages/DependencyClient"),
  ],
  targets: [
    // Depends on every documented module, so that building it builds them all (and, with
    // `-emit-symbol-graph`, writes their symbol graphs). It holds no code of its own.
    .target(
      name: "DocumentedModules",
      dependencies: [
        .product(name: "IssueReporting", package: "IssueReporting"),
        .product(name: "ConcurrencyExtras", package: "ConcurrencyExtras"),
        .product(name: "Clocks", package: "Clocks"),
        .product(name: "Generators", package: "Generators"),
        .product(name: "Dependencies", package: "Dependencies"),
        .product(name: "DependenciesTestSupport", package: "Dependencies"),
        .product(name: "DependencyClient", package: "DependencyClient"),
      ]
    ),
    // `docs-check coverage | own-symbols | snippets | front-page …` (see its main.swift).
    .executableTarget(name: "docs-check"),
  ],
  swiftLanguageModes: [.v6]
)

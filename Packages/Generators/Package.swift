// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "Generators",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
  products: [
    .library(name: "Generators", targets: ["Generators"])
  ],
  dependencies: [
    .package(path: "../IssueReporting")
  ],
  targets: [
    .target(
      name: "Generators",
      dependencies: [.product(name: "IssueReporting", package: "IssueReporting")]
    ),
    .testTarget(
      name: "GeneratorsTests",
      dependencies: [
        "Generators",
        // This one product makes issues reported through IssueReporting fail the running test.
        .product(name: "IssueReportingTestSupport", package: "IssueReporting"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)

// `import Dependencies` brings these along, as swift-dependencies does, so code written against
// it compiles unchanged.
@_exported import Clocks
@_exported import ConcurrencyExtras
@_exported import Generators
@_exported import IssueReporting

// `import DependencyClient` is enough to declare a client and register it: it brings
// `Dependencies` (and with it `IssueReporting`'s `UnimplementedFailure`) along.
@_exported import Dependencies

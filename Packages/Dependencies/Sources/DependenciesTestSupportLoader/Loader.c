// Runs when a test process loads, before any test: it asks XCTest to tell Dependencies when each
// test method starts, so that every XCTest test starts from fresh default values. The function is
// defined in Swift (DependenciesTestSupport/XCTestDefaultsReset.swift) and linked into the same
// test executable.
extern void dependencies_test_support_register(void);

__attribute__((constructor)) static void dependencies_test_support_load(void) {
  dependencies_test_support_register();
}

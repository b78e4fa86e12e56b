// Intentionally empty: this target exists so that one build compiles every documented module
// (see Package.swift).

import Foundation
import Testing

@testable import ExerciseEngine
@testable import ExerciseModel

/// `ProductCache`: the products of a build, reused only for exactly the same files.
@Suite struct ProductCacheTests {
  let root = FileManager.default.temporaryDirectory
    .appendingPathComponent("product-cache-\(UUID().uuidString)")

  func tree(_ text: String) -> SourceTree {
    SourceTree(files: ["Package.swift": Data("// p\n".utf8), "Sources/M/A.swift": Data(text.utf8)])
  }

  /// A finished build of package `P`: its test binary (holding `content`) and a helper.
  func built(_ content: String) throws -> ProductBuild.Result {
    let products = root.appendingPathComponent("built-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: products, withIntermediateDirectories: true)
    let binary = products.appendingPathComponent("PPackageTests.xctest")
    try Data(content.utf8).write(to: binary)
    try Data("helper".utf8).write(to: products.appendingPathComponent("Helper"))
    return .built(.binary(binary))
  }

  func read(_ url: URL) -> String? {
    (try? Data(contentsOf: url)).map { String(decoding: $0, as: UTF8.self) }
  }

  #if os(Linux)
    @Test func theSameFilesGetTheProductsOfTheirBuild() throws {
      defer { try? FileManager.default.removeItem(at: root) }
      let cache = ProductCache(scratch: root.appendingPathComponent("scratch"))
      let out = root.appendingPathComponent("out")
      #expect(cache.lookup(tree("let a = 1"), packageName: "P", into: out) == nil)
      cache.store(tree("let a = 1"), packageName: "P", result: try built("binary of a"))
      let hit = cache.lookup(tree("let a = 1"), packageName: "P", into: out)
      guard case .built(.binary(let binary))? = hit else {
        Issue.record("The same files found nothing in the cache: \(String(describing: hit))")
        return
      }
      #expect(binary == out.appendingPathComponent("PPackageTests.xctest"))
      #expect(read(binary) == "binary of a")
      #expect(read(out.appendingPathComponent("Helper")) == "helper")
      #expect(cache.lookup(tree("let a = 2"), packageName: "P", into: out) == nil)
      #expect(cache.lookup(tree("let a = 1"), packageName: "Q", into: out) == nil)
    }

    @Test func filesWhoseHashCollidesGetNothing() throws {
      defer { try? FileManager.default.removeItem(at: root) }
      let cache = ProductCache(scratch: root.appendingPathComponent("scratch"))
      cache.store(tree("let solution = 1"), packageName: "P", result: try built("solution"))
      // A learner who found files with the same hash: the entry moves under their key.
      let manager = FileManager.default
      try manager.moveItem(
        at: cache.folder.appendingPathComponent(
          cache.key(tree("let solution = 1"), packageName: "P")),
        to: cache.folder.appendingPathComponent(cache.key(tree("let forged = 0"), packageName: "P"))
      )
      #expect(
        cache.lookup(
          tree("let forged = 0"), packageName: "P", into: root.appendingPathComponent("out"))
          == nil)
    }

    @Test func aFailedBuildIsNotKeptAndOnlyTheNewestEntriesStay() throws {
      defer { try? FileManager.default.removeItem(at: root) }
      let cache = ProductCache(scratch: root.appendingPathComponent("scratch"), limit: 2)
      let out = root.appendingPathComponent("out")
      cache.store(tree("broken"), packageName: "P", result: .failed("error: no"))
      #expect(cache.lookup(tree("broken"), packageName: "P", into: out) == nil)
      for index in 1...3 {
        cache.store(tree("let v = \(index)"), packageName: "P", result: try built("\(index)"))
        // Dates of a second's precision must differ for the order to be known.
        try FileManager.default.setAttributes(
          [.modificationDate: Date(timeIntervalSince1970: Double(1_000 * index))],
          ofItemAtPath: cache.folder.appendingPathComponent(
            cache.key(tree("let v = \(index)"), packageName: "P")
          ).path)
      }
      cache.prune()
      #expect(cache.lookup(tree("let v = 1"), packageName: "P", into: out) == nil)
      #expect(cache.lookup(tree("let v = 3"), packageName: "P", into: out) != nil)
    }
  #endif
}

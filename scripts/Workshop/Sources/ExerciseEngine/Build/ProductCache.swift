import ExerciseModel
import Foundation

/// What earlier builds of assembled packages produced, by the packages' contents: a package
/// assembled from exactly the same files as one built before gets that build's test products
/// without building again. Only builds that succeeded are kept: a failed build may have failed
/// for a reason of the moment (a time limit, a compiler that was killed).
///
/// The exercise checks build every decoy and the solution; the grader then grades learners
/// who hand in the same files (the diagnoses class, `grade --solutions`, a class graded twice).
/// Each of those builds would compile the same bytes once more. An entry is keyed by a hash of
/// every file of the package (paths and bytes), the package's name and the toolchain, and it
/// keeps a copy of the files it was built from: a hit needs the requested files to equal that
/// copy byte for byte, so two packages whose hashes collide (a learner could craft that) never
/// share products. The cache lives in the build folder it serves, which
/// ``LibraryFingerprint/prepare(buildFolder:)`` empties when the library changes, and keeps the
/// `limit` most recently used entries.
///
/// Linux only: elsewhere the tests run from the build folder itself (``TestProducts``), so
/// there are no products to keep, and ``lookup(_:packageName:into:)`` always misses.
///
/// ```swift
/// let cache = ProductCache(scratch: scratch)
/// if let result = cache.lookup(tree, packageName: id, into: products) { return result }
/// let result = try ProductBuild.build(…)
/// cache.store(tree, packageName: id, result: result)
/// ```
struct ProductCache: Sendable {
  /// Where the entries are kept.
  var folder: URL
  /// How many entries are kept (each holds one test binary, a few megabytes).
  var limit: Int

  init(scratch: URL, limit: Int = 300) {
    folder = scratch.appendingPathComponent("product-cache")
    self.limit = limit
  }

  /// The products of an earlier build of exactly `tree` (package `packageName`), copied into
  /// `products`; nil when there is none.
  func lookup(_ tree: SourceTree, packageName: String, into products: URL)
    -> ProductBuild.Result?
  {
    #if os(Linux)
      let entry = folder.appendingPathComponent(key(tree, packageName: packageName))
      let manager = FileManager.default
      guard manager.fileExists(atPath: entry.path),
        (try? SourceTree.read(entry.appendingPathComponent("package"))) == tree
      else { return nil }
      // Touched, so the entries least recently used are the ones pruned.
      try? manager.setAttributes([.modificationDate: Date()], ofItemAtPath: entry.path)
      do {
        try? manager.removeItem(at: products)
        try manager.copyItem(at: entry.appendingPathComponent("products"), to: products)
      } catch {
        return nil
      }
      return .built(.binary(products.appendingPathComponent(Self.testBinary(packageName))))
    #else
      return nil
    #endif
  }

  /// Keeps the products of `result`, the build of exactly `tree`, for later lookups (a failed
  /// build is not kept). Failing to keep them only costs a later build, so nothing is thrown.
  func store(_ tree: SourceTree, packageName: String, result: ProductBuild.Result) {
    #if os(Linux)
      guard case .built(.binary(let binary)) = result else { return }
      let manager = FileManager.default
      let entry = folder.appendingPathComponent(key(tree, packageName: packageName))
      let temporary = folder.appendingPathComponent(".new-\(UUID().uuidString)")
      do {
        try manager.createDirectory(at: temporary, withIntermediateDirectories: true)
        try tree.write(to: temporary.appendingPathComponent("package"))
        try manager.copyItem(
          at: binary.deletingLastPathComponent(), to: temporary.appendingPathComponent("products"))
        // Another process may have stored the same entry meanwhile: theirs stays.
        try? manager.removeItem(at: entry)
        try manager.moveItem(at: temporary, to: entry)
      } catch {
        try? manager.removeItem(at: temporary)
        return
      }
      prune()
    #endif
  }

  /// The entry's name: the hash of the toolchain, the package's name, and every file's path
  /// and bytes, in path order.
  func key(_ tree: SourceTree, packageName: String) -> String {
    var hash = FNV1a()
    hash.add(Data(Self.toolchain.utf8))
    hash.add(Data(packageName.utf8))
    for path in tree.files.keys.sorted() {
      hash.add(Data(path.utf8))
      hash.add(tree.files[path] ?? Data())
    }
    return String(hash.value, radix: 16)
  }

  /// Removes the least recently used entries beyond ``limit``.
  func prune() {
    let manager = FileManager.default
    guard
      let names = try? manager.contentsOfDirectory(atPath: folder.path)
        .filter({ !$0.hasPrefix(".") }),
      names.count > limit
    else { return }
    let dated = names.map { name -> (String, Date) in
      let path = folder.appendingPathComponent(name).path
      let date = (try? manager.attributesOfItem(atPath: path))?[.modificationDate] as? Date
      return (name, date ?? .distantPast)
    }
    for (name, _) in dated.sorted(by: { $0.1 < $1.1 }).prefix(names.count - limit) {
      try? manager.removeItem(at: folder.appendingPathComponent(name))
    }
  }

  static func testBinary(_ packageName: String) -> String {
    "\(packageName)PackageTests.xctest"
  }

  /// The toolchain that builds: the `swift` found on `PATH`, resolved, with its size and date.
  /// A different compiler makes different products, so it is part of every key.
  static let toolchain: String = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    for directory in path.split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("swift")
      let resolved = candidate.resolvingSymlinksInPath().path
      guard
        let attributes = try? FileManager.default.attributesOfItem(atPath: resolved),
        let date = attributes[.modificationDate] as? Date
      else { continue }
      let size = (attributes[.size] as? Int) ?? 0
      return "\(resolved) \(size) \(date.timeIntervalSince1970)"
    }
    return "swift"
  }()
}

import Foundation

/// The course's exercises in learning order: `Exercises/catalogue.json`, the one place that says
/// which exercises there are and what every tool shows about them.
///
/// A learner starts at the first and works down the list. The ids are fixed: lessons, tools and
/// reports name them. An exercise is *present* once `Tests/<id>/exercise.json` (its grading data)
/// exists; until then the tools list it as coming. The tables of exercises in the docs are
/// generated from this file (`scripts/exercises tables`).
///
/// ```swift
/// let catalogue = try Catalogue.load(in: WorkspaceLayout(root: root))
/// for entry in catalogue.entries { print(entry.id, entry.subject) }
/// ```
public struct Catalogue: Sendable, Equatable {
  /// The version of the file's shape this tool reads and writes.
  public static let format = 1
  /// Where the catalogue lives, from the workspace root.
  public static let path = "Exercises/catalogue.json"

  /// What the learner hands in.
  public enum Kind: String, Codable, Sendable, Equatable, CaseIterable {
    /// The learner writes the feature's sources; the instructor's tests grade them.
    case sources
    /// The learner writes tests of a given feature; the mutants they catch grade them.
    case tests
    /// The learner writes both.
    case both
  }

  /// A public page an exercise teaches: its title and where to read it.
  public struct Article: Codable, Sendable, Equatable {
    public var title: String
    public var url: String

    public init(title: String, url: String) {
      self.title = title
      self.url = url
    }
  }

  /// One exercise of the catalogue.
  public struct Entry: Codable, Sendable, Equatable {
    /// `NN-kebab-name`, used for the folders in `Exercises/`, `Solutions/` and `Tests/`.
    public var id: String
    /// The title every tool and report shows.
    public var title: String
    /// The Swift module the learner works in (`Sources/<Module>/`).
    public var module: String
    /// What the learner hands in.
    public var kind: Kind
    /// What the exercise is about, in a few words (`scripts/learn list`).
    public var subject: String
    /// What the learner rebuilds or practises, in a sentence in the learner's words
    /// (`Exercises/README.md`).
    public var summary: String
    /// What is rebuilt or practised, one item per public name or idea.
    public var reimplements: [String]
    /// The public articles the lesson teaches, in reading order, each linked by URL.
    public var articles: [Article]
    /// The lesson's steps in order, as the visible test suites name them (`Step 1: …`).
    public var steps: [String]

    public init(
      id: String, title: String = "", module: String = "", kind: Kind = .sources,
      subject: String = "", summary: String = "", reimplements: [String] = [],
      articles: [Article] = [], steps: [String] = []
    ) {
      self.id = id
      self.title = title
      self.module = module
      self.kind = kind
      self.subject = subject
      self.summary = summary
      self.reimplements = reimplements
      self.articles = articles
      self.steps = steps
    }

    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      id = try container.decode(String.self, forKey: .id)
      title = try container.decode(String.self, forKey: .title)
      module = try container.decode(String.self, forKey: .module)
      let kindName = try container.decode(String.self, forKey: .kind)
      guard let kind = Kind(rawValue: kindName) else {
        throw DecodingError.dataCorruptedError(
          forKey: .kind, in: container,
          debugDescription: "\(id): unknown kind \"\(kindName)\"; use one of "
            + Kind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))
      }
      self.kind = kind
      subject = try container.decode(String.self, forKey: .subject)
      summary = try container.decode(String.self, forKey: .summary)
      reimplements = try container.decode([String].self, forKey: .reimplements)
      articles = try container.decode([Article].self, forKey: .articles)
      steps = try container.decode([String].self, forKey: .steps)
    }

    /// What is wrong with the entry's values, in plain words; empty when it is fine.
    public func problems() -> [String] {
      var problems: [String] = []
      if id.range(of: #"^[0-9]{2}-[a-z0-9]+(-[a-z0-9]+)*$"#, options: .regularExpression) == nil {
        problems.append(
          "`id` \"\(id)\" must look like NN-kebab-name, e.g. 06-escaped-dependencies.")
      }
      if module.range(of: #"^[A-Z][A-Za-z0-9]*$"#, options: .regularExpression) == nil {
        problems.append(
          "\(id): `module` \"\(module)\" must be an UpperCamelCase Swift module name.")
      }
      if title.trimmingCharacters(in: .whitespaces).isEmpty {
        problems.append("\(id): `title` is empty.")
      }
      for article in articles {
        if article.title.trimmingCharacters(in: .whitespaces).isEmpty {
          problems.append("\(id): the article linked as \"\(article.url)\" has an empty `title`.")
        }
        if !article.url.hasPrefix("https://") || article.url.contains(" ") {
          problems.append(
            "\(id): article \"\(article.title)\": `url` \"\(article.url)\" must be a public "
              + "https:// address.")
        }
      }
      for (index, step) in steps.enumerated() where !step.hasPrefix("Step \(index + 1): ") {
        problems.append(
          "\(id): step \(index + 1) is \"\(step)\"; write it \"Step \(index + 1): …\", as the "
            + "visible test suite names it.")
      }
      return problems
    }
  }

  /// Every exercise, in learning order.
  public var entries: [Entry]

  public init(entries: [Entry]) {
    self.entries = entries
  }

  /// The entry of exercise `id`, if the catalogue lists it.
  public func entry(_ id: String) -> Entry? { entries.first { $0.id == id } }

  /// The place of `id` in the learning order, if the catalogue lists it.
  public func position(of id: String) -> Int? { entries.firstIndex { $0.id == id } }

  /// What is wrong with the catalogue, in plain words; empty when it is fine.
  public func problems() -> [String] {
    var problems: [String] = []
    var seen = Set<String>()
    for entry in entries {
      if !seen.insert(entry.id).inserted { problems.append("\(entry.id) is listed twice.") }
      problems += entry.problems()
    }
    return problems
  }

  /// Reads and validates the catalogue of the workspace at `layout`.
  public static func load(in layout: WorkspaceLayout) throws -> Catalogue {
    try load(from: layout.catalogueURL)
  }

  /// Reads and validates the catalogue file at `url`.
  public static func load(from url: URL) throws -> Catalogue {
    guard let data = try? Data(contentsOf: url) else {
      throw WorkshopError(
        "\(url.path): cannot read the catalogue of exercises. Every workspace has one at "
          + "\(path), listing the exercises in learning order; restore it from git "
          + "(git checkout -- \(path)).")
    }
    let catalogue = try decode(data, path: url.path)
    let problems = catalogue.problems()
    guard problems.isEmpty else {
      throw WorkshopError(
        "\(url.path): the catalogue needs fixing:\n"
          + problems.map { "  - \($0)" }.joined(separator: "\n"))
    }
    return catalogue
  }

  private struct Header: Decodable { var format: Int? }
  private struct File: Decodable { var exercises: [Entry] }

  /// Decodes the catalogue's JSON; `path` names the file in errors.
  static func decode(_ data: Data, path: String) throws -> Catalogue {
    let header: Header
    do {
      header = try JSONDecoder().decode(Header.self, from: data)
    } catch {
      throw WorkshopError(
        "\(path): not a valid catalogue: it is not a JSON object (\(describe(error))).")
    }
    guard let format = header.format else {
      throw WorkshopError(
        "\(path): the catalogue has no \"format\"; this tool reads format \(Self.format): "
          + "put \"format\": \(Self.format) at its top.")
    }
    guard format == Self.format else {
      throw WorkshopError(
        "\(path): the catalogue is format \(format), but this tool reads format "
          + "\(Self.format) only; update the workspace's tools (git pull) or write the file in "
          + "format \(Self.format).")
    }
    do {
      return Catalogue(entries: try JSONDecoder().decode(File.self, from: data).exercises)
    } catch {
      throw WorkshopError("\(path): not a valid catalogue: \(describe(error)).")
    }
  }
}

/// A decoding error in plain words: which key, and what was wrong with it.
func describe(_ error: any Error) -> String {
  guard let error = error as? DecodingError else { return "\(error)" }
  /// `exercises[0].title`.
  func path(_ keys: [any CodingKey]) -> String {
    keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
      .trimmingCharacters(in: CharacterSet(charactersIn: "."))
  }
  switch error {
  case .keyNotFound(let key, let context):
    let at = path(context.codingPath)
    return "the key `\(key.stringValue)` is missing" + (at.isEmpty ? "" : " in `\(at)`")
  case .typeMismatch(_, let context), .valueNotFound(_, let context):
    return "`\(path(context.codingPath))`: \(context.debugDescription)"
  case .dataCorrupted(let context):
    return context.debugDescription
  @unknown default:
    return "\(error)"
  }
}

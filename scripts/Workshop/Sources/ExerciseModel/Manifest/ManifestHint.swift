import Foundation

/// One hint of a manifest's `hints`: a text, and optionally the lesson step it helps with.
///
/// In `Tests/<id>/exercise.json` a hint about the whole exercise is a plain string; a hint for
/// one step is an object naming the step's number:
///
/// ```json
/// "hints": [
///   "Every generator here is a struct around one closure.",
///   { "step": 2, "text": "Make a new LockIsolated(0) each time .incrementing is read." }
/// ]
/// ```
///
/// The learner tool shows the texts one at a time, in the array's order.
public struct ManifestHint: Codable, Sendable, Equatable {
  /// The lesson step the hint helps with (`1` is "Step 1: …"); `nil` for the whole exercise.
  public var step: Int?
  /// What the learner reads.
  public var text: String

  public init(step: Int? = nil, text: String) {
    self.step = step
    self.text = text
  }

  private enum CodingKeys: String, CodingKey { case step, text }

  public init(from decoder: any Decoder) throws {
    if let text = try? decoder.singleValueContainer().decode(String.self) {
      self.init(text: text)
      return
    }
    let container: KeyedDecodingContainer<CodingKeys>
    do {
      container = try decoder.container(keyedBy: CodingKeys.self)
    } catch {
      throw DecodingError.typeMismatch(
        ManifestHint.self,
        .init(
          codingPath: decoder.codingPath,
          debugDescription: "a hint is a string, or an object {\"step\": N, \"text\": \"…\"}"))
    }
    self.init(
      step: try container.decode(Int.self, forKey: .step),
      text: try container.decode(String.self, forKey: .text))
  }

  public func encode(to encoder: any Encoder) throws {
    guard let step else {
      var container = encoder.singleValueContainer()
      try container.encode(text)
      return
    }
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(step, forKey: .step)
    try container.encode(text, forKey: .text)
  }
}

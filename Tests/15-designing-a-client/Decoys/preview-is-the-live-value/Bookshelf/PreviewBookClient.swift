import Dependencies
import Foundation

extension BookClient {
  /// Previews get the real thing: the live client.
  public static var previewValue: BookClient { liveValue }
}

import Dependencies
import Foundation
import Raffle
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// Helpers for your tests. Each one only makes something a test needs; none of them checks
// anything. Add your own below (keep their names different from the lesson's, which start
// with `Lesson` or `lesson`).

/// A fixed moment for the date dependency: 1 January 2026, 12:00 UTC.
let noon = Date(timeIntervalSince1970: 1_767_268_800)

/// The error a test's `post` endpoint throws when the test takes the network away.
struct Offline: Error {}

/// A random number generator that always gives the largest number, so that
/// `Int.random(in: 0..<n, using:)` picks `n - 1`: the last entrant.
struct HighestGenerator: RandomNumberGenerator, Sendable {
  mutating func next() -> UInt64 { .max }
}

/// A stand-in for the raffle server, for tests of the live client: a URL session whose requests
/// never leave the process. The live client reads `\.urlSession` when it posts, so a test gives
/// it this session and looks at what arrived:
///
/// ```swift
/// let draw = Draw(id: UUID(uuidString: "…")!, winner: "Ada", drawnAt: noon)
/// try await withDependencies {
///   $0.urlSession = ServerStub.session(answering: 201)
/// } operation: {
///   try await RaffleClient.liveValue.post(draw)
/// }
/// let requests = ServerStub.requests(carrying: draw.id)   // what the server received
/// ```
///
/// Tests run in parallel and share the stub, so give each draw an id of its own and look only
/// at the requests carrying it.
enum ServerStub {
  /// A request as the server received it.
  struct Request: Sendable {
    /// `"POST"`, `"GET"`, …
    var method: String?
    /// The whole address, `https://…`.
    var url: String?
    /// The `Content-Type` header.
    var contentType: String?
    /// The body, as sent.
    var body: Data

    /// The body read as a JSON object, or `nil` when it is not one.
    var json: [String: Any]? {
      (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
    }
  }

  /// Every request any stub session received.
  static let received = LockIsolated<[Request]>([])

  /// A session whose server answers every request with `status`: 201 (accepted) or 500
  /// (refused).
  static func session(answering status: Int) -> URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.protocolClasses = [
      status == 500 ? RefusingServerStub.self : AcceptingServerStub.self
    ]
    return URLSession(configuration: configuration)
  }

  /// The requests received whose body holds `id`.
  static func requests(carrying id: UUID) -> [Request] {
    received.value.filter { String(decoding: $0.body, as: UTF8.self).contains(id.uuidString) }
  }
}

/// The server of ``ServerStub/session(answering:)`` that accepts every request (201).
class AcceptingServerStub: URLProtocol {
  class var status: Int { 201 }

  override class func canInit(with request: URLRequest) -> Bool { true }
  override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

  override func startLoading() {
    let received = ServerStub.Request(
      method: request.httpMethod, url: request.url?.absoluteString,
      contentType: request.value(forHTTPHeaderField: "Content-Type"),
      body: Self.body(of: request))
    ServerStub.received.withValue { $0.append(received) }
    let response = HTTPURLResponse(
      url: request.url!, statusCode: Self.status, httpVersion: "HTTP/1.1", headerFields: nil)!
    client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
    client?.urlProtocol(self, didLoad: Data())
    client?.urlProtocolDidFinishLoading(self)
  }

  override func stopLoading() {}

  private static func body(of request: URLRequest) -> Data {
    if let body = request.httpBody { return body }
    guard let stream = request.httpBodyStream else { return Data() }
    stream.open()
    defer { stream.close() }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while stream.hasBytesAvailable {
      let count = stream.read(&buffer, maxLength: buffer.count)
      guard count > 0 else { break }
      data.append(buffer, count: count)
    }
    return data
  }
}

/// The server that refuses every request (500).
final class RefusingServerStub: AcceptingServerStub {
  override class var status: Int { 500 }
}

/// A random number generator that counts how often it is asked for a number.
struct CountingGenerator<Base: RandomNumberGenerator & Sendable>:
  RandomNumberGenerator, Sendable
{
  var base: Base
  let calls: LockIsolated<Int>

  mutating func next() -> UInt64 {
    calls.withValue { $0 += 1 }
    return base.next()
  }
}

/// A raffle model with every dependency under the test's control, and what the test sees of
/// them: a `TestClock`, `.incrementing` ids, dates fixed at `noon` (or the dates given), the
/// random number generator given (counting the numbers asked), and a `post` endpoint that
/// records each draw, or throws while `postFails` is `true`.
@MainActor
final class ControlledRaffle {
  let clock = TestClock()
  let model: RaffleModel
  let posted = LockIsolated<[Draw]>([])
  let postFails = LockIsolated(false)
  /// How many numbers the model asked of the test's generator.
  let numbersAsked = LockIsolated(0)

  init(
    entrants: [String],
    generator: some RandomNumberGenerator & Sendable = SeededRandomNumberGenerator(seed: 1),
    dates: ((TestClock<Duration>) -> DateGenerator)? = nil
  ) {
    let clock = clock
    let posted = posted
    let postFails = postFails
    let counting = CountingGenerator(base: generator, calls: numbersAsked)
    model = withDependencies {
      $0.continuousClock = clock
      $0.uuid = .incrementing
      $0.date = dates?(clock) ?? .constant(noon)
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(counting)
      $0.raffleClient.post = { draw in
        posted.withValue { $0.append(draw) }
        if postFails.value { throw Offline() }
      }
    } operation: {
      RaffleModel(entrants: entrants)
    }
  }

  /// Starts a draw in a task of its own and waits until it sleeps on the clock, or until it
  /// ends without sleeping (a draw that never waits, which the test's checks then catch at
  /// once instead of after the clock's ten-second wait).
  func start() async -> Task<Void, Never> {
    let model = model
    let clock = clock
    // Whichever comes first ends the stream: the draw ending, or a sleeper on the clock.
    let (firstOfTwo, end) = AsyncStream<Void>.makeStream()
    let drawing = Task {
      await model.draw()
      end.finish()
    }
    let sleeping = Task {
      await clock.waitForSleepers(count: 1)
      end.finish()
    }
    for await _ in firstOfTwo {}
    sleeping.cancel()
    return drawing
  }

  /// Runs one whole draw: start, 3 seconds on the clock, done.
  func drawToTheEnd() async throws {
    let drawing = await start()
    await clock.advance(by: .seconds(3))
    try await clock.checkSuspension()
    await drawing.value
  }
}

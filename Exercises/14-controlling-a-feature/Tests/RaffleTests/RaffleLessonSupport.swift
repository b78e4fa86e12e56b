import Dependencies
import Foundation
import Raffle
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// What the lesson's tests share: a raffle whose every dependency the test controls, a stand-in
// for the raffle server, and the words failure messages use. Nothing here checks anything.

/// A fixed moment for the date dependency: 1 January 2026, 12:00 UTC.
let lessonNoon = Date(timeIntervalSince1970: 1_767_268_800)

/// How `lessonNoon` reads in the JSON the live client posts.
let lessonNoonText = "2026-01-01T12:00:00Z"

/// How long a test waits, in real time, for a draw to fall asleep on its test clock. A draw
/// that sleeps there does so at once, and one that returns without sleeping is seen at once; the
/// wait only bounds a draw that waits on something else (a real clock).
let lessonSleepTimeout = Duration.seconds(2)

/// The error a test's raffle server throws when the test takes the network away.
struct LessonOffline: Error {}

/// A random number generator that counts how often it was asked for a number.
struct LessonCountingGenerator<Base: RandomNumberGenerator & Sendable>:
  RandomNumberGenerator, Sendable
{
  var base: Base
  let calls: LockIsolated<Int>

  mutating func next() -> UInt64 {
    calls.withValue { $0 += 1 }
    return base.next()
  }
}

/// A random number generator that always gives the largest number: `Int.random(in:using:)`
/// then picks the top of the range, so the last entrant wins.
struct LessonHighestGenerator: RandomNumberGenerator, Sendable {
  mutating func next() -> UInt64 { .max }
}

/// A raffle model made with every dependency under the test's control, and what the test sees
/// of them: a `TestClock`, incrementing ids, dates from `dates` (noon unless said otherwise), a
/// random number generator that counts its numbers, and a `post` endpoint that records each
/// draw, or throws while `postFails` is `true`.
@MainActor
final class LessonRaffle {
  let clock = TestClock()
  let model: RaffleModel
  /// Every draw the model posted through `raffleClient.post`, in order.
  let posted = LockIsolated<[Draw]>([])
  /// How many numbers the model asked of the test's random number generator.
  let numbersAsked = LockIsolated(0)
  /// While `true`, `raffleClient.post` throws `LessonOffline`.
  let postFails = LockIsolated(false)

  init(
    entrants: [String],
    generator: some RandomNumberGenerator & Sendable = SeededRandomNumberGenerator(seed: 1),
    uuid: UUIDGenerator = .incrementing,
    dates: ((TestClock<Duration>) -> DateGenerator)? = nil
  ) {
    let clock = clock
    let posted = posted
    let postFails = postFails
    let counting = LessonCountingGenerator(base: generator, calls: numbersAsked)
    model = withDependencies {
      $0.continuousClock = clock
      $0.uuid = uuid
      $0.date = dates?(clock) ?? .constant(lessonNoon)
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(counting)
      $0.raffleClient.post = { draw in
        posted.withValue { $0.append(draw) }
        if postFails.value { throw LessonOffline() }
      }
    } operation: {
      RaffleModel(entrants: entrants)
    }
  }

  /// Dates that follow the test clock: `lessonNoon` when the test starts, and as much later as
  /// the clock has moved since.
  static func datesFollowing(_ clock: TestClock<Duration>) -> DateGenerator {
    let start = clock.now
    return DateGenerator {
      let elapsed = start.duration(to: clock.now)
      return lessonNoon.addingTimeInterval(Double(elapsed.components.seconds))
    }
  }

  /// Starts a draw in a task of its own, as the screen's button does.
  func start() -> Task<Void, Never> {
    let model = model
    return Task { await model.draw() }
  }

  /// Waits until `drawing` sleeps on the test clock, or ends without sleeping there. When it is
  /// not asleep by then (or by `lessonSleepTimeout`), records a failure saying what `doing` could
  /// not check, cancels the draw, waits for it to end, and returns `false`.
  func waitUntilAsleep(_ drawing: Task<Void, Never>, doing: String) async -> Bool {
    var returned = false
    await withKnownIssue(isIntermittent: true) {
      returned = await lessonWaitForSleeper(on: clock, orEndOf: drawing)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("TestClock") }
    }
    guard clock.pendingSleeperCount == 0 else { return true }
    Issue.record(
      """
      \(doing) A draw was started, but it \(returned ? "returned without sleeping" : "never slept") \
      on the test clock the model was made with, so the test could not move its suspense on. \
      Step 1: the draw's 3-second suspense must sleep on the clock of \
      `@Dependency(\\.continuousClock)`.
      """)
    drawing.cancel()
    await drawing.value
    return false
  }

  /// Moves the clock on by `duration` and waits for `drawing` to end. When it is still asleep
  /// after that, records a failure, cancels it, waits for it to end, and returns `false`.
  func finish(_ drawing: Task<Void, Never>, after duration: Duration, doing: String) async
    -> Bool
  {
    await clock.advance(by: duration)
    do {
      // If the draw is still asleep, awaiting it would never return.
      try await clock.checkSuspension()
    } catch {
      Issue.record(
        """
        \(doing) A draw slept on the test clock, but it was still asleep after the clock moved \
        on 3 seconds in all: the suspense must last exactly 3 seconds on the clock (Step 1).
        """)
      drawing.cancel()
      await drawing.value
      return false
    }
    await drawing.value
    return true
  }

  /// Whether the model asked the test's random number generator for a number. When it did
  /// not, records a failure saying so (a winner picked some other way is random, so the test
  /// does not look at it) and returns `false`.
  func askedTheGenerator() -> Bool {
    guard numbersAsked.value == 0 else { return true }
    Issue.record(
      """
      A draw ran with a random number generator dependency the test chose, but never asked it \
      for a number: the winner must be picked with the generator of \
      `@Dependency(\\.withRandomNumberGenerator)`, so that a test decides who wins (Step 3).
      """)
    return false
  }

  /// Runs one whole draw: starts it, waits for its suspense, moves the clock on 3 seconds and
  /// waits for the draw to end. Returns `false` (after recording why) when the draw would not
  /// run on the test clock, so a test of a later step stops instead of waiting for real.
  func drawToTheEnd(doing: String) async -> Bool {
    let drawing = start()
    guard await waitUntilAsleep(drawing, doing: doing) else { return false }
    return await finish(drawing, after: .seconds(3), doing: doing)
  }
}

/// A stand-in for the raffle server: URL sessions whose requests never leave the process. Each
/// one answers every request with its status and records it in ``received``.
enum LessonServer {
  /// A request as the server received it.
  struct Request: Sendable {
    var method: String?
    var url: String?
    var contentType: String?
    var body: Data
  }

  /// Every request any of these sessions received; tests run in parallel, so a test looks only
  /// at the ones carrying its own draw's id.
  static let received = LockIsolated<[Request]>([])

  /// A session whose server answers every request with `status`: 201 or 500.
  static func session(answering status: Int) -> URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.protocolClasses = [
      status == 500 ? RefusingLessonServer.self : AcceptingLessonServer.self
    ]
    return URLSession(configuration: configuration)
  }

  /// The requests received whose body holds `id`.
  static func requests(carrying id: UUID) -> [Request] {
    received.value.filter { String(decoding: $0.body, as: UTF8.self).contains(id.uuidString) }
  }

  /// The body of `request` as a JSON object, or `nil` when it is not one.
  static func jsonObject(_ request: Request) -> [String: Any]? {
    (try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any]
  }
}

/// The raffle server of ``LessonServer/session(answering:)`` that accepts every draw (201).
class AcceptingLessonServer: URLProtocol {
  class var status: Int { 201 }

  override class func canInit(with request: URLRequest) -> Bool { true }
  override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

  override func startLoading() {
    let received = LessonServer.Request(
      method: request.httpMethod, url: request.url?.absoluteString,
      contentType: request.value(forHTTPHeaderField: "Content-Type"),
      body: Self.body(of: request))
    LessonServer.received.withValue { $0.append(received) }
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

/// The raffle server that refuses every draw (500).
final class RefusingLessonServer: AcceptingLessonServer {
  override class var status: Int { 500 }
}

/// Runs `body` and returns the messages of the issues it reported, in order, instead of letting
/// them fail the test.
func lessonIssues(
  isolation: isolated (any Actor)? = #isolation,
  _ body: () async -> Void
) async -> [String] {
  let collected = LockIsolated<[String]>([])
  await withKnownIssue(isIntermittent: true, isolation: isolation) {
    await body()
  } matching: { issue in
    collected.withValue { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
    return true
  }
  return collected.value
}

/// Records `message` as a failure unless `condition` holds. Unlike `#expect`, the failure says
/// only `message`: the values a test compares may differ from run to run (a real date, a random
/// id), and a learner graded twice must read the same words twice.
func lessonCheck(
  _ condition: Bool, _ message: @autoclosure () -> String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  guard !condition else { return }
  Issue.record(Comment(rawValue: message()), sourceLocation: sourceLocation)
}

/// `text` as a message shows it: in quotes, or "nothing" when it is `nil`.
func lessonShown(_ text: String?) -> String {
  text.map { "\"\($0)\"" } ?? "nothing"
}

/// `id` as a message shows it: `UUID(n)` for one an incrementing generator makes, words for any
/// other (a random UUID is different on every run, so a message never quotes it).
func lessonShown(_ id: UUID?) -> String {
  guard let id else { return "no id" }
  let prefix = "00000000-0000-0000-0000-"
  guard id.uuidString.hasPrefix(prefix),
    let number = Int(id.uuidString.dropFirst(prefix.count), radix: 16)
  else { return "a UUID no incrementing generator makes" }
  return "UUID(\(number))"
}

/// `date` as a message shows it: how far from `lessonNoon`, or words for a date far from it
/// (the real date is different on every run, so a message never quotes it).
func lessonShown(_ date: Date?) -> String {
  guard let date else { return "no date" }
  let offset = date.timeIntervalSince(lessonNoon)
  guard abs(offset) < 3600 else { return "a date nowhere near noon on 1 January 2026" }
  return offset == 0 ? "noon" : "noon \(offset > 0 ? "+" : "-") \(abs(offset)) s"
}

/// Waits until `clock` has a sleeper or `task` has ended, whichever comes first, and at most
/// `lessonSleepTimeout`; returns `true` when `task` ended first. A task that has ended will
/// never sleep, so waiting on would only keep a failing test from ending.
func lessonWaitForSleeper(on clock: TestClock<Duration>, orEndOf task: Task<Void, Never>) async
  -> Bool
{
  let (ends, end) = AsyncStream<Void>.makeStream()
  // Follows `task` on the side: while the task sleeps this waits with it, until the test wakes it.
  Task {
    await task.value
    end.finish()
  }
  return await withTaskGroup(of: Bool.self) { group in
    group.addTask {
      await clock.waitForSleepers(count: 1, timeout: lessonSleepTimeout)
      return false
    }
    group.addTask {
      for await _ in ends {}
      // Cancelled because a sleeper came first, or because `task` ended.
      return !Task.isCancelled
    }
    let endedFirst = await group.next() ?? false
    group.cancelAll()
    return endedFirst
  }
}

import ExerciseModel
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive lock on a work folder, held by one process at a time: the operating system's
/// `flock` on `<folder>/.lock`, so it is released when the holder ends, however it ends.
///
/// The grader takes it for its whole run, because every run shares the assembled packages, the
/// build folders and the run folders under `.build-grade/`: two graders at once would build and
/// test each other's files. A second grader waits for the first, and says so.
public final class WorkFolderLock: Sendable {
  private let descriptor: Int32

  private init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// Takes the lock on `folder` (creating the folder), waiting as long as another process
  /// holds it.
  ///
  /// - Parameter waiting: called once, before waiting, with what the holder wrote about itself
  ///   (`pid 1234`), when the lock is taken.
  public static func acquire(in folder: URL, waiting: (String?) -> Void) throws -> WorkFolderLock {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent(".lock").path
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw WorkshopError(
        "cannot open the lock file \(path): \(String(cString: strerror(errno))). Check that "
          + "the folder is writable.")
    }
    if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK else {
        close(descriptor)
        throw WorkshopError(
          "cannot lock \(path): \(String(cString: strerror(errno))). The file system may not "
            + "support locks; use --build-folder on a local disk.")
      }
      let holder = (try? String(contentsOfFile: path, encoding: .utf8))?
        .trimmingCharacters(in: .whitespacesAndNewlines)
      waiting(holder?.isEmpty == false ? holder : nil)
      while flock(descriptor, LOCK_EX) != 0 {
        guard errno == EINTR else {
          close(descriptor)
          throw WorkshopError("cannot lock \(path): \(String(cString: strerror(errno))).")
        }
      }
    }
    let note = "pid \(ProcessInfo.processInfo.processIdentifier)\n"
    _ = ftruncate(descriptor, 0)
    _ = note.withCString { pwrite(descriptor, $0, strlen($0), 0) }
    return WorkFolderLock(descriptor: descriptor)
  }

  /// Whether another process (or another open of the file) holds the lock on `folder` now.
  public static func isHeld(in folder: URL) -> Bool {
    let path = folder.appendingPathComponent(".lock").path
    let descriptor = open(path, O_RDWR | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
      flock(descriptor, LOCK_UN)
      return false
    }
    return true
  }

  /// Gives the lock up. (Ending the process gives it up too.)
  public func release() {
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }
}

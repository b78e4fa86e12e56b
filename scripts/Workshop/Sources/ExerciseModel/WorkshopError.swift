/// A problem the instructor tools report: what is wrong, where, and how to fix it.
public struct WorkshopError: Error, CustomStringConvertible, Equatable {
  public var description: String

  public init(_ description: String) {
    self.description = description
  }
}

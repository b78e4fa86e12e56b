extension Headline {
  /// The canned headlines preview mode shows: realistic, always the same, and known to the
  /// tests, so that a preview run's output can be checked line by line.
  public static let previews: [Headline] = [
    Headline(title: "Harbour ferry returns after a week of storms", source: "The Coastal Post"),
    Headline(title: "City library opens its doors until midnight", source: "Evening Ledger"),
    Headline(title: "Local bakery wins the national sourdough prize", source: "Market Weekly"),
    Headline(title: "New cycle lane links the station and the university", source: "Metro Daily"),
    Headline(title: "Orchestra announces a free concert in the park", source: "Arts Review"),
    Headline(title: "Night trains to the mountains start in spring", source: "Travel Desk"),
  ]
}

import ExerciseModel
import Foundation
import Testing

/// The hash is kept in files (records, fingerprints): its values never change, whatever its
/// implementation.
@Suite struct FNV1aTests {
  func hash(_ parts: [String]) -> UInt64 {
    var hash = FNV1a()
    for part in parts { hash.add(Data(part.utf8)) }
    return hash.value
  }

  @Test func theValuesKeptInFilesStayTheSame() {
    #expect(hash(["Sources/A.swift"]) == 0x3a2d_be0b_ee7b_3add)
    #expect(hash(["ab", "c"]) == 0x20ba_9b30_25a8_b421)
    #expect(hash(["a", "bc"]) == 0xa0a3_542c_19b9_00ab)
  }
}

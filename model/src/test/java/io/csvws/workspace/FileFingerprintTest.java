package io.csvws.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** One version of a file: equal only when path, size, time and file key all are. */
class FileFingerprintTest {
  private static final FileFingerprint F =
      new FileFingerprint(Path.of("/w/part1"), 10, 20, "(dev=803,ino=7)");

  @Test
  void equalFingerprintsAreEqualAndHashAlike() {
    FileFingerprint same = new FileFingerprint(Path.of("/w/part1"), 10, 20, "(dev=803,ino=7)");
    assertThat(F).isEqualTo(same).hasSameHashCodeAs(same);
    FileFingerprint noKey = new FileFingerprint(null, 10, 20, null);
    assertThat(noKey).isEqualTo(new FileFingerprint(null, 10, 20, null))
        .hasSameHashCodeAs(new FileFingerprint(null, 10, 20, null)).isNotEqualTo(F);
  }

  /** {@link #F} with one part changed by the least it can change. */
  static Stream<FileFingerprint> nextVersions() {
    return Stream.of(
        new FileFingerprint(Path.of("/w/part2"), 10, 20, "(dev=803,ino=7)"),
        new FileFingerprint(Path.of("/w/part1"), 11, 20, "(dev=803,ino=7)"),
        new FileFingerprint(Path.of("/w/part1"), 10, 21, "(dev=803,ino=7)"),
        new FileFingerprint(Path.of("/w/part1"), 10, 20, "(dev=803,ino=8)"));
  }

  /**
   * A fingerprint is part of the metadata cache's key (a sidecar's version) and of a row index's
   * hash: a file grown by one byte, touched a nanosecond later or replaced by another file must
   * be another version, one that hashes apart too, or versions would pile up in one bucket.
   */
  @ParameterizedTest
  @MethodSource("nextVersions")
  void eachPartTellsVersionsApartAndSpreadsTheHash(FileFingerprint other) {
    assertThat(F).isNotEqualTo(other);
    assertThat(F.hashCode()).isNotEqualTo(other.hashCode());
  }

  @Test
  void aFingerprintIsNoOtherKindOfValue() {
    assertThat(F).isNotEqualTo("/w/part1");
  }
}

package io.csvws.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** One version of a file: equal only when path, size, time and file key all are. */
class FileFingerprintTest {
  private static final FileFingerprint F = new FileFingerprint(Path.of("/w/a.csv"), 10, 20, "k");

  @Test
  void equalFingerprintsAreEqualAndHashAlike() {
    FileFingerprint same = new FileFingerprint(Path.of("/w/a.csv"), 10, 20, "k");
    assertThat(F).isEqualTo(same).hasSameHashCodeAs(same);
    FileFingerprint noKey = new FileFingerprint(null, 10, 20, null);
    assertThat(noKey).isEqualTo(new FileFingerprint(null, 10, 20, null))
        .hasSameHashCodeAs(new FileFingerprint(null, 10, 20, null)).isNotEqualTo(F);
  }

  @Test
  void eachPartTellsVersionsApart() {
    assertThat(F).isNotEqualTo(new FileFingerprint(Path.of("/w/b.csv"), 10, 20, "k"))
        .isNotEqualTo(new FileFingerprint(Path.of("/w/a.csv"), 11, 20, "k"))
        .isNotEqualTo(new FileFingerprint(Path.of("/w/a.csv"), 10, 21, "k"))
        .isNotEqualTo(new FileFingerprint(Path.of("/w/a.csv"), 10, 20, "j"))
        .isNotEqualTo("/w/a.csv");
    assertThat(F.hashCode()).isNotEqualTo(new FileFingerprint(Path.of("/w/a.csv"), 11, 20, "k")
        .hashCode());
  }
}

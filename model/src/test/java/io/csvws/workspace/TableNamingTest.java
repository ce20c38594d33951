package io.csvws.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every file gets a name no other file in its folder shares (ignoring case); none is hidden. */
class TableNamingTest {

  static Stream<Arguments> folders() {
    return Stream.of(
        Arguments.of("distinct names", List.of("q1.csv", "q2.tsv", "notes.txt"),
            Map.of("q1.csv", "q1", "q2.tsv", "q2", "notes.txt", "notes")),
        Arguments.of("same name, two extensions", List.of("a.csv", "a.tsv"),
            Map.of("a.csv", "a_csv", "a.tsv", "a_tsv")),
        Arguments.of("same name ignoring case", List.of("A.csv", "a.csv"),
            Map.of("A.csv", "A_csv", "a.csv", "a_csv_2")),
        Arguments.of("a suffixed name that is also a file's name",
            List.of("a.csv", "a.tsv", "a_csv.csv"),
            Map.of("a.csv", "a_csv", "a.tsv", "a_tsv", "a_csv.csv", "a_csv_2")),
        Arguments.of("compressed and plain", List.of("a.csv", "a.csv.gz"),
            Map.of("a.csv", "a_csv", "a.csv.gz", "a_csv_gz")),
        Arguments.of("upper-case extensions", List.of("Sales.CSV", "sales.tsv"),
            Map.of("Sales.CSV", "Sales_csv", "sales.tsv", "sales_tsv")),
        Arguments.of("dots inside the name", List.of("v1.2.csv", "data.backup.tsv.gz"),
            Map.of("v1.2.csv", "v1.2", "data.backup.tsv.gz", "data.backup")),
        Arguments.of("one file", List.of("orders_2024.csv"), Map.of("orders_2024.csv",
            "orders_2024")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("folders")
  void namesTables(String scenario, List<String> files, Map<String, String> expected) {
    assertThat(TableNaming.nameTables(files)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("folders")
  void theNamesDoNotDependOnListingOrder(String scenario, List<String> files) {
    Map<String, String> reference = TableNaming.nameTables(files);
    Random r = new Random(1);
    for (int i = 0; i < 10; i++) {
      List<String> shuffled = new ArrayList<>(files);
      Collections.shuffle(shuffled, r);
      assertThat(TableNaming.nameTables(shuffled)).isEqualTo(reference);
    }
  }

  @Test
  void aCrowdedFolderStillGivesEveryFileItsOwnName() {
    List<String> files = new ArrayList<>();
    for (String base : List.of("a", "A", "a_csv", "A_CSV", "a_tsv", "a_csv_2")) {
      for (String ext : List.of(".csv", ".tsv", ".csv.gz", ".TXT")) {
        files.add(base + ext);
      }
    }

    Map<String, String> names = TableNaming.nameTables(files);

    assertThat(names).hasSize(files.size());
    assertThat(names.values().stream().map(n -> n.toLowerCase(Locale.ROOT)).distinct().count())
        .isEqualTo(files.size());
  }

  @Test
  void foldersAreNamedApartIgnoringCase() {
    Map<String, String> expected = new LinkedHashMap<>();
    expected.put("Data", "Data");
    expected.put("data", "data_2");
    expected.put("sales", "sales");

    assertThat(TableNaming.nameFolders(List.of("sales", "data", "Data"))).isEqualTo(expected);
  }

  static Stream<Arguments> kinds() {
    return Stream.of(
        Arguments.of("q1.csv", FileKind.CSV, false, "q1"),
        Arguments.of("q1.CSV", FileKind.CSV, false, "q1"),
        Arguments.of("q1.tsv", FileKind.TSV, false, "q1"),
        Arguments.of("q1.tab", FileKind.TAB, false, "q1"),
        Arguments.of("q1.psv", FileKind.PSV, false, "q1"),
        Arguments.of("q1.txt", FileKind.TXT, false, "q1"),
        Arguments.of("q1.csv.gz", FileKind.CSV, true, "q1"),
        Arguments.of("q1.TSV.GZ", FileKind.TSV, true, "q1"),
        Arguments.of("q1.json", null, false, null),
        Arguments.of("q1.csv.bak", null, false, null),
        Arguments.of("q1.gz", null, true, null),
        Arguments.of("q1.xlsx", null, false, null),
        Arguments.of("csv", null, false, null),
        Arguments.of(".csv", null, false, null));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("kinds")
  void fileKinds(String name, FileKind kind, boolean gzip, String baseName) {
    assertThat(FileKind.of(name)).isEqualTo(kind);
    assertThat(FileKind.isGzip(name)).isEqualTo(gzip);
    if (kind != null) {
      assertThat(FileKind.baseName(name)).isEqualTo(baseName);
    }
  }

  @Test
  void extensionsGiveTheirDelimiterHint() {
    assertThat(FileKind.CSV.delimiterHint()).isEqualTo(',');
    assertThat(FileKind.TSV.delimiterHint()).isEqualTo('\t');
    assertThat(FileKind.TAB.delimiterHint()).isEqualTo('\t');
    assertThat(FileKind.PSV.delimiterHint()).isEqualTo('|');
    assertThat(FileKind.TXT.delimiterHint()).isEqualTo('\0');
  }

  /** 50,000 folders whose names differ only in case are named in linear time, with _N suffixes. */
  @Test
  @org.junit.jupiter.api.Timeout(10)
  void manyNamesEqualIgnoringCaseAreNamedInLinearTime() {
    List<String> folders = new java.util.ArrayList<>();
    for (int i = 0; i < 50_000; i++) {
      StringBuilder b = new StringBuilder();
      for (int bit = 0; bit < 16; bit++) {
        b.append((i >> bit & 1) == 0 ? 'a' : 'A');
      }
      folders.add(b.toString());
    }
    Map<String, String> named = TableNaming.nameFolders(folders);
    assertThat(new java.util.HashSet<>(named.values())).hasSize(50_000);
    List<String> sorted = new java.util.ArrayList<>(folders);
    sorted.sort(null);
    assertThat(named.get(sorted.get(0))).isEqualTo(sorted.get(0));
    assertThat(named.get(sorted.get(1))).isEqualTo(sorted.get(1) + "_2");
    assertThat(named.get(sorted.get(49_999))).isEqualTo(sorted.get(49_999) + "_50000");
  }
}

package io.csvws.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Which file names are tables, ignoring the case of ASCII letters only, and what is left of a
 * name without its extensions.
 */
class FileKindTest {
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', nullValues = "null", value = {
      // name | kind | gzip | base name | extension suffix
      "q1.csv        | CSV  | false | q1        | csv",
      "q1.CsV        | CSV  | false | q1        | csv",
      "Q1.TAB        | TAB  | false | Q1        | tab",
      "q1.tab        | TAB  | false | q1        | tab",
      "q1.Tsv.Gz     | TSV  | true  | q1        | tsv_gz",
      "q1.psv.GZ     | PSV  | true  | q1        | psv_gz",
      "q1.TXT        | TXT  | false | q1        | txt",
      "a.csv         | CSV  | false | a         | csv",
      "a.csv.gz      | CSV  | true  | a         | csv_gz",
      "v1.2.csv      | CSV  | false | v1.2      | csv",
      "x.tsv.csv     | CSV  | false | x.tsv     | csv",
  })
  void tableFiles(String name, FileKind kind, boolean gzip, String base, String suffix) {
    assertThat(FileKind.of(name)).isEqualTo(kind);
    assertThat(FileKind.isGzip(name)).isEqualTo(gzip);
    assertThat(FileKind.baseName(name)).isEqualTo(base);
    assertThat(FileKind.extensionSuffix(name)).isEqualTo(suffix);
  }

  /** Letters just outside A-Z, and names that are only an extension, are not tables. */
  @ParameterizedTest(name = "\"{0}\"")
  @CsvSource(delimiter = '|', value = {
      "q1.cs@       | false | q1.cs@",
      "q1.cs[       | false | q1.cs[",
      "q1.csv.g[    | false | q1.csv.g[",
      "q1.csv.@z    | false | q1.csv.@z",
      ".csv         | false | .csv",
      ".csv.gz      | true  | .csv",
      "csv.gz       | true  | csv",
      ".gz          | true  | ''",
      "gz           | false | gz",
      "z            | false | z",
      "q1.gz        | true  | q1",
      "q1.csvx      | false | q1.csvx",
      "notes.md     | false | notes.md",
  })
  void otherFiles(String name, boolean gzip, String base) {
    assertThat(FileKind.of(name)).isNull();
    assertThat(FileKind.isGzip(name)).isEqualTo(gzip);
    assertThat(FileKind.baseName(name)).isEqualTo(base);
  }

  @org.junit.jupiter.api.Test
  void everyKindNamesItsExtensionAndDelimiter() {
    assertThat(FileKind.CSV.extension()).isEqualTo(".csv");
    assertThat(FileKind.TSV.extension()).isEqualTo(".tsv");
    assertThat(FileKind.TAB.extension()).isEqualTo(".tab");
    assertThat(FileKind.PSV.extension()).isEqualTo(".psv");
    assertThat(FileKind.TXT.extension()).isEqualTo(".txt");
    assertThat(FileKind.PSV.delimiterHint()).isEqualTo('|');
    assertThat(FileKind.GZIP_SUFFIX).isEqualTo(".gz");
  }
}

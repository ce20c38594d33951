package io.csvws.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.CsvRecord;
import de.siegmar.fastcsv.reader.CsvRecordHandler;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DataGeneratorTest {
  private static final Workload TINY = new Workload(7, 2_000, 5, 40);

  @TempDir
  Path dir;

  private static List<CsvRecord> parse(Path file) throws IOException {
    List<CsvRecord> out = new ArrayList<>();
    try (CsvReader<CsvRecord> r = CsvReader.builder()
        .build(CsvRecordHandler.builder().maxFields(100_000).build(), file)) {
      r.forEach(out::add);
    }
    return out;
  }

  @Test
  void sameSeedSameBytesOtherSeedOtherBytes() throws IOException {
    DataSet a = new DataSet(dir.resolve("a"), TINY, true);
    DataSet b = new DataSet(dir.resolve("b"), TINY, true);
    DataSet c = new DataSet(dir.resolve("c"), TINY.withSeed(8), true);
    a.ensure(null);
    b.ensure(null);
    c.ensure(null);
    assertThat(Files.readAllBytes(a.tall())).isEqualTo(Files.readAllBytes(b.tall()));
    assertThat(Files.readAllBytes(a.wide())).isEqualTo(Files.readAllBytes(b.wide()));
    assertThat(Files.readAllBytes(a.tall())).isNotEqualTo(Files.readAllBytes(c.tall()));
    assertThat(Files.readAllBytes(a.wide())).isNotEqualTo(Files.readAllBytes(c.wide()));
  }

  @Test
  void tallHasTheDocumentedColumnsAndValues() throws IOException {
    DataSet data = new DataSet(dir, TINY, false);
    data.ensure(null);
    assertThat(data.wide()).doesNotExist();
    List<CsvRecord> records = parse(data.tall());
    assertThat(records).hasSize(1 + 2_000);
    assertThat(String.join(",", records.get(0).getFields())).isEqualTo(DataGenerator.TALL_HEADER);

    Set<String> statuses = new HashSet<>();
    Set<String> countries = new HashSet<>();
    int withQuote = 0;
    for (int i = 1; i < records.size(); i++) {
      CsvRecord r = records.get(i);
      assertThat(r.getFieldCount()).as("fields of row %d", i).isEqualTo(12);
      assertThat(Long.parseLong(r.getField(0))).isEqualTo(i);
      assertThat(r.getField(1)).matches("[A-Z][a-z]+ [A-Z][a-z]+");
      assertThat(r.getField(2)).matches("[a-z]+\\.[a-z]+\\d{1,3}@[a-z.]+");
      statuses.add(r.getField(3));
      assertThat(r.getField(4)).matches("\\d{1,4}\\.\\d\\d");
      assertThat(Integer.parseInt(r.getField(5))).isBetween(1, 100);
      LocalDate date = LocalDate.parse(r.getField(6));
      LocalDateTime ts = LocalDateTime.parse(r.getField(7),
          DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss"));
      assertThat(ts.toLocalDate()).isBetween(date, date.plusDays(2));
      assertThat(r.getField(8)).isIn("true", "false");
      countries.add(r.getField(9));
      assertThat(Double.parseDouble(r.getField(10))).isBetween(0.0, 1000.0);
      String note = r.getField(11);
      // A doubled quote in the file is one character of the value.
      assertThat(note.length()).as("note of row %d: %s", i, note).isBetween(18, 80);
      assertThat(note).contains(",");
      if (note.contains("\"")) {
        withQuote++;
      }
    }
    assertThat(statuses).containsExactlyInAnyOrder(DataGenerator.STATUSES);
    assertThat(countries).contains("DE").hasSize(DataGenerator.COUNTRIES.length);
    // About one note in sixteen holds a doubled quote.
    assertThat(withQuote).isBetween(40, 300);
    // Every note is quoted in the file, so its commas never split it.
    String text = Files.readString(data.tall());
    assertThat(text.lines().skip(1)).allMatch(line -> line.endsWith("\""));
  }

  @Test
  void wideHasChrPosRefAltThenSamples() throws IOException {
    DataSet data = new DataSet(dir, TINY, true);
    data.ensure(null);
    List<CsvRecord> records = parse(data.wide());
    assertThat(records).hasSize(1 + 5);
    List<String> header = records.get(0).getFields();
    assertThat(header).hasSize(40);
    assertThat(header.subList(0, 6))
        .containsExactly("chr", "pos", "ref", "alt", "sample_00000", "sample_00001");
    assertThat(header.get(39)).isEqualTo("sample_00035");
    for (CsvRecord r : records.subList(1, records.size())) {
      assertThat(r.getFieldCount()).isEqualTo(40);
      assertThat(r.getField(0)).matches("chr\\d{1,2}");
      assertThat(r.getField(2)).isIn("A", "C", "G", "T");
      assertThat(r.getField(3)).isIn("A", "C", "G", "T").isNotEqualTo(r.getField(2));
      for (int c = 4; c < 40; c++) {
        assertThat(Integer.parseInt(r.getField(c))).isBetween(0, 99);
      }
    }
  }

  @Test
  void currentDataIsReusedAndStaleDataRegenerated() throws IOException {
    DataSet data = new DataSet(dir, TINY, true);
    StringWriter log = new StringWriter();
    assertThat(data.ensure(log)).isTrue();
    assertThat(log.toString()).contains("generating").contains("tall.csv");
    assertThat(data.isCurrent()).isTrue();
    assertThat(data.ensure(null)).isFalse();

    // Other sizes or another seed in the same folder: stale.
    assertThat(new DataSet(dir, TINY.withSeed(99), true).isCurrent()).isFalse();
    assertThat(new DataSet(dir, new Workload(7, 2_001, 5, 40), true).isCurrent()).isFalse();

    // A file cut short (an interrupted copy, an edit): stale, and regenerated whole.
    byte[] whole = Files.readAllBytes(data.tall());
    Files.write(data.tall(), java.util.Arrays.copyOf(whole, whole.length - 10));
    assertThat(data.isCurrent()).isFalse();
    assertThat(data.ensure(null)).isTrue();
    assertThat(Files.readAllBytes(data.tall())).isEqualTo(whole);

    // A missing stamp or file: stale.
    Files.delete(data.wide());
    assertThat(data.isCurrent()).isFalse();
    data.ensure(null);
    Files.delete(dir.resolve(DataSet.STAMP));
    assertThat(data.isCurrent()).isFalse();
  }

  @Test
  void sizesAreValidated() {
    assertThatThrownBy(() -> new Workload(1, 10, 5, 40))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("tall");
    assertThatThrownBy(() -> new Workload(1, 1_000, 5, 10))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("sample_00017");
    assertThat(Workload.QUICK.tallRows()).isEqualTo(100_000);
    assertThat(Workload.QUICK.wideRows()).isEqualTo(50);
    assertThat(Workload.QUICK.wideColumns()).isEqualTo(20_000);
    assertThat(Workload.FULL.q6FirstRow()).isEqualTo(1_500_000);
    assertThat(Workload.FULL.q6LastRow()).isEqualTo(1_500_020);
  }
}

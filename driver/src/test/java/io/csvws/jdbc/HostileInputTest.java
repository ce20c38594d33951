package io.csvws.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile files through JDBC: absurd headers, a file without line ends, gzip with garbage after
 * it, UTF-32, hostile CSVW metadata. Each gives an answer or a clear SQLException with a SQLState
 * naming the file, never a hang, a silent empty table or a stack trace.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class HostileInputTest {
  /**
   * How long a stopped statement may run on after its timeout or cancel: checks come at least
   * every few thousand columns or records, well under a second on a quiet machine; the margin is
   * for a loaded one (the build shares two cores).
   */
  private static final long STOP_WITHIN_MS = 3_000;

  @TempDir
  Path dir;

  private static String header(int columns, String name) {
    StringBuilder b = new StringBuilder(columns * (name.length() + 1));
    for (int i = 0; i < columns; i++) {
      b.append(i == 0 ? "" : ",").append(name);
    }
    return b.append('\n').toString();
  }

  private SQLException failure(String url, String sql) {
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        // drain: a failure may come while reading
      }
    } catch (SQLException e) {
      assertThat(e.getSQLState()).as(e.getMessage()).isNotNull();
      return e;
    }
    throw new AssertionError(sql + " gave an answer where a failure was expected");
  }

  private List<List<String>> rows(String url, String sql) throws SQLException {
    List<List<String>> out = new ArrayList<>();
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        List<String> row = new ArrayList<>();
        for (int k = 1; k <= n; k++) {
          row.add(rs.getString(k));
        }
        out.add(row);
      }
    }
    return out;
  }

  private String url() {
    return "jdbc:csvws:" + dir;
  }

  @Test
  void aHeaderOf200000ColumnsNamedAlikeIsRefusedQuicklyNamingFileAndLimit() throws IOException {
    Files.writeString(dir.resolve("wide.csv"), header(200_000, "c") + header(200_000, "1"));
    long t0 = System.nanoTime();
    SQLException e = failure(url(), "SELECT * FROM wide");
    long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
    System.out.println("HostileInputTest: 200,000 columns refused in " + ms + " ms");
    assertThat(e.getSQLState()).isEqualTo("58030");
    assertThat(e.getMessage()).contains("wide.csv", "200000 fields", "100000", "maxColumns");
    assertThat(ms).isLessThan(30_000);
  }

  @Test
  void maxColumnsIsConfigurable() throws SQLException, IOException {
    Files.writeString(dir.resolve("t.csv"), header(12, "c") + header(12, "1"));
    assertThat(failure(url() + "?maxColumns=11", "SELECT * FROM t").getMessage())
        .contains("t.csv", "12 fields", "11 columns", "maxColumns");
    assertThat(rows(url() + "?maxColumns=12", "SELECT c_12 FROM t"))
        .containsExactly(List.of("1"));
  }

  /** 20,000 columns named alike: named in linear time, so a query answers in seconds. */
  @Test
  void aHeaderOf20000ColumnsNamedAlikeAnswers() throws SQLException, IOException {
    Files.writeString(dir.resolve("wide.csv"), header(20_000, "c") + header(20_000, "7"));
    long t0 = System.nanoTime();
    assertThat(rows(url(), "SELECT c, c_2, c_20000 FROM wide"))
        .containsExactly(List.of("7", "7", "7"));
    System.out.println("HostileInputTest: 20,000 columns named alike answered in "
        + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0) + " ms");
  }

  @Test
  void aTimeoutStopsInspectionAndPlanningOfAWideFile() throws Exception {
    writeWideAndSmall();
    try (Connection c = DriverManager.getConnection(url()); Statement s = c.createStatement()) {
      warm(s);
      s.setQueryTimeout(1);
      long t0 = System.nanoTime();
      assertThatThrownBy(() -> drain(s.executeQuery("SELECT * FROM wide")))
          .isInstanceOfSatisfying(SQLException.class,
              e -> assertThat(e.getSQLState()).as(e.getMessage()).isEqualTo("HYT00"));
      long late = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0) - 1_000;
      System.out.println("HostileInputTest: timeout of 1 s ended the statement " + late
          + " ms after it");
      assertThat(late).isLessThan(STOP_WITHIN_MS);
      s.setQueryTimeout(0);
      assertThat(drain(s.executeQuery("SELECT * FROM small"))).isEqualTo(1);
    }
  }

  @Test
  void cancelStopsInspectionAndPlanningOfAWideFile() throws Exception {
    writeWideAndSmall();
    try (Connection c = DriverManager.getConnection(url()); Statement s = c.createStatement()) {
      warm(s);
      long[] cancelledAt = new long[1];
      Thread canceller = new Thread(() -> {
        try {
          Thread.sleep(300);
          cancelledAt[0] = System.nanoTime();
          s.cancel();
        } catch (InterruptedException | SQLException e) {
          throw new IllegalStateException(e);
        }
      });
      canceller.start();
      assertThatThrownBy(() -> drain(s.executeQuery("SELECT * FROM wide")))
          .isInstanceOfSatisfying(SQLException.class,
              e -> assertThat(e.getSQLState()).as(e.getMessage()).isEqualTo("57014"));
      long late = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - cancelledAt[0]);
      canceller.join();
      System.out.println("HostileInputTest: cancel ended the statement " + late + " ms after it");
      assertThat(late).isLessThan(STOP_WITHIN_MS);
      assertThat(drain(s.executeQuery("SELECT * FROM small"))).isEqualTo(1);
    }
  }

  /**
   * 90,000 columns and 200 rows (36 MB): inspecting its sample takes seconds even in a warm JVM,
   * so a timeout of 1 s or a cancel after 300 ms always lands while the statement works.
   */
  private void writeWideAndSmall() throws IOException {
    Files.writeString(dir.resolve("wide.csv"), header(90_000, "c") + header(90_000, "1")
        .repeat(200));
    Files.writeString(dir.resolve("small.csv"), "x\n1\n");
  }

  private static void warm(Statement s) throws SQLException {
    drain(s.executeQuery("SELECT * FROM small"));
  }

  private static int drain(ResultSet rs) throws SQLException {
    try (rs) {
      int n = 0;
      while (rs.next()) {
        n++;
      }
      return n;
    }
  }

  @Test
  void aFileWithoutLineEndsInItsSampleIsReportedNotReadAsEmpty() throws IOException {
    byte[] line = "a,".repeat(5 << 20).getBytes(StandardCharsets.US_ASCII);
    Files.write(dir.resolve("line.csv"), line);
    SQLException e = failure(url(), "SELECT * FROM line");
    assertThat(e.getSQLState()).isEqualTo("58030");
    assertThat(e.getMessage()).contains("line.csv", "no line end");
  }

  @Test
  void gzipDataFollowedByGarbageIsReported() throws IOException, SQLException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    b.write(gzip("id,name\n1,a\n2,b\n"));
    b.write("this is not gzip".getBytes(StandardCharsets.US_ASCII));
    Files.write(dir.resolve("g.csv.gz"), b.toByteArray());
    SQLException e = failure(url(), "SELECT * FROM g");
    assertThat(e.getSQLState()).isEqualTo("58030");
    assertThat(e.getMessage()).contains("g.csv.gz", "not gzip");

    ByteArrayOutputStream two = new ByteArrayOutputStream();
    two.write(gzip("id,name\n1,a\n"));
    two.write(gzip("2,b\n"));
    Files.write(dir.resolve("members.csv.gz"), two.toByteArray());
    assertThat(rows(url(), "SELECT id, name FROM members ORDER BY id"))
        .containsExactly(List.of("1", "a"), List.of("2", "b"));
  }

  @Test
  void aTruncatedGzipFileIsReported() throws IOException {
    byte[] whole = gzip("id,name\n" + "1,abcdefgh\n".repeat(1000));
    Files.write(dir.resolve("cut.csv.gz"), java.util.Arrays.copyOf(whole, whole.length - 20));
    SQLException e = failure(url(), "SELECT COUNT(*) FROM cut");
    assertThat(e.getMessage()).contains("cut.csv.gz");
  }

  private static byte[] gzip(String text) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    try (OutputStream out = new GZIPOutputStream(b)) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
    return b.toByteArray();
  }

  @Test
  void utf32FilesWithAByteOrderMarkAreRead() throws IOException, SQLException {
    String text = "id,name\n1,Łódź\n2,日本\n";
    for (String cs : List.of("UTF-32LE", "UTF-32BE")) {
      ByteArrayOutputStream b = new ByteArrayOutputStream();
      b.write("\uFEFF".getBytes(Charset.forName(cs)));
      b.write(text.getBytes(Charset.forName(cs)));
      Files.write(dir.resolve(cs.toLowerCase().replace("-", "") + ".csv"), b.toByteArray());
    }
    for (String t : List.of("utf32le", "utf32be")) {
      assertThat(rows(url(), "SELECT id, name FROM " + t + " ORDER BY id")).as(t)
          .containsExactly(List.of("1", "Łódź"), List.of("2", "日本"));
    }
  }

  @Test
  void csvwMetadataNested10000DeepIsRefusedWithASqlState() throws IOException {
    Files.writeString(dir.resolve("t.csv"), "a,b\n1,2\n");
    Files.writeString(dir.resolve("t.csv-metadata.json"),
        "{\"@context\":\"http://www.w3.org/ns/csvw\",\"x\":" + "[".repeat(10_000)
            + "]".repeat(10_000) + "}");
    SQLException e = failure(url(), "SELECT * FROM t");
    assertThat(e.getSQLState()).isEqualTo("HY024");
    assertThat(e.getMessage()).contains("t.csv-metadata.json", "not valid JSON", "depth");
  }

  @Test
  void oversizedCsvwMetadataIsRefused() throws IOException {
    Files.writeString(dir.resolve("t.csv"), "a,b\n1,2\n");
    Files.writeString(dir.resolve("t.csv-metadata.json"),
        "{\"@context\":\"http://www.w3.org/ns/csvw\",\"notes\":\"" + "x".repeat(2 << 20) + "\"}");
    SQLException e = failure(url(), "SELECT * FROM t");
    assertThat(e.getSQLState()).isEqualTo("HY024");
    assertThat(e.getMessage()).contains("t.csv-metadata.json", "larger than");
  }

  @Test
  void unhonouredCsvwMembersAreRefusedByName() throws IOException {
    Files.writeString(dir.resolve("t.csv"), "a,b\n1,2\n");
    String context = "\"@context\":\"http://www.w3.org/ns/csvw\"";
    List<String[]> cases = List.of(
        new String[] {"{" + context + ",\"tables\":[{\"url\":\"t.csv\"}]}", "tables"},
        new String[] {"{" + context + ",\"@id\":\"http://example.org/t\",\"url\":\"t.csv\"}", "@id"},
        new String[] {"{\"@context\":[\"http://www.w3.org/ns/csvw\",{\"@base\":\"http://x/\"}],"
            + "\"url\":\"t.csv\"}", "@base"});
    for (String[] c : cases) {
      Files.writeString(dir.resolve("t.csv-metadata.json"), c[0]);
      SQLException e = failure(url(), "SELECT * FROM t");
      assertThat(e.getSQLState()).as(c[1]).isEqualTo("HY024");
      assertThat(e.getMessage()).as(c[1]).contains("t.csv-metadata.json", c[1]);
    }
  }

  @Test
  void aLineBreakDelimiterIsShownEscaped() {
    SQLException e = failure(url() + "?delimiter=%0A", "SELECT 1");
    assertThat(e.getSQLState()).isEqualTo("HY024");
    assertThat(e.getMessage()).contains("'\\n'");
  }

  /** A getter that cannot deliver (a conversion, a column that is not there) fails with a SQLState. */
  @Test
  void gettersFailWithASqlState() throws IOException, SQLException {
    Files.writeString(dir.resolve("t.csv"), "s,n\nabc,1\n");
    try (Connection c = DriverManager.getConnection(url()); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT s, n FROM t")) {
      assertThat(rs.next()).isTrue();
      assertThatThrownBy(() -> rs.getInt(1)).isInstanceOfSatisfying(SQLException.class, e -> {
        assertThat(e.getSQLState()).isEqualTo("22018");
        assertThat(e.getMessage()).doesNotContain("org.apache");
      });
      assertThatThrownBy(() -> rs.getDate("s")).isInstanceOfSatisfying(SQLException.class,
          e -> assertThat(e.getSQLState()).isEqualTo("22018"));
      assertThatThrownBy(() -> rs.getString(9)).isInstanceOfSatisfying(SQLException.class,
          e -> assertThat(e.getSQLState()).isEqualTo("07009"));
      assertThatThrownBy(() -> rs.getString("nosuch")).isInstanceOfSatisfying(SQLException.class,
          e -> assertThat(e.getSQLState()).isNotNull());
      assertThat(rs.getString(1)).isEqualTo("abc");
    }
  }
}

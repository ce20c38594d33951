package io.csvws.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A genomics-style file of 20,000 columns: every query shape an agent or a BI tool uses works,
 * returns every column where asked, and never meets a code-generation limit. Timeouts only guard
 * against hangs; speed is measured in bench/.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class WideTableTest {
  private static final int COLUMNS = 20_000;
  private static final int ROWS = 120;

  private Connection connection;

  /** Sample genotypes are a pure function of (row, column), so tests can compute expectations. */
  static int genotype(int row, int sample) {
    return (row * 31 + sample * 7) % 3;
  }

  @BeforeAll
  void writeFile(@TempDir Path dir) throws IOException, SQLException {
    try (BufferedWriter w = Files.newBufferedWriter(dir.resolve("variants.csv"),
        StandardCharsets.UTF_8)) {
      StringBuilder header = new StringBuilder("chr,pos,ref,alt");
      for (int s = 0; s < COLUMNS - 4; s++) {
        header.append(",sample_").append(String.format("%05d", s));
      }
      w.write(header.append('\n').toString());
      for (int r = 1; r <= ROWS; r++) {
        StringBuilder line = new StringBuilder();
        line.append(r % 22 + 1).append(',').append(10_000 + r).append(",A,G");
        for (int s = 0; s < COLUMNS - 4; s++) {
          line.append(',').append(genotype(r, s));
        }
        w.write(line.append('\n').toString());
      }
    }
    connection = DriverManager.getConnection("jdbc:csvws:" + dir);
  }

  @AfterAll
  void close() throws SQLException {
    connection.close();
  }

  @Test
  void projectingTwoColumnsReadsOnlyThem() throws SQLException {
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery("SELECT chr, pos FROM variants")) {
      assertThat(rs.getMetaData().getColumnCount()).isEqualTo(2);
      int rows = 0;
      while (rs.next()) {
        rows++;
        assertThat(rs.getInt("chr")).isEqualTo(rows % 22 + 1);
        assertThat(rs.getLong("pos")).isEqualTo(10_000 + rows);
      }
      assertThat(rows).isEqualTo(ROWS);
    }
    assertThat(explain("SELECT chr, pos FROM variants")).contains("fields=[[chr, pos]]")
        .doesNotContain("EnumerableCalc");
  }

  @Test
  void selectStarReturnsEveryColumnInFileOrder() throws SQLException {
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery("SELECT * FROM variants")) {
      ResultSetMetaData md = rs.getMetaData();
      assertThat(md.getColumnCount()).isEqualTo(COLUMNS);
      assertThat(md.getColumnName(1)).isEqualTo("chr");
      assertThat(md.getColumnName(COLUMNS)).isEqualTo(String.format("sample_%05d", COLUMNS - 5));
      assertThat(md.getColumnType(5)).isEqualTo(Types.INTEGER);
      int rows = 0;
      while (rs.next()) {
        rows++;
        assertThat(rs.getString(3)).isEqualTo("A");
        assertThat(rs.getInt(5 + 17)).isEqualTo(genotype(rows, 17));
        assertThat(rs.getInt(COLUMNS)).isEqualTo(genotype(rows, COLUMNS - 5));
      }
      assertThat(rows).isEqualTo(ROWS);
    }
  }

  @Test
  void selectStarWithFilterOrderAndLimit() throws SQLException {
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery(
            "SELECT v.* FROM variants v WHERE chr = 3 ORDER BY pos DESC LIMIT 2 OFFSET 1")) {
      assertThat(rs.getMetaData().getColumnCount()).isEqualTo(COLUMNS);
      List<Long> positions = new ArrayList<>();
      while (rs.next()) {
        positions.add(rs.getLong("pos"));
        int row = (int) (rs.getLong("pos") - 10_000);
        assertThat(rs.getInt("sample_00123")).isEqualTo(genotype(row, 123));
      }
      // Rows with chr = 3 are r % 22 == 2: 112, 90, 68, 46, 24, 2 (descending); skip one, take two.
      assertThat(positions).containsExactly(10_090L, 10_068L);
    }
  }

  @Test
  void aggregatesOverOneColumnOfManySamples() throws SQLException {
    long expected = 0;
    for (int r = 1; r <= ROWS; r++) {
      expected += genotype(r, 17);
    }
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery(
            "SELECT COUNT(*), SUM(sample_00017), MAX(sample_19995) FROM variants")) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getLong(1)).isEqualTo(ROWS);
      assertThat(rs.getLong(2)).isEqualTo(expected);
      assertThat(rs.getInt(3)).isEqualTo(2);
    }
  }

  @Test
  void metadataListsEveryColumn() throws SQLException {
    try (ResultSet rs = connection.getMetaData().getColumns(null, null, "variants", null)) {
      int n = 0;
      while (rs.next()) {
        n++;
        assertThat(rs.getInt("ORDINAL_POSITION")).isEqualTo(n);
      }
      assertThat(n).isEqualTo(COLUMNS);
    }
  }

  @Test
  void starInOtherShapesFailsFastWithWhatToWrite() {
    assertThatThrownBy(() -> {
      try (Statement s = connection.createStatement()) {
        s.executeQuery("SELECT *, chr || ':' || pos AS locus FROM variants");
      }
    }).isInstanceOf(SQLException.class)
        .hasMessageContaining("20000 columns")
        .hasMessageContaining("name the columns you need");
  }

  @Test
  void namedColumnsInJoinsStillWork() throws SQLException {
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery("SELECT a.pos, b.sample_00002 FROM variants a "
            + "JOIN variants b ON a.pos = b.pos WHERE a.chr = 1 ORDER BY a.pos")) {
      int rows = 0;
      while (rs.next()) {
        rows++;
        int row = (int) (rs.getLong(1) - 10_000);
        assertThat(row % 22).isZero();
        assertThat(rs.getInt(2)).isEqualTo(genotype(row, 2));
      }
      assertThat(rows).isEqualTo(ROWS / 22);
    }
  }

  private String explain(String sql) throws SQLException {
    return Queries.plan(connection, sql);
  }
}

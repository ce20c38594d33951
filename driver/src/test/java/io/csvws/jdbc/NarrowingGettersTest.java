package io.csvws.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.csvws.driver.CsvwsUrl;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The narrowing getters ({@code getByte}, {@code getShort}, {@code getInt}, {@code getLong}) of
 * a number outside their range fail with SQLState 22003 naming the column and the value, never
 * wrap; in range, a fraction is dropped; NULL is 0.
 */
class NarrowingGettersTest {
  @TempDir
  static Path dir;

  @BeforeAll
  static void file() throws IOException {
    Files.writeString(dir.resolve("n.csv"), String.join("\n",
        "big,dec,dbl,txt",
        "3000000000,2.9,2147483647.9,5",
        "2147483647,-2147483648.5,2147483648.0,x",
        "-2147483648,100000000000000000000.0,1e300,",
        "32768,-129.0,NaN,7",
        "-129,127.99,-9.3e18,8",
        ",,,") + "\n");
  }

  private static Connection open() throws SQLException {
    return DriverManager.getConnection(CsvwsUrl.of(dir) + "?metadataCache=memory");
  }

  private interface Check {
    void on(ResultSet rs) throws SQLException;
  }

  private static void row(int n, Check check) throws SQLException {
    try (Connection c = open(); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT big, dec, dbl, txt FROM n WHERE _row = " + n)) {
      assertThat(rs.next()).isTrue();
      check.on(rs);
    }
  }

  private static void outOfRange(ResultSet rs, Check getter, String value, String column) {
    assertThatThrownBy(() -> getter.on(rs)).isInstanceOf(SQLException.class)
        .hasMessageContaining("The value " + value)
        .hasMessageContaining(column)
        .hasMessageContaining("is outside the range of")
        .extracting(e -> ((SQLException) e).getSQLState()).isEqualTo("22003");
  }

  @Test
  void aBigintBeyondIntFailsGetIntButNotGetLong() throws SQLException {
    row(1, rs -> {
      assertThat(rs.getLong(1)).isEqualTo(3_000_000_000L);
      assertThat(rs.getObject(1, Long.class)).isEqualTo(3_000_000_000L);
      outOfRange(rs, r -> r.getInt(1), "3000000000", "\"big\"");
      outOfRange(rs, r -> r.getInt("big"), "3000000000", "\"big\"");
      outOfRange(rs, r -> r.getObject(1, Integer.class), "3000000000", "\"big\"");
      outOfRange(rs, r -> r.getShort(1), "3000000000", "\"big\"");
      outOfRange(rs, r -> r.getByte(1), "3000000000", "\"big\"");
      assertThat(rs.getInt(2)).as("2.9 drops its fraction").isEqualTo(2);
      assertThat(rs.getInt(3)).as("2147483647.9").isEqualTo(Integer.MAX_VALUE);
      assertThatThrownBy(() -> rs.getInt(4)).as("text is not a number, whatever it holds")
          .isInstanceOf(SQLException.class).hasMessageContaining("cannot be read with getInt");
    });
  }

  @Test
  void theEdgesOfIntAreInRange() throws SQLException {
    row(2, rs -> {
      assertThat(rs.getInt(1)).isEqualTo(Integer.MAX_VALUE);
      assertThat(rs.getInt(2)).as("-2147483648.5").isEqualTo(Integer.MIN_VALUE);
      outOfRange(rs, r -> r.getInt(3), "2.147483648E9", "\"dbl\"");
      assertThat(rs.getLong(3)).isEqualTo(2_147_483_648L);
      outOfRange(rs, r -> r.getShort(1), "2147483647", "\"big\"");
    });
    row(3, rs -> {
      assertThat(rs.getInt(1)).isEqualTo(Integer.MIN_VALUE);
      outOfRange(rs, r -> r.getLong(2), "100000000000000000000", "\"dec\"");
      outOfRange(rs, r -> r.getLong("dec"), "100000000000000000000", "\"dec\"");
      outOfRange(rs, r -> r.getLong(3), "1.0E300", "\"dbl\"");
      assertThat(rs.getBigDecimal(2)).isEqualByComparingTo("100000000000000000000");
    });
  }

  @Test
  void shortsAndBytesAndNotANumber() throws SQLException {
    row(4, rs -> {
      outOfRange(rs, r -> r.getShort(1), "32768", "\"big\"");
      assertThat(rs.getInt(1)).isEqualTo(32768);
      outOfRange(rs, r -> r.getByte(2), "-129", "\"dec\"");
      assertThat(rs.getShort(2)).isEqualTo((short) -129);
      outOfRange(rs, r -> r.getInt(3), "NaN", "\"dbl\"");
      outOfRange(rs, r -> r.getLong(3), "NaN", "\"dbl\"");
    });
    row(5, rs -> {
      outOfRange(rs, r -> r.getByte(1), "-129", "\"big\"");
      outOfRange(rs, r -> r.getObject(1, Byte.class), "-129", "\"big\"");
      assertThat(rs.getByte(2)).as("127.99").isEqualTo((byte) 127);
      outOfRange(rs, r -> r.getLong(3), "-9.3E18", "\"dbl\"");
      outOfRange(rs, r -> r.getInt(3), "-9.3E18", "\"dbl\"");
    });
  }

  @Test
  void nullIsZeroAndWasNull() throws SQLException {
    row(6, rs -> {
      for (int i = 1; i <= 3; i++) {
        assertThat(rs.getInt(i)).isZero();
        assertThat(rs.wasNull()).isTrue();
        assertThat(rs.getByte(i)).isZero();
        assertThat(rs.getLong(i)).isZero();
        assertThat(rs.getObject(i, Integer.class)).isNull();
      }
    });
  }
}

package io.csvws.sql.functions;

import static io.csvws.testing.ModelConnection.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.csvws.testing.ModelConnection;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * csvws's functions and date arithmetic in SQL over a small file, through a connection model
 * puts together itself: what the validator types, what the rewrite feeds the aggregates and what
 * comes back, NULLs included.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FunctionsSqlTest {
  private Connection c;

  @BeforeAll
  void open(@TempDir Path dir) throws IOException, SQLException {
    Files.writeString(dir.resolve("t.csv"), "id,d,n,x,y,g,s\n"
        + "1,2024-01-31,1,1.5,3,a,x\n"
        + "2,2024-02-29,2,2.5,5,a,yy\n"
        + "3,2024-03-01,3,,7,b,\n"
        + "4,,4,4.5,9,b,zzz\n", StandardCharsets.UTF_8);
    c = ModelConnection.open(dir);
  }

  @AfterAll
  void close() throws SQLException {
    c.close();
  }

  private List<List<String>> q(String sql) throws SQLException {
    return rows(c, sql);
  }

  private int type(String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      ResultSetMetaData md = rs.getMetaData();
      return md.getColumnType(1);
    }
  }

  private int nullable(String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      return rs.getMetaData().isNullable(1);
    }
  }

  @Test
  void aResultIsNullableWhenEitherOperandIs() throws SQLException {
    assertThat(nullable("SELECT d - DATE '2024-01-01' FROM t"))
        .isEqualTo(ResultSetMetaData.columnNullable);
    assertThat(nullable("SELECT DATE '2024-01-01' - d FROM t"))
        .isEqualTo(ResultSetMetaData.columnNullable);
    assertThat(nullable("SELECT DATE '2024-01-01' + n FROM t"))
        .isEqualTo(ResultSetMetaData.columnNullable);
    assertThat(nullable("SELECT d + 1 FROM t")).isEqualTo(ResultSetMetaData.columnNullable);
    assertThat(nullable("SELECT DATE '2024-01-02' - DATE '2024-01-01' FROM t"))
        .isEqualTo(ResultSetMetaData.columnNoNulls);
    assertThat(nullable("SELECT DATE '2024-01-02' - 1 FROM t"))
        .isEqualTo(ResultSetMetaData.columnNoNulls);
  }

  @Test
  void dateMinusDateIsWholeDays() throws SQLException {
    assertThat(q("SELECT DATE '2024-03-01' - DATE '2024-02-01'")).containsExactly(
        List.of("29"));
    assertThat(type("SELECT DATE '2024-03-01' - DATE '2024-02-01'")).isEqualTo(Types.INTEGER);
    assertThat(q("SELECT d - DATE '2024-01-01' FROM t ORDER BY id")).containsExactly(
        List.of("30"), List.of("59"), List.of("60"), java.util.Collections.singletonList(null));
  }

  @Test
  void aDateMovesByWholeDays() throws SQLException {
    assertThat(q("SELECT DATE '2024-02-28' + 2, 2 + DATE '2024-02-28', "
        + "DATE '2024-03-01' - 1")).containsExactly(List.of("2024-03-01", "2024-03-01",
            "2024-02-29"));
    assertThat(type("SELECT DATE '2024-02-28' + 2")).isEqualTo(Types.DATE);
    assertThat(type("SELECT 2 + DATE '2024-02-28'")).isEqualTo(Types.DATE);
    assertThat(type("SELECT DATE '2024-02-28' - 2")).isEqualTo(Types.DATE);
    assertThat(q("SELECT d + n FROM t ORDER BY id")).containsExactly(List.of("2024-02-01"),
        List.of("2024-03-02"), List.of("2024-03-04"), java.util.Collections.singletonList(null));
    assertThat(q("SELECT d - n FROM t WHERE id = 3")).containsExactly(List.of("2024-02-27"));
    assertThat(q("SELECT DATE '2024-01-01' + CAST(40 AS BIGINT)"))
        .containsExactly(List.of("2024-02-10"));
    assertThat(q("SELECT n + d FROM t WHERE id = 1")).containsExactly(List.of("2024-02-01"));
  }

  @Test
  void otherOperandsKeepTheStandardMeaning() throws SQLException {
    assertThat(q("SELECT 7 - 2, 7 + 2, 1.5 + 1, TIMESTAMP '2024-01-01 10:00:00' - INTERVAL "
        + "'1' HOUR")).containsExactly(List.of("5", "9", "2.5", "2024-01-01 09:00:00"));
    assertThat(type("SELECT 7 - 2")).isEqualTo(Types.INTEGER);
    assertThat(q("SELECT DATE '2024-01-31' + INTERVAL '1' MONTH"))
        .containsExactly(List.of("2024-02-29"));
    assertThat(q("SELECT DATE '2024-01-31' - INTERVAL '1' DAY"))
        .containsExactly(List.of("2024-01-30"));
    assertThat(q("SELECT n - id, x + n FROM t WHERE id = 2")).containsExactly(List.of("0",
        "4.5"));
  }

  @Test
  void aDateMinusADateTheOtherWayIsNotADateCase() {
    assertThatThrownBy(() -> q("SELECT 2 - DATE '2024-01-01'")).isInstanceOf(SQLException.class);
  }

  @Test
  void statisticsOverAColumnSkipNulls() throws SQLException {
    assertThat(q("SELECT MEDIAN(x), MEDIAN(n) FROM t")).containsExactly(List.of("2.5",
        "2.5"));
    assertThat(q("SELECT g, MEDIAN(x) FROM t GROUP BY g ORDER BY g")).containsExactly(
        List.of("a", "2.0"), List.of("b", "4.5"));
    assertThat(q("SELECT REGR_SLOPE(y, n), REGR_INTERCEPT(y, n), CORR(y, n) FROM t"))
        .containsExactly(List.of("2.0", "1.0", "1.0"));
    assertThat(q("SELECT COVAR_SAMP(y, n), COVAR_POP(y, n), REGR_SXX(y, n), REGR_SYY(y, n) "
        + "FROM t")).containsExactly(List.of("3.3333333333333335", "2.5", "5.0", "20.0"));
  }

  @Test
  void orderedSetPercentilesRun() throws SQLException {
    assertThat(q("SELECT PERCENTILE_CONT(0.25) WITHIN GROUP (ORDER BY n), "
        + "PERCENTILE_CONT(0.25) WITHIN GROUP (ORDER BY n DESC), "
        + "PERCENTILE_DISC(0.5) WITHIN GROUP (ORDER BY d), "
        + "PERCENTILE_DISC(0.5) WITHIN GROUP (ORDER BY s DESC) FROM t"))
        .containsExactly(List.of("1.75", "3.25", "2024-02-29", "yy"));
    assertThat(q("SELECT MODE() WITHIN GROUP (ORDER BY g) FROM t WHERE id < 4"))
        .containsExactly(List.of("a"));
  }

  @Test
  void scalarFunctionsRunWithNulls() throws SQLException {
    assertThat(q("SELECT DATE_TRUNC('month', TIMESTAMP '2024-02-29 10:11:12'), "
        + "STRFTIME(TIMESTAMP '2024-02-29 10:11:12', '%d/%m/%Y'), "
        + "STRPTIME('29/02/2024', '%d/%m/%Y'), TRY_STRPTIME('x', '%Y'), "
        + "DAYNAME(TIMESTAMP '2024-02-29 00:00:00'), MONTHNAME(TIMESTAMP '2024-02-29 00:00:00'), "
        + "MAKE_DATE(2024, 2, 29)")).containsExactly(java.util.Arrays.asList(
            "2024-02-01 00:00:00", "29/02/2024", "2024-02-29 00:00:00", null, "Thursday",
            "February", "2024-02-29"));
    assertThat(q("SELECT LENGTH(s), CHAR_LENGTH(s), REGEXP_MATCHES(s, 'y+'), BTRIM(s, 'z') "
        + "FROM t ORDER BY id")).containsExactly(List.of("1", "1", "false", "x"),
            List.of("2", "2", "true", "yy"), java.util.Arrays.asList(null, null, null, null),
            List.of("3", "3", "false", ""));
  }
}

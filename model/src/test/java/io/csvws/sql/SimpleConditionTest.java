package io.csvws.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.csvws.sql.SimpleCondition.Conjunct;
import io.csvws.sql.SimpleCondition.Discrete;
import io.csvws.sql.SimpleCondition.NullTest;
import io.csvws.sql.SimpleCondition.Ordered;
import io.csvws.sql.ValueTests.Op;
import io.csvws.testing.ModelConnection;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.apache.calcite.linq4j.function.Predicate1;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.type.SqlTypeName;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Which WHERE clauses {@link SimpleScan} takes without the planner ({@link SimpleCondition}), the
 * tests it makes of them, and how those tests treat values. The answers themselves are compared
 * with the planned statement's and DuckDB's in the driver's differential suite.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SimpleConditionTest {
  private Connection connection;
  private CsvwsPrepare.CatalogReader reader;

  @BeforeAll
  void writeFiles(@TempDir Path dir) throws IOException, SQLException {
    // Ordinals: i 0, b 1, d 2, f 3, s 4, ok 5, day 6, ts 7, tm 8, _row 9.
    Files.writeString(dir.resolve("t.csv"), String.join("\n",
        "i,b,d,f,s,ok,day,ts,tm",
        "1,3000000000,1.50,1e0,DE,true,2024-01-01,2024-01-01 10:00:00,10:00:00",
        "2,-4,2.25,2.5e-1,fr,false,2023-12-31,2023-12-31 23:59:59.999,23:59:59") + "\n",
        StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("alias.csv"), "a,b\n1,2\n", StandardCharsets.UTF_8);
    connection = ModelConnection.open(dir);
    reader = CatalogReaders.of(connection);
  }

  @AfterAll
  void close() throws SQLException {
    connection.close();
  }

  private SimpleScan match(String sql) throws SqlParseException {
    return SimpleScan.match(SqlParser.create(sql, LexicalPolicy.parserConfig()).parseQuery(),
        reader);
  }

  private List<Conjunct> tests(String where) throws SqlParseException {
    SimpleScan scan = match("SELECT * FROM t WHERE " + where);
    assertThat(scan).as(where).isNotNull();
    return scan.tests();
  }

  @Test
  void comparisonsBecomeExactTestsOfTheColumnsType() throws SqlParseException {
    long max = Long.MAX_VALUE;
    long min = Long.MIN_VALUE;
    assertThat(tests("i > 50")).containsExactly(new Discrete(0, false, 51, max, null));
    assertThat(tests("i > 50.5")).containsExactly(new Discrete(0, false, 51, max, null));
    assertThat(tests("i >= 50.5")).containsExactly(new Discrete(0, false, 51, max, null));
    assertThat(tests("i >= -50.5")).containsExactly(new Discrete(0, false, -50, max, null));
    assertThat(tests("i < -50.5")).containsExactly(new Discrete(0, false, min, -51, null));
    assertThat(tests("i <= 50.5")).containsExactly(new Discrete(0, false, min, 50, null));
    assertThat(tests("i < 50")).containsExactly(new Discrete(0, false, min, 49, null));
    assertThat(tests("i = 50.00")).containsExactly(new Discrete(0, false, 50, 50, null));
    assertThat(tests("i <> 50")).containsExactly(new Discrete(0, false, min, max, 50L));
    assertThat(tests("i <> 50.5")).containsExactly(new Discrete(0, false, min, max, null));
    assertThat(tests("50 < i")).containsExactly(new Discrete(0, false, 51, max, null));
    assertThat(tests("-5 >= i")).containsExactly(new Discrete(0, false, min, -5, null));
    assertThat(tests("+5 = i")).containsExactly(new Discrete(0, false, 5, 5, null));
    assertThat(tests("b < 9223372036854775808"))
        .containsExactly(new Discrete(1, false, min, max, null));
    assertThat(tests("b > -9223372036854775809"))
        .containsExactly(new Discrete(1, false, min, max, null));
    assertThat(tests("b <> 9223372036854775808"))
        .containsExactly(new Discrete(1, false, min, max, null));
    assertThat(tests("i BETWEEN 2 AND 7")).containsExactly(
        new Discrete(0, false, 2, max, null), new Discrete(0, false, min, 7, null));
    assertThat(tests("d = 1.5")).containsExactly(
        new Ordered(2, SqlTypeName.DECIMAL, Op.EQ, new BigDecimal("1.5")));
    assertThat(tests("d > -1.005")).containsExactly(
        new Ordered(2, SqlTypeName.DECIMAL, Op.GT, new BigDecimal("-1.005")));
    assertThat(tests("f < 0.1")).containsExactly(
        new Ordered(3, SqlTypeName.DOUBLE, Op.LT, 0.1d));
    assertThat(tests("f >= -2.5e-1")).containsExactly(
        new Ordered(3, SqlTypeName.DOUBLE, Op.GE, -0.25d));
    assertThat(tests("s = 'DE' AND 'x' > s")).containsExactly(
        new Ordered(4, SqlTypeName.VARCHAR, Op.EQ, "DE"),
        new Ordered(4, SqlTypeName.VARCHAR, Op.LT, "x"));
    assertThat(tests("ok = TRUE")).containsExactly(new Discrete(5, true, 1, 1, null));
    assertThat(tests("ok <> TRUE")).containsExactly(new Discrete(5, true, min, max, 1L));
    assertThat(tests("day >= DATE '1970-01-02'"))
        .containsExactly(new Discrete(6, false, 1, max, null));
    assertThat(tests("ts < TIMESTAMP '1970-01-01 00:00:01.5'"))
        .containsExactly(new Discrete(7, false, min, 1499, null));
    assertThat(tests("tm = TIME '00:00:02'"))
        .containsExactly(new Discrete(8, false, 2000, 2000, null));
    assertThat(tests("s IS NULL AND i IS NOT NULL")).containsExactly(
        new NullTest(4, true), new NullTest(0, false));
    assertThat(tests("(i > 1 AND s = 'a') AND (d < 2 AND _row < 5)")).hasSize(3);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {
      "SELECT i FROM t WHERE i = 1",
      "SELECT i, s FROM t WHERE s <> '' AND i < 3 AND _row BETWEEN 1 AND 2 LIMIT 1",
      "SELECT * FROM t WHERE ok = FALSE AND day < DATE '2024-01-01'",
      "SELECT * FROM t WHERE ts = TIMESTAMP '2024-01-01 10:00:00.000'",
      "SELECT * FROM t WHERE tm <= TIME '10:00:00.5'",
      "SELECT * FROM t WHERE f <> 1e0 AND f > -1",
      "SELECT * FROM t WHERE s < 'DE' AND s >= ''",
      "SELECT * FROM t WHERE i >= 1 AND i <= 1",
      "SELECT * FROM t WHERE i > 1 AND i < 3 AND i <> 3",
      "SELECT * FROM t WHERE d >= 1.5 AND d <= 1.50",
      "SELECT * FROM t WHERE s IS NULL AND s IS NULL",
      "SELECT * FROM t WHERE s IS NOT NULL AND s = 'a'",
      "SELECT * FROM t WHERE ok <= TRUE",
      "SELECT * FROM t WHERE i = -(-1)",
      "SELECT * FROM t WHERE d < 0.1000000000000000001",
      "SELECT * FROM t WHERE f < 1e300 AND f > -1e-300",
      "SELECT * FROM t WHERE day >= DATE '0001-01-01' AND day <= DATE '9999-12-31'",
      "SELECT a AS x FROM alias WHERE b = 2"})
  void theseAreTakenWithoutThePlanner(String sql) throws SqlParseException {
    assertThat(match(sql)).isNotNull();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {
      "SELECT * FROM t WHERE i = 1 OR i = 2",
      "SELECT * FROM t WHERE NOT i = 1",
      "SELECT * FROM t WHERE i IN (1, 2)",
      "SELECT * FROM t WHERE i = i",
      "SELECT * FROM t WHERE 1 = 1",
      "SELECT * FROM t WHERE i = NULL",
      "SELECT * FROM t WHERE i = UNKNOWN",
      "SELECT * FROM t WHERE i = '1'",
      "SELECT * FROM t WHERE i = 1e0",
      "SELECT * FROM t WHERE i = -'1'",
      "SELECT * FROM t WHERE i = ?",
      "SELECT * FROM t WHERE i + 0 = 1",
      "SELECT * FROM t WHERE I = 1",
      "SELECT * FROM t WHERE t.i = 1",
      "SELECT * FROM t WHERE nosuch = 1",
      "SELECT * FROM t WHERE _row IS NULL",
      "SELECT * FROM t WHERE _row <> 1",
      "SELECT * FROM t WHERE i = 1.5",
      "SELECT * FROM t WHERE i > 1 AND i < 2",
      "SELECT * FROM t WHERE i > 3 AND i < 1",
      "SELECT * FROM t WHERE i = 1 AND i = 2",
      "SELECT * FROM t WHERE i = 1 AND i <> 1",
      "SELECT * FROM t WHERE i IS NULL AND i = 1",
      "SELECT * FROM t WHERE i IS NULL AND i IS NOT NULL",
      "SELECT * FROM t WHERE i BETWEEN 5 AND 2",
      "SELECT * FROM t WHERE i BETWEEN SYMMETRIC 1 AND 2",
      "SELECT * FROM t WHERE i NOT BETWEEN 1 AND 2",
      "SELECT * FROM t WHERE i = 123456789012345678901234567890123456789",
      "SELECT * FROM t WHERE d = 1e0",
      "SELECT * FROM t WHERE d < 0.10000000000000000001",
      "SELECT * FROM t WHERE d < 1.000000000000000000000000000000000000000",
      "SELECT * FROM t WHERE day = DATE '0000-01-01'",
      "SELECT * FROM t WHERE d > 2 AND d < 1.5",
      "SELECT * FROM t WHERE d = 1.5 AND d <> 1.50",
      "SELECT * FROM t WHERE d > 1.5 AND d <= 1.5",
      "SELECT * FROM t WHERE f = 1e400",
      "SELECT * FROM t WHERE f = 'NaN'",
      "SELECT * FROM t WHERE f > 1 AND f < 0.5",
      "SELECT * FROM t WHERE s = 1",
      "SELECT * FROM t WHERE s = _UTF8'DE'",
      "SELECT * FROM t WHERE s = X'00'",
      "SELECT * FROM t WHERE s = 'b' AND s = 'a'",
      "SELECT * FROM t WHERE s < 'a' AND s > 'b'",
      "SELECT * FROM t WHERE s LIKE 'D%'",
      "SELECT * FROM t WHERE ok",
      "SELECT * FROM t WHERE ok = 1",
      "SELECT * FROM t WHERE ok = TRUE AND ok = FALSE",
      "SELECT * FROM t WHERE ok < FALSE",
      "SELECT * FROM t WHERE ok > TRUE",
      "SELECT * FROM t WHERE ok IS TRUE",
      "SELECT * FROM t WHERE day = '2024-01-01'",
      "SELECT * FROM t WHERE day = TIMESTAMP '2024-01-01 00:00:00'",
      "SELECT * FROM t WHERE ts = DATE '2024-01-01'",
      "SELECT * FROM t WHERE ts = TIMESTAMP '2024-01-01 10:00:00.0001'",
      "SELECT * FROM t WHERE tm = TIME '10:00:00.0001'",
      "SELECT * FROM t WHERE day = DATE '2024-13-01'",
      "SELECT * FROM t WHERE ts = TIMESTAMP WITH LOCAL TIME ZONE '2024-01-01 10:00:00'",
      "SELECT * FROM t WHERE day = INTERVAL '1' DAY",
      "SELECT a AS b FROM alias WHERE b = 2",
      "SELECT a AS B FROM alias WHERE b = 2",
      "SELECT * FROM t WHERE i = 1 ORDER BY i"})
  void everyOtherConditionTakesThePlannersPath(String sql) throws SqlParseException {
    assertThat(match(sql)).isNull();
  }

  @Test
  void testsRejectNullAndCompareAsTheGeneratedCodeDoes() {
    Object[] row = {null, 5L, 7, new BigDecimal("1.50"), Double.NaN, -0.0d, "DE", "\uD83D\uDE00",
        Boolean.TRUE};
    for (Predicate1<Object[]> t : List.<Predicate1<Object[]>>of(
        new ValueTests.IsNotNull(0), new ValueTests.LongRange(0, Long.MIN_VALUE, Long.MAX_VALUE),
        new ValueTests.LongOther(0, 1), new ValueTests.BooleanIs(0, false),
        new ValueTests.DecimalCompare(0, Op.NE, BigDecimal.ONE),
        new ValueTests.DoubleCompare(0, Op.NE, 1), new ValueTests.TextEquals(0, "DE"),
        new ValueTests.TextCompare(0, Op.NE, "DE"))) {
      assertThat(t.apply(row)).as(t.toString()).isFalse();
    }
    assertThat(new ValueTests.IsNull(0).apply(row)).isTrue();
    assertThat(new ValueTests.LongRange(1, 5, 5).apply(row)).isTrue();
    assertThat(new ValueTests.LongRange(1, 6, 9).apply(row)).isFalse();
    assertThat(new ValueTests.LongRange(1, 1, 4).apply(row)).isFalse();
    assertThat(new ValueTests.LongRange(2, 7, 7).apply(row)).isTrue();
    assertThat(new ValueTests.LongOther(1, 5).apply(row)).isFalse();
    assertThat(new ValueTests.LongOther(1, 4).apply(row)).isTrue();
    assertThat(new ValueTests.DecimalCompare(3, Op.EQ, new BigDecimal("1.5")).apply(row)).isTrue();
    assertThat(new ValueTests.DecimalCompare(3, Op.LT, new BigDecimal("1.500")).apply(row))
        .isFalse();
    assertThat(new ValueTests.DecimalCompare(3, Op.LE, new BigDecimal("1.500")).apply(row))
        .isTrue();
    // NaN passes only <>; -0.0 equals 0.0.
    for (Op op : Op.values()) {
      assertThat(new ValueTests.DoubleCompare(4, op, 1).apply(row)).as("NaN " + op)
          .isEqualTo(op == Op.NE);
    }
    assertThat(new ValueTests.DoubleCompare(5, Op.EQ, 0).apply(row)).isTrue();
    assertThat(new ValueTests.DoubleCompare(5, Op.LT, 0).apply(row)).isFalse();
    assertThat(new ValueTests.DoubleCompare(5, Op.GE, 0).apply(row)).isTrue();
    assertThat(new ValueTests.DoubleCompare(5, Op.LE, -1).apply(row)).isFalse();
    assertThat(new ValueTests.DoubleCompare(5, Op.GT, -1).apply(row)).isTrue();
    assertThat(new ValueTests.TextEquals(6, "DE").apply(row)).isTrue();
    assertThat(new ValueTests.TextEquals(6, "DE ").apply(row)).isFalse();
    // UTF-16 order: a character beyond U+FFFF sorts before U+FF01.
    assertThat(new ValueTests.TextCompare(7, Op.LT, "\uFF01").apply(row)).isTrue();
    assertThat(new ValueTests.TextCompare(7, Op.GT, "\uFF01").apply(row)).isFalse();
    assertThat(new ValueTests.BooleanIs(8, true).apply(row)).isTrue();
    assertThat(new ValueTests.BooleanIs(8, false).apply(row)).isFalse();
    Predicate1<Object[]> yes = new ValueTests.IsNull(0);
    Predicate1<Object[]> no = new ValueTests.IsNotNull(0);
    assertThat(ValueTests.all(List.of(yes)).apply(row)).isTrue();
    assertThat(ValueTests.all(List.of(yes, yes)).apply(row)).isTrue();
    assertThat(ValueTests.all(List.of(yes, no)).apply(row)).isFalse();
    assertThat(ValueTests.all(List.of(no, yes)).apply(row)).isFalse();
    assertThat(ValueTests.all(List.of(yes, yes, yes)).apply(row)).isTrue();
    assertThat(ValueTests.all(List.of(yes, yes, no)).apply(row)).isFalse();
  }

  @Test
  void conjunctsMakeTheTestsTheScanRuns() {
    Object[] row = {3L, null, Boolean.FALSE, new BigDecimal("2.00"), 0.5d, "b"};
    assertThat(new Discrete(9, false, 1, 3, null).test(0).apply(row)).isTrue();
    assertThat(new Discrete(9, false, 1, 3, 3L).test(0).apply(row)).isFalse();
    assertThat(new Discrete(9, false, Long.MIN_VALUE, Long.MAX_VALUE, null).test(1))
        .isEqualTo(new ValueTests.IsNotNull(1));
    assertThat(new Discrete(9, true, 0, 0, null).test(2).apply(row)).isTrue();
    assertThat(new Discrete(9, true, 1, 1, null).test(2).apply(row)).isFalse();
    assertThat(new Discrete(9, true, Long.MIN_VALUE, Long.MAX_VALUE, 1L).test(2))
        .isEqualTo(new ValueTests.BooleanIs(2, false));
    assertThat(new Discrete(9, true, 0, 1, null).test(2))
        .isEqualTo(new ValueTests.IsNotNull(2));
    assertThat(new Ordered(9, SqlTypeName.DECIMAL, Op.GE, new BigDecimal("2")).test(3)
        .apply(row)).isTrue();
    assertThat(new Ordered(9, SqlTypeName.DOUBLE, Op.GT, 0.5d).test(4).apply(row)).isFalse();
    assertThat(new Ordered(9, SqlTypeName.VARCHAR, Op.EQ, "b").test(5))
        .isEqualTo(new ValueTests.TextEquals(5, "b"));
    assertThat(new Ordered(9, SqlTypeName.VARCHAR, Op.GT, "a").test(5).apply(row)).isTrue();
    assertThat(new NullTest(9, true).test(1).apply(row)).isTrue();
    assertThat(new NullTest(9, false).test(1).apply(row)).isFalse();
  }

  @Test
  void operatorsReadTheSignOfAComparison() {
    assertThat(Op.EQ.accepts(0)).isTrue();
    assertThat(Op.EQ.accepts(1)).isFalse();
    assertThat(Op.NE.accepts(-1)).isTrue();
    assertThat(Op.NE.accepts(0)).isFalse();
    assertThat(Op.LT.accepts(-1)).isTrue();
    assertThat(Op.LT.accepts(0)).isFalse();
    assertThat(Op.LE.accepts(0)).isTrue();
    assertThat(Op.LE.accepts(1)).isFalse();
    assertThat(Op.GT.accepts(1)).isTrue();
    assertThat(Op.GT.accepts(0)).isFalse();
    assertThat(Op.GE.accepts(0)).isTrue();
    assertThat(Op.GE.accepts(-1)).isFalse();
    assertThat(List.of(Op.values()).stream().map(Op::reverse).toList())
        .containsExactly(Op.EQ, Op.NE, Op.GT, Op.GE, Op.LT, Op.LE);
  }
}

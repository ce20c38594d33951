package io.csvws.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What csvws's parser reads: header words are names where used as names and keywords where they
 * start a literal, a type or a call; PostgreSQL and DuckDB forms parse; errors point at the
 * user's own text. Each case is the SQL and the statement as the parser understood it, written
 * back with every identifier quoted (in back-ticks).
 */
class CsvwsParserTest {

  private static String parsed(String sql) throws SqlParseException {
    SqlNode node = SqlParser.create(sql, LexicalPolicy.parserConfig()).parseStmt();
    return node.toString().replaceAll("\\s+", " ");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
      "SELECT date, year, month, time, count, value, type, name FROM t WHERE year > 2000 "
          + "ORDER BY date|SELECT `date`, `year`, `month`, `time`, `count`, `value`, "
          + "`type`, `name` FROM `t` WHERE `year` > 2000 ORDER BY `date`",
      "SELECT timestamp, datetime, uuid, monday FROM t|"
          + "SELECT `timestamp`, `datetime`, `uuid`, `monday` FROM `t`",
      "SELECT t.date FROM t GROUP BY t.date|SELECT `t`.`date` FROM `t` GROUP BY `t`.`date`",
      "SELECT d AS date FROM t|SELECT `d` AS `date` FROM `t`",
      "SELECT date FROM t WHERE date = DATE '2020-01-01'|"
          + "SELECT `date` FROM `t` WHERE `date` = DATE '2020-01-01'",
      "SELECT CAST(date AS DATE) AS date FROM t|"
          + "SELECT CAST(`date` AS DATE) AS `date` FROM `t`",
      "SELECT date::date, time::time FROM t|"
          + "SELECT (`date` :: DATE), (`time` :: TIME) FROM `t`",
      "SELECT TIMESTAMP '2020-01-01 10:00:00', TIME '10:00:00' FROM t|"
          + "SELECT TIMESTAMP '2020-01-01 10:00:00', TIME '10:00:00' FROM `t`",
      "SELECT EXTRACT(YEAR FROM date) FROM t|SELECT EXTRACT(YEAR FROM `date`) FROM `t`",
      "SELECT date_trunc('month', date) FROM t GROUP BY date|"
          + "SELECT DATE_TRUNC('month', `date`) FROM `t` GROUP BY `date`",
      "SELECT CAST(x AS TIMESTAMP(3)), CAST(x AS TIMESTAMP WITH LOCAL TIME ZONE) FROM t|"
          + "SELECT CAST(`x` AS TIMESTAMP(3)), CAST(`x` AS TIMESTAMP WITH LOCAL TIME ZONE) "
          + "FROM `t`",
      "SELECT * EXCLUDE (a, date) FROM t|SELECT * EXCLUDE (`a`, `date`) FROM `t`",
      "SELECT a FROM t WHERE a ~ 'x' OR a ~* 'y' OR a !~ 'z' OR a !~* 'w'|"
          + "SELECT `a` FROM `t` WHERE `a` ~ 'x' OR `a` ~* 'y' OR `a` !~ 'z' "
          + "OR `a` !~* 'w'",
      "SELECT a, COUNT(*) FROM t GROUP BY ALL ORDER BY ALL|"
          + "SELECT `a`, COUNT(*) FROM `t` GROUP BY `ALL` ORDER BY `ALL`",
      "SELECT a FROM t GROUP BY ALL a|SELECT `a` FROM `t` GROUP BY `a`",
      "SELECT interval, current, partition, values, ordinal FROM t|"
          + "SELECT `interval`, `current`, `partition`, `values`, `ordinal` FROM `t`",
      "SELECT interval - 1, interval day FROM t|SELECT `interval` - 1, `interval` AS `day` FROM `t`",
      "SELECT INTERVAL '1' DAY, INTERVAL -'2' HOUR, INTERVAL 2 DAY, CAST(x AS INTERVAL DAY) FROM t|"
          + "SELECT INTERVAL '1' DAY, INTERVAL -'2' HOUR, (INTERVAL 2 DAY), "
          + "CAST(`x` AS INTERVAL DAY) FROM `t`",
      "SELECT SUM(x) OVER (PARTITION BY a ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) "
          + "FROM (VALUES (1, 2)) AS v(a, x)|SELECT SUM(`x`) OVER (PARTITION BY `a` ROWS BETWEEN "
          + "UNBOUNDED PRECEDING AND CURRENT ROW) FROM (VALUES ROW(1, 2)) AS `v` (`a`, `x`)",
      "SELECT range, rows, row, over, next FROM t WHERE range > 1 ORDER BY rows|"
          + "SELECT `range`, `rows`, `row`, `over`, `next` FROM `t` WHERE `range` > 1 "
          + "ORDER BY `rows`",
      "SELECT SUM(x) OVER (PARTITION BY range ORDER BY rows ROWS 1 PRECEDING), SUM(x) OVER w "
          + "FROM t WINDOW w AS (ORDER BY range RANGE UNBOUNDED PRECEDING)|"
          + "SELECT SUM(`x`) OVER (PARTITION BY `range` ORDER BY `rows` ROWS 1 PRECEDING), "
          + "SUM(`x`) OVER `w` FROM `t` WINDOW `w` AS (ORDER BY `range` RANGE UNBOUNDED PRECEDING)",
      "WITH a AS (SELECT 1 FROM t WINDOW w AS (ROWS 2 PRECEDING)), b AS (SELECT range FROM t) "
          + "SELECT * FROM b|WITH `a` AS (SELECT 1 FROM `t` WINDOW `w` AS (ROWS 2 PRECEDING)), "
          + "`b` AS (SELECT `range` FROM `t`) SELECT * FROM `b`",
      "SELECT a FROM t ORDER BY a OFFSET 1 ROW FETCH FIRST ROW ONLY|"
          + "SELECT `a` FROM `t` ORDER BY `a` OFFSET 1 ROWS FETCH NEXT 1 ROWS ONLY",
      "SELECT a FROM t OFFSET ? ROWS FETCH NEXT ? ROWS ONLY|"
          + "SELECT `a` FROM `t` OFFSET ? ROWS FETCH NEXT ? ROWS ONLY",
      "SELECT a FROM t FETCH NEXT ROW ONLY|SELECT `a` FROM `t` FETCH NEXT 1 ROWS ONLY",
      "SELECT a FROM t FETCH FIRST ROWS ONLY|SELECT `a` FROM `t` FETCH NEXT 1 ROWS ONLY",
      "SELECT \"a b\", \"Date\" FROM \"My Table\"|SELECT `a b`, `Date` FROM `My Table`",
      "SELECT SUM(x) OVER w1, SUM(x) OVER w2 FROM t WINDOW w1 AS (ROWS 1 PRECEDING), "
          + "w2 AS (ORDER BY range ROWS 2 PRECEDING)|SELECT SUM(`x`) OVER `w1`, SUM(`x`) "
          + "OVER `w2` FROM `t` WINDOW `w1` AS (ROWS 1 PRECEDING), `w2` AS (ORDER BY `range` "
          + "ROWS 2 PRECEDING)",
      "SELECT (SELECT 1 FROM t WINDOW w AS (ROWS 1 PRECEDING)), range FROM t AS rows|"
          + "SELECT (SELECT 1 FROM `t` WINDOW `w` AS (ROWS 1 PRECEDING)), `range` "
          + "FROM `t` AS `rows`",
      "SELECT ordinal, a[ORDINAL(1)] FROM t|SELECT `ordinal`, `a`[ORDINAL(1)] FROM `t`",
      "SELECT monday, DATE_TRUNC(d, WEEK(MONDAY)) FROM t|"
          + "SELECT `monday`, DATE_TRUNC(`d`, `WEEK_MONDAY`) FROM `t`",
      "SELECT INTERVAL +'1' DAY FROM t|SELECT INTERVAL '1' DAY FROM `t`",
      "SELECT d + INTERVAL '2 days' FROM t|SELECT `d` + INTERVAL '2' DAY FROM `t`"})
  void reads(String sql, String expected) throws SqlParseException {
    assertThat(parsed(sql)).isEqualTo(expected);
  }

  /**
   * A syntax error after header words used as names is reported where it was typed: at the same
   * place as in the same text with ordinary names of the same length.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "SELECT date, time FROM t WHERE|1|26",
      "SELECT date time timestamp FROM t|1|18",
      "SELECT date FROM t WHERE date > DATE '2020-01-01' AND|1|51",
      "SELECT t.date, FROM t|1|14"})
  void errorsPointAtTheTextAsTyped(String sql, int line, int column) {
    SqlParseException e = parseError(sql);
    String ordinary = sql.replace("timestamp", "timestamq").replace("date", "datf")
        .replace("time", "timf").replace("DATE", "DATE");
    SqlParseException same = parseError(ordinary);
    assertThat(e.getPos().getLineNum()).isEqualTo(line).isEqualTo(same.getPos().getLineNum());
    assertThat(e.getPos().getColumnNum()).isEqualTo(column)
        .isEqualTo(same.getPos().getColumnNum());
  }

  @Test
  void errorsOnLaterLinesKeepTheirLineAndColumn() {
    SqlParseException e = parseError("SELECT date,\n  timestamp,\nFROM t");
    assertThat(e.getPos().getLineNum()).isEqualTo(2);
    assertThat(e.getPos().getColumnNum()).isEqualTo(12);
  }

  private static SqlParseException parseError(String sql) {
    SqlParseException e = catchThrowableOfType(SqlParseException.class,
        () -> SqlParser.create(sql, LexicalPolicy.parserConfig()).parseStmt());
    assertThat(e).as("a syntax error in " + sql).isNotNull();
    return e;
  }
}

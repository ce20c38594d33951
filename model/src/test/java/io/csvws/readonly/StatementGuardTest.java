package io.csvws.readonly;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import io.csvws.sql.LexicalPolicy;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The first guard: only one query per call gets through; every other statement is refused as a
 * write, by its parsed kind or, where csvws's parser does not read it, by its first keyword.
 */
class StatementGuardTest {

  private static SqlNode check(String sql) {
    return StatementGuard.check(sql, LexicalPolicy.parserConfig());
  }

  private static String refusal(String sql) {
    CsvwsException e = (CsvwsException) org.assertj.core.api.Assertions.catchThrowable(
        () -> check(sql));
    assertThat(e).as(sql).isNotNull();
    assertThat(e.code()).isEqualTo(ErrorCode.READ_ONLY);
    return e.getMessage();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "SELECT 1|SELECT",
      "  select a from t where b = ';'  ;|SELECT",
      "WITH x AS (SELECT 1 AS a) SELECT a FROM x|WITH",
      "VALUES (1), (2)|VALUES",
      "SELECT 1 UNION SELECT 2|UNION",
      "SELECT 1 INTERSECT SELECT 1|INTERSECT",
      "SELECT 1 EXCEPT SELECT 2|EXCEPT",
      "SELECT a FROM t ORDER BY a|ORDER_BY",
      "EXPLAIN PLAN FOR SELECT 1|EXPLAIN"})
  void queriesPassAndComeBackParsed(String sql, SqlKind kind) {
    SqlNode node = check(sql);

    assertThat(node).isNotNull();
    assertThat(node.getKind()).isEqualTo(kind);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "INSERT INTO t VALUES (1)|INSERT statement",
      "UPDATE t SET a = 1|UPDATE statement",
      "DELETE FROM t|DELETE statement",
      "MERGE INTO t USING s ON t.a = s.a WHEN MATCHED THEN UPDATE SET a = 1|MERGE statement",
      "UPSERT INTO t VALUES (1)|INSERT statement",
      "EXPLAIN PLAN FOR INSERT INTO t VALUES (1)|EXPLAIN of INSERT refused",
      "EXPLAIN PLAN FOR DELETE FROM t|EXPLAIN of DELETE refused",
      "CREATE TABLE t (a INT)|CREATE TABLE statement",
      "DROP TABLE t|DROP statement",
      "copy t to 'x.csv'|COPY statement",
      "/* hi */ (truncate t)|TRUNCATE statement",
      "PRAGMA x|PRAGMA statement",
      "SET x = 1|SET OPTION statement",
      "ALTER SYSTEM SET x = 1|SET OPTION statement",
      "describe t|DESCRIBE TABLE statement",
      "SHOW TABLES|SHOW statement",
      "BEGIN|BEGIN statement",
      "COMMIT|COMMIT statement"})
  void everyOtherStatementIsRefusedSayingWhat(String sql, String what) {
    String message = refusal(sql);

    assertThat(message).startsWith("csvws is read-only: ").contains(what)
        .endsWith("Only queries run (SELECT, WITH, VALUES, UNION/INTERSECT/EXCEPT, EXPLAIN of a "
            + "query); no query changes a file.");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"SELECT 1; SELECT 2", "SELECT 1;\nDELETE FROM t;",
      "SELECT ';' ; -- x\n SELECT 2"})
  void textWithSeveralStatementsIsRefusedCountingThem(String sql) {
    assertThat(refusal(sql)).startsWith("csvws is read-only: text with 2 statements refused.")
        .endsWith("csvws runs one statement per call; send the statements one at a time.");
  }

  @ParameterizedTest(name = "[{0}]")
  @ValueSource(strings = {"SELEC 1", "SELECT FROM", "frobnicate the table", "", "   ",
      "-- only a comment"})
  void textThatDoesNotParseAndNamesNoWriteIsLeftToTheParser(String sql) {
    assertThat(check(sql)).isNull();
  }

  @Test
  void lineCommentsEndAtTheLineBreak() {
    assertThat(check("-- a note; with a semicolon\nSELECT 1;").getKind()).isEqualTo(SqlKind.SELECT);
    assertThat(SqlText.countStatements("SELECT 1 -- ;\n;")).isEqualTo(1);
    assertThat(SqlText.countStatements("-- c\n;SELECT 1")).isEqualTo(1);
    assertThat(SqlText.countStatements("-- c\nSELECT 1;\nSELECT 2")).isEqualTo(2);
    assertThat(StatementGuard.withoutTrailingSemicolons("SELECT 1; -- a\n; -- b"))
        .isEqualTo("SELECT 1");
  }

  @Test
  void aQueryOnlyTheStandardGrammarReadsIsLeftToTheParser() {
    // The standard grammar reads it; its kind is a query, so nothing is refused here.
    assertThat(check("SELECT a FROM t FETCH FIRST 1 ROW ONLY")).isNotNull();
  }

  @Test
  void theFirstKeywordSkipsCommentsAndParentheses() {
    assertThat(StatementGuard.firstKeyword("  /* x */ -- y\n ((select 1))")).isEqualTo("select");
    assertThat(StatementGuard.firstKeyword("-- only")).isEmpty();
    assertThat(StatementGuard.firstKeyword("/* unclosed")).isEmpty();
    assertThat(StatementGuard.firstKeyword("'text' x")).isEmpty();
    assertThat(StatementGuard.firstKeyword("a-b")).isEqualTo("a");
    assertThat(StatementGuard.firstKeyword("-x")).isEmpty();
    assertThat(StatementGuard.firstKeyword("/x")).isEmpty();
    assertThat(StatementGuard.firstKeyword("")).isEmpty();
  }

  @ParameterizedTest(name = "[{0}] has {1}")
  @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
      "SELECT 1|1", "SELECT 1;|1", ";;|0", "``|0", "SELECT 1; SELECT 2|2",
      "SELECT 1;;SELECT 2;|2", "SELECT ';'; SELECT 2|2", "SELECT \"a;b\"|1",
      "SELECT `a;b`|1", "SELECT 'it''s;'|1", "SELECT 1 /* ; */|1", "/* c */;/* d */|0",
      "'x';'y'|2", "SELECT 'never closed;|1",
      "SELECT 1 /* never closed;|1", "SELECT 2-1; SELECT 4/2|2", "-- x|0"})
  void statementsAreCountedOutsideQuotesAndComments(String sql, int count) {
    assertThat(SqlText.countStatements(sql)).isEqualTo(count);
  }

  @Test
  void trailingSemicolonsAreDroppedAfterAQuotedEnd() {
    assertThat(StatementGuard.withoutTrailingSemicolons("SELECT 'a';")).isEqualTo("SELECT 'a'");
    assertThat(StatementGuard.withoutTrailingSemicolons("SELECT \"x\" ; -- c")).isEqualTo(
        "SELECT \"x\"");
    assertThat(StatementGuard.withoutTrailingSemicolons("SELECT 'a' ; 'b'"))
        .isEqualTo("SELECT 'a' ; 'b'");
  }

  /** Where a quote or a comment ends, or that a lone '-' or '/' at the end starts neither. */
  @Test
  void quotesAndCommentsEndWhereTheyEnd() {
    assertThat(SqlText.countStatements("SELECT ''; SELECT 2")).isEqualTo(2);
    assertThat(SqlText.countStatements("SELECT 'x; SELECT 2")).isEqualTo(1);
    assertThat(SqlText.countStatements("SELECT 2 -")).isEqualTo(1);
    assertThat(SqlText.countStatements("SELECT 4 /")).isEqualTo(1);
    assertThat(SqlText.countStatements("SELECT 1; ")).isEqualTo(1);
    assertThat(SqlText.countStatements(" ; SELECT 1 ;\t\n")).isEqualTo(1);
    assertThat(StatementGuard.firstKeyword("/*/ x */ SELECT 1")).isEqualTo("SELECT");
    assertThat(StatementGuard.withoutTrailingSemicolons("SELECT 2 -")).isEqualTo("SELECT 2 -");
  }

  @Test
  void refusalsCarryTheirAdvice() {
    assertThat(StatementGuard.refused("X", "do Y").getMessage()).endsWith("no query changes a "
        + "file; do Y.");
    assertThatCode(() -> StatementGuard.checkKind(check("SELECT 1"))).doesNotThrowAnyException();
  }
}

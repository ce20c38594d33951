package io.csvws.rewrite;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.calcite.sql.parser.SqlParserPos;
import org.junit.jupiter.api.Test;

/**
 * The text an overflow message quotes: the span of the statement the parser position gives,
 * on one line, or null (and then a description) where the position does not fit the statement.
 */
class ArithmeticSourceTest {
  private static String text(String sql, int line, int column, int endLine, int endColumn) {
    return ArithmeticChecks.Source.text(sql, new SqlParserPos(line, column, endLine, endColumn));
  }

  @Test
  void aSpanOnOneLineIsItsText() {
    assertThat(text("SELECT a + b FROM t", 1, 8, 1, 12)).isEqualTo("a + b");
    assertThat(text("SELECT", 1, 1, 1, 6)).isEqualTo("SELECT");
    assertThat(text("SELECT", 1, 1, 1, 1)).isEqualTo("S");
    assertThat(text("SELECT", 1, 6, 1, 6)).isEqualTo("T");
  }

  @Test
  void aSpanOverLinesIsWrittenOnOne() {
    assertThat(text("SELECT\n  a\n  +   b FROM t", 2, 3, 3, 7)).isEqualTo("a + b");
    assertThat(text("\nx", 2, 1, 2, 1)).isEqualTo("x");
    assertThat(text("\n\nab", 3, 1, 3, 2)).isEqualTo("ab");
  }

  @Test
  void aPositionOutsideTheStatementGivesNull() {
    assertThat(ArithmeticChecks.Source.text(null, new SqlParserPos(1, 1, 1, 1))).isNull();
    assertThat(ArithmeticChecks.Source.text("SELECT", null)).isNull();
    assertThat(text("SELECT", 0, 1, 1, 3)).isNull();
    assertThat(text("SELECT", 0, 1, 0, 3)).isNull();
    assertThat(text("SELECT", -1, 1, 1, 3)).isNull();
    assertThat(text("SELECT", 1, 0, 1, 3)).isNull();
    assertThat(text("ab\ncd", 1, 10, 2, 1)).isNull();
    assertThat(text("SELECT", 1, 1, 1, 7)).isNull();
    assertThat(text("SELECT", 2, 1, 2, 1)).isNull();
    assertThat(text("SELECT\nx", 1, 1, 3, 1)).isNull();
  }
}

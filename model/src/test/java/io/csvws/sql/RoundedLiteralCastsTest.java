package io.csvws.sql;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** A decimal literal cast to an integer type is rounded half away from zero before folding. */
class RoundedLiteralCastsTest {

  private static SqlNode expression(String sql) throws SqlParseException {
    return SqlParser.create(sql, LexicalPolicy.parserConfig()).parseExpression();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "CAST(2.5 AS INTEGER)|CAST(3 AS INTEGER)",
      "CAST(2.4 AS INTEGER)|CAST(2 AS INTEGER)",
      "CAST(2.50 AS BIGINT)|CAST(3 AS BIGINT)",
      "CAST(-2.5 AS SMALLINT)|CAST(-3 AS SMALLINT)",
      "CAST(0.5 AS tinyint)|CAST(1 AS TINYINT)",
      "CAST(12345678901.5 AS BIGINT)|CAST(12345678902 AS BIGINT)"})
  void aDecimalLiteralIsRounded(String sql, String rounded) throws SqlParseException {
    SqlNode node = expression(sql);

    assertThat(RoundedLiteralCasts.round(node)).isSameAs(node);
    assertThat(node.toString()).isEqualTo(rounded);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {
      "CAST(2 AS INTEGER)",
      "CAST(2.5 AS DECIMAL(3, 0))",
      "CAST(2.5 AS DOUBLE)",
      "CAST(2.5E0 AS INTEGER)",
      "CAST('2.5' AS INTEGER)",
      "CAST(x AS INTEGER)",
      "CAST(2.5 AS int8)",
      "2.5 + 1",
      "x"})
  void otherExpressionsAreLeftAlone(String sql) throws SqlParseException {
    SqlNode node = expression(sql);
    String before = node.toString();
    SqlNode operand = node instanceof SqlCall call ? call.operand(0) : null;

    assertThat(RoundedLiteralCasts.round(node)).isSameAs(node);
    assertThat(node.toString()).isEqualTo(before);
    if (operand != null) {
      assertThat((Object) ((SqlCall) node).operand(0)).as("the same operand").isSameAs(operand);
    }
  }

  @Test
  void nothingIsNothing() {
    assertThat(RoundedLiteralCasts.round(null)).isNull();
  }
}

package io.csvws.readonly;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Semicolons that end a statement are dropped; every other semicolon stays. */
class SqlTextTest {

  @ParameterizedTest(name = "[{0}] -> [{1}]")
  @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
      "SELECT 1;|SELECT 1",
      "SELECT 1 ;  |SELECT 1",
      "SELECT 1;;|SELECT 1",
      "SELECT 1; -- done|SELECT 1",
      "SELECT 1 /* a */ ; /* b */|SELECT 1",
      "SELECT 1|SELECT 1",
      "SELECT 1 -- no semicolon;|SELECT 1 -- no semicolon;",
      "SELECT ';'|SELECT ';'",
      "SELECT ';';|SELECT ';'",
      "SELECT \"a;\" FROM t;|SELECT \"a;\" FROM t",
      "SELECT 1; SELECT 2|SELECT 1; SELECT 2",
      "SELECT 1; SELECT 2;|SELECT 1; SELECT 2",
      "SELECT 2-1;|SELECT 2-1",
      "SELECT 4/2;|SELECT 4/2",
      "`;`|``"})
  void trailingSemicolonsAreDropped(String sql, String expected) {
    assertThat(SqlText.withoutTrailingSemicolons(sql)).isEqualTo(expected == null ? "" : expected);
  }
}

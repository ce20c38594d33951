package io.csvws.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.csvws.error.CsvwsException;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.junit.jupiter.api.Test;

/** What csvws's parser and {@link DistinctOn} make of PostgreSQL's DISTINCT ON and intervals. */
class DistinctOnTest {

  private static String rewritten(String sql) throws SqlParseException {
    SqlNode node = SqlParser.create(sql, LexicalPolicy.parserConfig()).parseStmt();
    return DistinctOn.rewrite(node).toString().replaceAll("\\s+", " ");
  }

  @Test
  void distinctOnBecomesARowNumberSubQuery() throws SqlParseException {
    assertThat(rewritten("SELECT DISTINCT ON (a, lower(b)) a, c FROM t ORDER BY a, 2 DESC "
        + "LIMIT 3"))
        .contains("SELECT * EXCLUDE (`$csvws_distinct_rn`, `$csvws_distinct_order`) FROM "
            + "(SELECT `a`, `c`, ROW_NUMBER() OVER (PARTITION BY `a`, LOWER(`b`) "
            + "ORDER BY `a`, `c` DESC) AS `$csvws_distinct_rn`, ROW_NUMBER() OVER "
            + "(ORDER BY `a`, `c` DESC) AS `$csvws_distinct_order` FROM `t`)")
        .contains("WHERE `$csvws_distinct_rn` = 1 ORDER BY `$csvws_distinct_order`")
        .contains("FETCH NEXT 3 ROWS ONLY");
  }

  @Test
  void otherQueriesAreLeftAsTheyAre() throws SqlParseException {
    assertThat(rewritten("SELECT DISTINCT a, (b) FROM t ORDER BY a"))
        .isEqualTo("SELECT DISTINCT `a`, `b` FROM `t` ORDER BY `a`");
    assertThat(rewritten("SELECT on_time FROM t JOIN u ON (t.a = u.a)"))
        .doesNotContain("DISTINCT");
  }

  @Test
  void aPositionBeyondTheSelectListIsRefused() {
    CsvwsException e = catchThrowableOfType(CsvwsException.class,
        () -> rewritten("SELECT DISTINCT ON (a) a FROM t ORDER BY 3"));
    assertThat(e.getMessage()).contains("Position 3", "ORDER BY", "DISTINCT ON");
  }

  @Test
  void positionsAndOutputNamesNameTheSelectItems() throws SqlParseException {
    assertThat(rewritten("SELECT DISTINCT ON (1) a AS k, b FROM t ORDER BY k, 2 DESC NULLS LAST"))
        .contains("ROW_NUMBER() OVER (PARTITION BY `a` ORDER BY `a`, `b` DESC NULLS LAST)");
    assertThat(rewritten("SELECT DISTINCT ON (a) a, b FROM t ORDER BY c"))
        .contains("PARTITION BY `a` ORDER BY `c`");
    assertThat(rewritten("SELECT DISTINCT ON (a) a FROM t"))
        .contains("ROW_NUMBER() OVER (PARTITION BY `a`)").doesNotContain("ORDER BY");
    assertThat(rewritten("SELECT DISTINCT ON (2) a, b FROM t"))
        .contains("PARTITION BY `b`");
  }

  @Test
  void aPositionOfNothingOrOfAStarIsRefused() {
    for (String sql : new String[] {"SELECT DISTINCT ON (0) a FROM t",
        "SELECT DISTINCT ON (2) a FROM t", "SELECT DISTINCT ON (1) * FROM t",
        "SELECT DISTINCT ON (1) * EXCLUDE (b) FROM t"}) {
      CsvwsException e = catchThrowableOfType(CsvwsException.class, () -> rewritten(sql));
      assertThat(e).as(sql).isNotNull();
      assertThat(e.getMessage()).as(sql).contains("in the DISTINCT ON of a SELECT DISTINCT ON "
          + "query names no single select item; write the expression instead of its position.");
    }
  }

  @Test
  void intervalsWithTheUnitInTheStringGetAQualifier() throws SqlParseException {
    assertThat(rewritten("SELECT d + INTERVAL '1 year 2 months', d - INTERVAL '3 hours', "
        + "INTERVAL '1' DAY FROM t"))
        .isEqualTo("SELECT `d` + INTERVAL '1-2' YEAR TO MONTH, `d` - INTERVAL '3' HOUR, "
            + "INTERVAL '1' DAY FROM `t`");
  }
}

package io.csvws.direct;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.sql.parser.SqlAbstractParserImpl;
import org.apache.calcite.sql.parser.babel.SqlBabelParserImpl;
import org.apache.calcite.sql.parser.babel.SqlBabelParserImplConstants;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Which texts are a whole table's count the engine answers without its parser, and of what. */
class DirectQueryTest {

  @ParameterizedTest
  @ValueSource(strings = {
      "SELECT COUNT(*) FROM sales",
      "select count(*) from sales",
      "SeLeCt CoUnT ( * ) FrOm sales",
      "  SELECT\tCOUNT(*)\nFROM\r\nsales  ",
      "SELECT COUNT(*)FROM sales",
      "SELECT COUNT(*) FROM sales;",
      "SELECT COUNT(*) FROM sales ; ;",
      "SELECT COUNT(*) FROM \"sales\"",
      "SELECT COUNT(*) FROM\"sales\";"})
  void readsTheCountOfATable(String sql) {
    assertThat(DirectQuery.read(sql)).isEqualTo(new DirectQuery("sales", List.of(), true,
        1, Long.MAX_VALUE, -1));
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "SELECT * FROM sales WHERE _row BETWEEN 1500000 AND 1500020|1500000|1500020",
      "select * from sales where _ROW between 7 and 7;|7|7",
      "SELECT*FROM sales WHERE\"_row\"BETWEEN 0 AND 3|1|3",
      "SELECT * FROM sales WHERE _row = 42|42|42",
      "SELECT * FROM \"sales\" WHERE _Row=1 ;;|1|1",
      "SELECT * FROM sales WHERE _row BETWEEN 5 AND 999999999999999999|5|999999999999999999"})
  void readsASeekByRowNumber(String textAndRange) {
    String[] parts = textAndRange.split("\\|");
    assertThat(DirectQuery.read(parts[0])).isEqualTo(new DirectQuery("sales", List.of(),
        false, Long.parseLong(parts[1]), Long.parseLong(parts[2]), -1));
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "SELECT * FROM sales LIMIT 20|20",
      "select * from \"sales\" limit 1;|1",
      "SELECT * FROM sales LIMIT 2147483647|2147483647"})
  void readsALimit(String textAndLimit) {
    String[] parts = textAndLimit.split("\\|");
    assertThat(DirectQuery.read(parts[0])).isEqualTo(new DirectQuery("sales", List.of(),
        false, 1, Long.MAX_VALUE, Long.parseLong(parts[1])));
  }

  @Test
  void readsTheColumnsOfALimitOrASeek() {
    assertThat(DirectQuery.read("SELECT chr, pos, \"Sample 17\" FROM wide LIMIT 10"))
        .isEqualTo(new DirectQuery("wide", List.of("chr", "pos", "Sample 17"), false, 1,
            Long.MAX_VALUE, 10));
    assertThat(DirectQuery.read("select id,email from tall where _row between 5 and 9;"))
        .isEqualTo(new DirectQuery("tall", List.of("id", "email"), false, 5, 9, -1));
    assertThat(DirectQuery.read("SELECT id FROM tall WHERE _row = 3"))
        .isEqualTo(new DirectQuery("tall", List.of("id"), false, 3, 3, -1));
  }

  @Test
  void keepsTheNameAsWritten() {
    assertThat(DirectQuery.read("SELECT COUNT(*) FROM Sales_2024").table())
        .isEqualTo("Sales_2024");
    assertThat(DirectQuery.read("SELECT COUNT(*) FROM \"my sales.csv\"").table())
        .isEqualTo("my sales.csv");
    assertThat(DirectQuery.read("SELECT COUNT(*) FROM _t1").table()).isEqualTo("_t1");
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "",
      ";",
      "SELECT COUNT(*)",
      "SELECT COUNT(*) FROM",
      "SELECT COUNT(*) FROM sales WHERE x > 1",
      "SELECT COUNT(*) FROM sales s",
      "SELECT COUNT(*) AS n FROM sales",
      "SELECT COUNT(*) n FROM sales",
      "SELECT COUNT(1) FROM sales",
      "SELECT COUNT(x) FROM sales",
      "SELECT COUNT(DISTINCT x) FROM sales",
      "SELECT COUNT(*), COUNT(*) FROM sales",
      "SELECT COUNT (*) FROM main.sales",
      "SELECT COUNT(*) FROM \"main\".\"sales\"",
      "SELECT COUNT(*) FROM sales, other",
      "SELECT COUNT(*) FROM sales LIMIT 1",
      "SELECT COUNT(*) FROM sales -- the count",
      "SELECT COUNT(*) FROM sales /* the count */",
      "/* c */ SELECT COUNT(*) FROM sales",
      "SELECT COUNT(*) FROM \"sa\"\"les\"",
      "SELECT COUNT(*) FROM \"\"",
      "SELECT COUNT(*) FROM \"sales",
      "SELECT COUNT(*) FROM 'sales'",
      "SELECT COUNT(*) FROM `sales`",
      "SELECT COUNT(*) FROM [sales]",
      "SELECT COUNT(*) FROM sales; SELECT 1",
      "SELECT COUNT(*) FROM 1sales",
      "SELECT COUNT(*) FROM säles",
      "SELECT COUNT(*) FROM sales$",
      "SELECT COUNT(*) FROM {oj sales}",
      "SELECTCOUNT(*) FROM sales",
      "SELECT COUNTX(*) FROM sales",
      "SELECT \"COUNT\"(*) FROM sales",
      "\"SELECT\" COUNT(*) FROM sales",
      "SELECT COUNT(*) \"FROM\" sales",
      "SELECT COUNT(*) FROM select",
      "SELECT COUNT(*) FROM FROM",
      "SELECT COUNT(*) FROM values",
      "SELECT COUNT(*) FROM date",
      "EXPLAIN PLAN FOR SELECT COUNT(*) FROM sales",
      "DELETE FROM sales",
      "SELECT * FROM sales",
      "SELECT * FROM sales WHERE _row = 0",
      "SELECT * FROM sales WHERE _row BETWEEN 5 AND 2",
      "SELECT * FROM sales WHERE _row BETWEEN 0 AND 0",
      "SELECT * FROM sales WHERE _row = -1",
      "SELECT * FROM sales WHERE _row = 1.5",
      "SELECT * FROM sales WHERE _row = 1e3",
      "SELECT * FROM sales WHERE _row = 12abc",
      "SELECT * FROM sales WHERE _row = '1'",
      "SELECT * FROM sales WHERE _row = 1234567890123456789",
      "SELECT * FROM sales WHERE _row >= 1",
      "SELECT * FROM sales WHERE _row = 1 AND _row = 2",
      "SELECT * FROM sales WHERE _row BETWEEN 1 AND 2 AND x = 3",
      "SELECT * FROM sales WHERE _row BETWEEN SYMMETRIC 5 AND 2",
      "SELECT * FROM sales WHERE _row NOT BETWEEN 1 AND 2",
      "SELECT * FROM sales WHERE 1 = _row",
      "SELECT * FROM sales WHERE row = 1",
      "SELECT * FROM sales WHERE _rows = 1",
      "SELECT * FROM sales WHERE sales._row = 1",
      "SELECT * FROM sales s WHERE _row = 1",
      "SELECT id AS i FROM sales WHERE _row = 1",
      "SELECT id i FROM sales LIMIT 1",
      "SELECT id, FROM sales LIMIT 1",
      "SELECT , id FROM sales LIMIT 1",
      "SELECT sales.id FROM sales LIMIT 1",
      "SELECT id, * FROM sales LIMIT 1",
      "SELECT id FROM sales",
      "SELECT id, date FROM sales LIMIT 1",
      "SELECT id + 1 FROM sales LIMIT 1",
      "SELECT DISTINCT id FROM sales LIMIT 1",
      "SELECT *, _row FROM sales WHERE _row = 1",
      "SELECT * FROM main.sales WHERE _row = 1",
      "SELECT * FROM sales WHERE _row = 1 LIMIT 1",
      "SELECT * FROM sales WHERE _row = 1 ORDER BY 1",
      "SELECT * FROM select WHERE _row = 1",
      "SELECT * FROM sales LIMIT 0",
      "SELECT * FROM sales LIMIT 2147483648",
      "SELECT * FROM sales LIMIT -1",
      "SELECT * FROM sales LIMIT ALL",
      "SELECT * FROM sales LIMIT 5 OFFSET 2",
      "SELECT * FROM sales LIMIT 2, 5",
      "SELECT * FROM sales ORDER BY 1 LIMIT 5",
      "SELECT * FROM sales WHERE _row = 3 LIMIT 5",
      "SELECT id AS \"i\" FROM sales LIMIT 5",
      "SELECT * FROM sales FETCH FIRST 5 ROWS ONLY"})
  void leavesEveryOtherTextToTheParser(String sql) {
    assertThat(DirectQuery.read(sql)).isNull();
  }

  /**
   * A keyword is a name here only if the parser reads it as one: every reserved word of the
   * grammar, and the literals and functions without parentheses among the others, are never
   * read as a name; the other keywords are.
   */
  @Test
  void aKeywordIsANameOnlyWhereTheParserReadsOneAlike() {
    SqlAbstractParserImpl.Metadata grammar =
        SqlBabelParserImpl.FACTORY.getParser(new StringReader("")).getMetadata();
    int reserved = 0;
    int names = 0;
    for (String image : SqlBabelParserImplConstants.tokenImage) {
      String word = image.replace("\"", "");
      if (!word.matches("[A-Za-z_][A-Za-z0-9_]*")) {
        continue;
      }
      DirectQuery upper = DirectQuery.read("SELECT COUNT(*) FROM " + word);
      DirectQuery lower = DirectQuery.read("SELECT COUNT(*) FROM " + word.toLowerCase(Locale.ROOT));
      assertThat(upper == null).as(word).isEqualTo(lower == null);
      if (!grammar.isNonReservedKeyword(word)) {
        reserved++;
        assertThat(upper).as(word).isNull();
      } else if (upper != null) {
        names++;
      }
    }
    assertThat(reserved).as("the parser's reserved words").isGreaterThan(90);
    assertThat(names).as("keywords read as names").isGreaterThan(500);
    for (String notName : List.of("TRUE", "false", "Unknown", "USER", "current_date",
        "LOCALTIMESTAMP", "NOT", "AS")) {
      assertThat(DirectQuery.read("SELECT x, " + notName + " FROM t LIMIT 1")).as(notName)
          .isNull();
    }
    assertThat(DirectQuery.read("SELECT name, type, value FROM data LIMIT 5").columns())
        .containsExactly("name", "type", "value");
    assertThat(DirectQuery.read("SELECT COUNT(*) FROM \"select\"").table()).isEqualTo("select");
  }
}

package io.csvws.direct;

import static org.assertj.core.api.Assertions.assertThat;

import io.csvws.direct.AggregateQuery.Function;
import io.csvws.direct.AggregateQuery.Item;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Which texts are an aggregate the engine answers without its parser, and of what. */
class AggregateQueryTest {

  @ParameterizedTest
  @ValueSource(strings = {
      "SELECT status, COUNT(*), SUM(amount) FROM tall GROUP BY status",
      "select status , count ( * ) , sum ( amount ) from tall group by status ;",
      "SELECT\"status\",COUNT(*),SUM(\"amount\")FROM\"tall\"GROUP BY\"status\";;",
      "  Select status,\n  Count(*),\r\n  Sum(amount)\tFrom tall\nGroup  By status  "})
  void readsAGroupedAggregate(String sql) {
    assertThat(AggregateQuery.read(sql)).isEqualTo(new AggregateQuery("tall", List.of(
        new Item(Function.COLUMN, "status", null),
        new Item(Function.COUNT_ROWS, null, null),
        new Item(Function.SUM, "amount", null)), List.of("status")));
  }

  @Test
  void readsEachFunctionAndLabel() {
    assertThat(AggregateQuery.read("SELECT COUNT(x) AS n, MIN(x) lo, MAX(\"x\") AS \"Hi\","
        + " SUM(y) FROM t")).isEqualTo(new AggregateQuery("t", List.of(
            new Item(Function.COUNT, "x", "n"),
            new Item(Function.MIN, "x", "lo"),
            new Item(Function.MAX, "x", "Hi"),
            new Item(Function.SUM, "y", null)), List.of()));
  }

  @Test
  void readsSeveralGroupsAndAGroupingWithoutAggregates() {
    assertThat(AggregateQuery.read("SELECT y, x FROM t GROUP BY x, y")).isEqualTo(
        new AggregateQuery("t", List.of(new Item(Function.COLUMN, "y", null),
            new Item(Function.COLUMN, "x", null)), List.of("x", "y")));
    assertThat(AggregateQuery.read("SELECT COUNT(*) AS n FROM t").items())
        .containsExactly(new Item(Function.COUNT_ROWS, null, "n"));
  }

  /** A keyword the parser reads as a name wherever this reads one is a name here too. */
  @Test
  void readsKeywordsTheParserReadsAsNames() {
    assertThat(AggregateQuery.read("SELECT type, COUNT(value) AS count FROM data GROUP BY type"))
        .isEqualTo(new AggregateQuery("data", List.of(new Item(Function.COLUMN, "type", null),
            new Item(Function.COUNT, "value", "count")), List.of("type")));
  }

  /** Names keep their case and quoted names their content, as the engine matches them. */
  @Test
  void keepsNamesAsWritten() {
    AggregateQuery q = AggregateQuery.read(
        "SELECT \"My Col\", SUM(Amount_2) FROM \"my sales.csv\" GROUP BY \"My Col\"");
    assertThat(q.table()).isEqualTo("my sales.csv");
    assertThat(q.items()).extracting(Item::column).containsExactly("My Col", "Amount_2");
    assertThat(q.groupBy()).containsExactly("My Col");
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "SELECT status FROM tall",
      "SELECT * FROM tall GROUP BY status",
      "SELECT status, COUNT(*) FROM tall WHERE x = 1 GROUP BY status",
      "SELECT status, COUNT(*) FROM tall GROUP BY status HAVING COUNT(*) > 1",
      "SELECT status, COUNT(*) FROM tall GROUP BY status ORDER BY status",
      "SELECT status, COUNT(*) FROM tall GROUP BY status LIMIT 5",
      "SELECT DISTINCT status FROM tall GROUP BY status",
      "SELECT COUNT(DISTINCT status) FROM tall",
      "SELECT AVG(amount) FROM tall",
      "SELECT SUM(*) FROM tall",
      "SELECT MIN(*) FROM tall",
      "SELECT SUM(amount + 1) FROM tall",
      "SELECT SUM(1) FROM tall",
      "SELECT COUNT(1) FROM tall",
      "SELECT SUM(amount) + 1 FROM tall",
      "SELECT SUM(amount) FROM tall t",
      "SELECT SUM(amount) FROM main.tall",
      "SELECT t.status, COUNT(*) FROM tall GROUP BY t.status",
      "SELECT status, COUNT(*) FROM tall GROUP BY 1",
      "SELECT status, COUNT(*) FROM tall GROUP BY",
      "SELECT status, COUNT(*) FROM tall GROUP status",
      "SELECT status, COUNT(*) FROM tall GROUP BY status,",
      "SELECT , COUNT(*) FROM tall",
      "SELECT COUNT(*) AS FROM tall",
      "SELECT COUNT(*) AS select FROM tall",
      "SELECT COUNT(*) n m FROM tall",
      "SELECT date, COUNT(*) FROM tall GROUP BY date",
      "SELECT user, COUNT(*) FROM tall GROUP BY user",
      "SELECT x, COUNT(*) FROM tall GROUP BY x, true",
      "SELECT COUNT(*) AS from FROM tall",
      "SELECT \"SUM\"(amount) FROM tall",
      "SELECT SUM(amount) FROM tall -- total",
      "SELECT SUM(amount) FROM tall WHERE _row = 1",
      "SELECT SUM(amount) FROM",
      "SELECT",
      "WITH t AS (SELECT 1) SELECT COUNT(*) FROM t",
      "SELECT COUNT(*) FROM tall UNION SELECT COUNT(*) FROM tall",
      "SELECT COUNT(*), FROM tall",
      "SELECT COUNT(*) FROM tall;x"})
  void readsNothingElse(String sql) {
    assertThat(AggregateQuery.read(sql)).as(sql).isNull();
  }
}

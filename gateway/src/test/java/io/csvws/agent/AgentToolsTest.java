package io.csvws.agent;

import static io.csvws.agent.ToolCalls.str;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every tool on a small workspace, through the JSON interface a transport uses: the answers are
 * computed from the rows the test wrote.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class AgentToolsTest {
  private static final String[] STATUS = {"active", "inactive", "active", "churned"};
  private static final int CUSTOMERS = 12;

  private AgentTools tools;
  private ToolCalls call;

  static String name(int id) {
    return "Customer " + (char) ('A' + id - 1);
  }

  @BeforeAll
  void workspace(@TempDir Path dir) throws IOException {
    StringBuilder csv = new StringBuilder("id,name,status,signed_up,vip,score\n");
    for (int id = 1; id <= CUSTOMERS; id++) {
      csv.append(id).append(',').append(name(id)).append(',').append(STATUS[id % 4])
          .append(",2024-01-").append(String.format("%02d", id)).append(',')
          .append(id % 3 == 0).append(',').append(id * 1.5).append('\n');
    }
    Files.writeString(dir.resolve("customers.csv"), csv.toString(), StandardCharsets.UTF_8);
    Files.createDirectories(dir.resolve("sales"));
    StringBuilder orders = new StringBuilder("order_id;customer_id;amount\n");
    for (int o = 1; o <= 30; o++) {
      orders.append(o).append(';').append(o % CUSTOMERS + 1).append(';').append(o * 10)
          .append('\n');
    }
    Files.writeString(dir.resolve("sales/orders.csv"), orders.toString(),
        StandardCharsets.UTF_8);
    tools = AgentTools.open(dir, null, AgentLimits.defaults());
    call = new ToolCalls(tools);
  }

  @AfterAll
  void close() {
    tools.close();
  }

  @Test
  void listTablesShowsEveryFileWithItsPathAndName() {
    JsonNode r = call.ok("list_tables", "{}");
    assertThat(r.get("table_count").asInt()).isEqualTo(2);
    List<String> names = new ArrayList<>();
    r.get("tables").forEach(t -> names.add(t.get(0).asText() + "=" + t.get(1).asText()));
    assertThat(names).containsExactly("customers=customers.csv", "sales.orders=sales/orders.csv");
    assertThat(r.get("truncated").asBoolean()).isFalse();
  }

  @Test
  void describeGivesTheMapByPathOrByName() {
    for (String table : List.of("customers.csv", "customers", "CUSTOMERS", "main.customers")) {
      JsonNode r = call.ok("describe_table", "{\"table\": " + str(table) + "}");
      assertThat(r.get("path").asText()).isEqualTo("customers.csv");
      assertThat(r.get("row_count").asLong()).isEqualTo(CUSTOMERS);
      assertThat(r.get("column_count").asInt()).isEqualTo(6);
      assertThat(r.get("encoding").asText()).isEqualTo("UTF-8");
      assertThat(r.get("delimiter").asText()).isEqualTo(",");
      assertThat(r.get("has_header").asBoolean()).isTrue();
      List<String> cols = new ArrayList<>();
      r.get("columns").forEach(c -> cols.add(c.get(1).asText() + ":" + c.get(2).asText()));
      assertThat(cols).containsExactly("id:INTEGER", "name:VARCHAR", "status:VARCHAR",
          "signed_up:DATE", "vip:BOOLEAN", "score:DECIMAL(38, 1)");
    }
    JsonNode orders = call.ok("describe_table", "{\"table\": \"sales.orders\"}");
    assertThat(orders.get("delimiter").asText()).isEqualTo(";");
    assertThat(orders.get("row_count").asLong()).isEqualTo(30);
  }

  @Test
  void headersAreOneCompactLine() {
    JsonNode r = call.ok("headers", "{\"table\": \"customers\"}");
    assertThat(r.get("summary").asText())
        .isEqualTo("Columns (6 total): id, name, status, signed_up, vip, score");
    JsonNode page = call.ok("headers", "{\"table\": \"customers\", \"max_columns\": 2, "
        + "\"column_offset\": 2}");
    assertThat(page.get("summary").asText()).isEqualTo("Columns (showing 3-4 of 6): status, "
        + "signed_up");
    assertThat(page.get("truncation").asText()).isEqualTo("showing columns 3-4 of 6");
    assertThat(page.get("next").asText()).contains("column_offset=4");
  }

  @Test
  void statsPerTypeFamily() {
    JsonNode r = call.ok("column_stats", "{\"table\": \"customers\"}");
    assertThat(r.get("row_count").asLong()).isEqualTo(CUSTOMERS);
    JsonNode id = r.get("columns").get(0);
    assertThat(id.get("min").asInt()).isEqualTo(1);
    assertThat(id.get("max").asInt()).isEqualTo(CUSTOMERS);
    assertThat(id.get("sum").asLong()).isEqualTo(78);
    assertThat(id.get("mean").asDouble()).isEqualTo(6.5);
    assertThat(id.get("stddev").asDouble()).isCloseTo(3.6056, org.assertj.core.data.Offset
        .offset(0.001));
    JsonNode status = r.get("columns").get(2);
    assertThat(status.get("min_length").asInt()).isEqualTo(6);
    assertThat(status.get("max_length").asInt()).isEqualTo(8);
    assertThat(status.get("most_common").get(0).get("value").asText()).isEqualTo("active");
    assertThat(status.get("most_common").get(0).get("count").asInt()).isEqualTo(6);
    JsonNode date = r.get("columns").get(3);
    assertThat(date.get("min").asText()).isEqualTo("2024-01-01");
    assertThat(date.get("max").asText()).isEqualTo("2024-01-12");
    JsonNode vip = r.get("columns").get(4);
    assertThat(vip.get("true_count").asInt()).isEqualTo(4);
    assertThat(vip.get("false_count").asInt()).isEqualTo(8);
    JsonNode score = r.get("columns").get(5);
    assertThat(score.get("sum").decimalValue()).isEqualByComparingTo("117");

    JsonNode one = call.ok("column_stats", "{\"table\": \"customers\", \"columns\": [\"SCORE\"]}");
    assertThat(one.get("columns")).hasSize(1);
    assertThat(one.get("columns").get(0).get("name").asText()).isEqualTo("score");
  }

  @Test
  void readRowsByNumberAndFromTheEnd() {
    JsonNode r = call.ok("read_rows", "{\"table\": \"customers.csv\", \"row_start\": 2, "
        + "\"row_count\": 3}");
    assertThat(r.get("columns").get(0).asText()).isEqualTo("_row");
    assertThat(r.get("rows")).hasSize(3);
    for (int i = 0; i < 3; i++) {
      JsonNode row = r.get("rows").get(i);
      assertThat(row.get(0).asInt()).isEqualTo(2 + i);
      assertThat(row.get(1).asInt()).isEqualTo(2 + i);
      assertThat(row.get(2).asText()).isEqualTo(name(2 + i));
    }
    assertThat(r.get("total_rows").asInt()).isEqualTo(CUSTOMERS);
    assertThat(r.get("has_more").asBoolean()).isTrue();

    JsonNode last = call.ok("read_rows", "{\"table\": \"customers\", \"row_start\": -5, "
        + "\"row_count\": 5, \"columns\": [\"name\", \"ID\"]}");
    assertThat(last.get("columns").toString()).isEqualTo("[\"_row\",\"name\",\"id\"]");
    assertThat(last.get("rows")).hasSize(5);
    assertThat(last.get("rows").get(0).get(0).asInt()).isEqualTo(CUSTOMERS - 4);
    assertThat(last.get("rows").get(4).get(1).asText()).isEqualTo(name(CUSTOMERS));
    assertThat(last.get("has_more").asBoolean()).isFalse();

    JsonNode past = call.ok("read_rows", "{\"table\": \"customers\", \"row_start\": 50, "
        + "\"row_count\": 5}");
    assertThat(past.get("rows")).isEmpty();
    assertThat(past.get("hint").asText()).contains("past the last row (12)");
  }

  @Test
  void findRowsComparesAsTheColumnsType() {
    JsonNode r = call.ok("find_rows", "{\"table\": \"customers\", \"column\": \"status\", "
        + "\"value\": \"active\", \"limit\": 4}");
    assertThat(r.get("row_numbers").toString()).isEqualTo("[2,4,6,8]");
    assertThat(r.get("has_more").asBoolean()).isTrue();
    assertThat(r.get("next").asText()).contains("after_row=8");
    JsonNode rest = call.ok("find_rows", "{\"table\": \"customers\", \"column\": \"status\", "
        + "\"value\": \"active\", \"after_row\": 8}");
    assertThat(rest.get("row_numbers").toString()).isEqualTo("[10,12]");
    assertThat(rest.get("has_more").asBoolean()).isFalse();

    assertThat(call.ok("find_rows", "{\"table\": \"customers\", \"column\": \"score\", "
        + "\"value\": \"4.50\"}").get("row_numbers").toString()).isEqualTo("[3]");
    assertThat(call.ok("find_rows", "{\"table\": \"customers\", \"column\": \"signed_up\", "
        + "\"value\": \"2024-01-10\"}").get("row_numbers").toString()).isEqualTo("[10]");
    assertThat(call.ok("find_rows", "{\"table\": \"customers\", \"column\": \"vip\", "
        + "\"value\": \"TRUE\"}").get("row_numbers").toString()).isEqualTo("[3,6,9,12]");

    String m = call.error("find_rows", "{\"table\": \"customers\", \"column\": \"id\", "
        + "\"value\": \"seven\"}", "VALIDATION_FAILED");
    assertThat(m).contains("id").contains("INTEGER").contains("a number");
  }

  @Test
  void queryReturnsOneWindowWithTheTotal() {
    JsonNode r = call.ok("query", "{\"sql\": \"SELECT id, name FROM customers ORDER BY id\", "
        + "\"window_rows\": 5, \"window_offset\": 5}");
    assertThat(r.get("total_row_count").asInt()).isEqualTo(CUSTOMERS);
    assertThat(r.get("row_count").asInt()).isEqualTo(5);
    assertThat(r.get("rows").get(0).get(0).asInt()).isEqualTo(6);
    assertThat(r.get("has_more").asBoolean()).isTrue();
    assertThat(r.get("truncation").asText()).isEqualTo("rows 6-10 of 12");
    assertThat(r.get("next").asText()).isEqualTo("window_offset=10 reads the next rows");
    assertThat(r.get("query_elapsed_ms").asLong()).isNotNegative();

    JsonNode count = call.ok("query", "{\"sql\": \"SELECT COUNT(*) AS n FROM sales.orders "
        + "WHERE amount > 100\"}");
    assertThat(count.get("rows").get(0).get(0).asInt()).isEqualTo(20);
    assertThat(count.get("truncated").asBoolean()).isFalse();
  }

  @Test
  void savedResultsWorkLikeViews() {
    JsonNode saved = call.ok("save_result", "{\"name\": \"big_orders\", \"sql\": "
        + "\"SELECT order_id, customer_id, amount FROM \\\"sales/orders.csv\\\" "
        + "WHERE amount >= 200 ORDER BY order_id\"}");
    assertThat(saved.get("type").asText()).isEqualTo("result");
    assertThat(saved.get("total_row_count").asInt()).isEqualTo(11);
    assertThat(saved.get("rows")).hasSize(5);

    JsonNode joined = call.ok("query", "{\"sql\": \"SELECT c.name, SUM(b.amount) AS total "
        + "FROM big_orders b JOIN customers c ON c.id = b.customer_id GROUP BY c.name "
        + "ORDER BY total DESC, c.name\", \"window_rows\": 1}");
    assertThat(joined.get("total_row_count").asInt()).isGreaterThan(1);
    // customer 12 gets orders 11 and 23 (o % 12 + 1 = 12); 23 * 10 = 230 is the only big one
    assertThat(joined.get("rows").get(0).get(1).asInt()).isPositive();

    call.ok("save_result", "{\"name\": \"top_big\", \"sql\": \"SELECT * FROM big_orders "
        + "WHERE amount >= 280\"}");
    JsonNode page = call.ok("read_result", "{\"name\": \"top_big\", \"window_rows\": 2, "
        + "\"window_offset\": 1}");
    assertThat(page.get("total_row_count").asInt()).isEqualTo(3);
    assertThat(page.get("rows").get(0).get(0).asInt()).isEqualTo(29);
    assertThat(page.get("has_more").asBoolean()).isFalse();

    JsonNode cte = call.ok("query", "{\"sql\": \"WITH x AS (SELECT 1 AS k) "
        + "SELECT COUNT(*) FROM big_orders, x\"}");
    assertThat(cte.get("rows").get(0).get(0).asInt()).isEqualTo(11);

    JsonNode list = call.ok("list_results", "{}");
    List<String> names = new ArrayList<>();
    list.get("results").forEach(x -> names.add(x.get(0).asText()));
    assertThat(names).contains("big_orders", "top_big");

    call.ok("drop_result", "{\"name\": \"big_orders\"}");
    // top_big was saved expanded: it does not depend on big_orders any more
    assertThat(call.ok("read_result", "{\"name\": \"top_big\"}").get("total_row_count").asInt())
        .isEqualTo(3);
    assertThat(call.error("read_result", "{\"name\": \"big_orders\"}", "VALIDATION_FAILED"))
        .contains("top_big");
    assertThat(call.error("save_result", "{\"name\": \"customers\", \"sql\": \"VALUES 1\"}",
        "VALIDATION_FAILED")).contains("already a table");
    assertThat(call.error("save_result", "{\"name\": \"1bad\", \"sql\": \"VALUES 1\"}",
        "VALIDATION_FAILED")).contains("letters");
  }
}

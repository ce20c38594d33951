package io.csvws.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A genomics-sized file (20,000 columns, 30 of them holding 100 KB per cell): every tool answers
 * within the response budget and says what it left out and how to get it.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class WideBoundsTest {
  private static final int COLUMNS = 20_000;
  private static final int TEXT_COLUMNS = 30;
  private static final int CELL = 100_000;
  private static final int ROWS = 3;
  private static final int BUDGET = AgentLimits.defaults().defaultResponseBytes();

  private AgentTools tools;
  private ToolCalls call;

  /** The text of a long cell: a row-specific prefix, then filler. */
  static String longCell(int row, int column) {
    StringBuilder b = new StringBuilder(CELL);
    b.append("r").append(row).append("c").append(column).append(':');
    while (b.length() < CELL) {
      b.append("ACGT");
    }
    b.setLength(CELL);
    return b.toString();
  }

  @BeforeAll
  void writeFile(@TempDir Path dir) throws IOException {
    try (BufferedWriter w = Files.newBufferedWriter(dir.resolve("variants.csv"),
        StandardCharsets.UTF_8)) {
      StringBuilder h = new StringBuilder("id");
      for (int c = 1; c < COLUMNS; c++) {
        h.append(',').append(c <= TEXT_COLUMNS ? String.format("t_%02d", c)
            : String.format("s_%05d", c));
      }
      w.write(h.append('\n').toString());
      for (int r = 1; r <= ROWS; r++) {
        w.write(Integer.toString(r));
        for (int c = 1; c < COLUMNS; c++) {
          w.write(',');
          w.write(c <= TEXT_COLUMNS ? longCell(r, c) : Integer.toString((r + c) % 3));
        }
        w.write('\n');
      }
    }
    tools = AgentTools.open(dir, null, AgentLimits.defaults());
    call = new ToolCalls(tools);
  }

  @AfterAll
  void close() {
    tools.close();
  }

  /** Calls a tool, checks it succeeded within the budget, returns the body. */
  private JsonNode bounded(String tool, String args, int budget) {
    ToolResult r = call.raw(tool, args);
    assertThat(r.isError()).as("%s -> %s", tool, r.json()).isFalse();
    assertThat(ToolCalls.bytes(r)).as("%s %s", tool, args).isLessThanOrEqualTo(budget);
    return ToolCalls.parse(r.json());
  }

  @Test
  void everyToolStaysWithinTheBudget() {
    Map<String, String> calls = new LinkedHashMap<>();
    calls.put("list_tables", "{}");
    calls.put("describe_table", "{\"table\": \"variants.csv\"}");
    calls.put("headers", "{\"table\": \"variants\"}");
    calls.put("column_stats", "{\"table\": \"variants\"}");
    calls.put("read_rows", "{\"table\": \"variants\", \"row_start\": 1, \"row_count\": 3}");
    calls.put("find_rows", "{\"table\": \"variants\", \"column\": \"s_00100\", \"value\": \"2\"}");
    calls.put("query", "{\"sql\": \"SELECT * FROM variants\"}");
    calls.put("save_result", "{\"name\": \"firsts\", \"sql\": \"SELECT id, t_01, t_02, s_19999 "
        + "FROM variants\"}");
    calls.put("read_result", "{\"name\": \"firsts\"}");
    calls.put("list_results", "{}");
    for (Map.Entry<String, String> e : calls.entrySet()) {
      JsonNode r = bounded(e.getKey(), e.getValue(), BUDGET);
      assertThat(r.has("truncated")).as(e.getKey()).isTrue();
    }
  }

  @Test
  void readRowsSaysWhatWasCutAndHowToGetIt() {
    JsonNode r = bounded("read_rows", "{\"table\": \"variants\", \"row_start\": 2, "
        + "\"row_count\": 1}", BUDGET);
    assertThat(r.get("truncation").asText())
        .isEqualTo("showing 50 of 20000 columns, 30 cells truncated to 500 characters");
    assertThat(r.get("next").asText()).contains("column_offset=50")
        .contains("max_cell_chars (up to 20000)");
    JsonNode row = r.get("rows").get(0);
    assertThat(row.size()).isEqualTo(51);
    assertThat(row.get(2).asText()).startsWith("r2c1:ACGT")
        .endsWith("...[+" + (CELL - 500) + " chars]");

    JsonNode page = bounded("read_rows", "{\"table\": \"variants\", \"row_start\": 2, "
        + "\"row_count\": 1, \"column_offset\": 19990}", BUDGET);
    assertThat(page.get("columns").get(1).asText()).isEqualTo("s_19990");
    assertThat(page.get("truncation").asText()).isEqualTo("showing columns 19991-20000 of 20000");
  }

  @Test
  void queryOfEveryColumnShowsAWindow() {
    JsonNode r = bounded("query", "{\"sql\": \"SELECT * FROM variants\"}", BUDGET);
    assertThat(r.get("columns")).hasSize(50);
    assertThat(r.get("total_row_count").asInt()).isEqualTo(ROWS);
    assertThat(r.get("truncation").asText()).startsWith("showing 50 of 20000 columns, ")
        .contains("cells truncated to 500 characters");
  }

  @Test
  void biggerCellsMeanFewerRowsNotABiggerResponse() {
    JsonNode r = bounded("query", "{\"sql\": \"SELECT t_01, t_02 FROM variants\", "
        + "\"max_cell_chars\": 20000}", BUDGET);
    assertThat(r.get("row_count").asInt()).isEqualTo(1);
    assertThat(r.get("truncation").asText()).contains("only 1 of the 3 rows of this window fit "
        + "in " + BUDGET + " bytes");
    assertThat(r.get("next").asText()).contains("window_offset=1");
    assertThat(r.get("has_more").asBoolean()).isTrue();

    JsonNode more = bounded("query", "{\"sql\": \"SELECT t_01, t_02 FROM variants\", "
        + "\"max_cell_chars\": 20000, \"max_response_bytes\": 200000}", 200_000);
    assertThat(more.get("row_count").asInt()).isEqualTo(3);

    String refused = call.error("query", "{\"sql\": \"SELECT t_01 FROM variants\", "
        + "\"max_cell_chars\": 50000}", "VALIDATION_FAILED");
    assertThat(refused).contains("limit is 20000");
  }

  @Test
  void describeAndHeadersPageThroughColumns() {
    JsonNode d = bounded("describe_table", "{\"table\": \"variants\"}", BUDGET);
    assertThat(d.get("column_count").asInt()).isEqualTo(COLUMNS);
    assertThat(d.get("row_count").asInt()).isEqualTo(ROWS);
    assertThat(d.get("columns")).hasSize(50);
    assertThat(d.get("truncation").asText()).isEqualTo("showing 50 of 20000 columns");
    JsonNode h = bounded("headers", "{\"table\": \"variants\", \"max_columns\": 1000}", BUDGET);
    assertThat(h.get("summary").asText()).startsWith("Columns (showing 1000 of 20000): id, t_01");
  }

  @Test
  void statsCutValuesButNotTheirLengths() {
    JsonNode s = bounded("column_stats", "{\"table\": \"variants\", \"columns\": [\"t_05\"]}",
        BUDGET);
    JsonNode t5 = s.get("columns").get(0);
    assertThat(t5.get("min_length").asInt()).isEqualTo(CELL);
    assertThat(t5.get("most_common")).hasSize(ROWS);
    assertThat(s.get("truncation").asText()).isEqualTo("3 cells truncated to 500 characters");
  }
}

package io.csvws.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** sql_help over a real workspace: functions from csvws.functions, notes from docs/sql.md. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SqlHelpTest {
  private AgentTools tools;
  private ToolCalls call;

  @BeforeAll
  void open(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("t.csv"), "a,b\n1,x\n", StandardCharsets.UTF_8);
    tools = AgentTools.open(dir, null, AgentLimits.defaults());
    call = new ToolCalls(tools);
  }

  @AfterAll
  void close() {
    tools.close();
  }

  @Test
  void everyNoteIsInDocsSqlMdWordForWord() throws IOException {
    String docs = Files.readString(Path.of("..", "docs", "sql.md"), StandardCharsets.UTF_8)
        .replaceAll("\\s+", " ");
    Map<String, List<String>> notes = SqlHelpTool.quotedNotes();
    assertThat(notes.keySet()).contains("*", "date", "string", "regex", "aggregate",
        "conditional");
    for (List<String> topic : notes.values()) {
      for (String note : topic) {
        String quoted = note.startsWith("Differs: ") ? null : note.replaceAll("\\s+", " ");
        if (quoted != null) {
          assertThat(docs).as("note not in docs/sql.md").contains(quoted);
        } else {
          String key = note.substring("Differs: ".length(), note.indexOf(". csvws: "));
          assertThat(docs).as("difference row not in docs/sql.md").contains("| " + key + " |");
        }
      }
    }
  }

  @Test
  void aTopicGivesItsFunctionsNotesAndAnExampleThatRan() {
    JsonNode r = call.ok("sql_help", "{\"topic\": \"dates\"}");
    assertThat(r.get("topic").asText()).isEqualTo("date");
    assertThat(r.get("functions").toString()).contains("DATE_TRUNC", "STRFTIME", "TO_CHAR",
        "LAST_DAY", "STRPTIME");
    assertThat(r.get("notes").toString()).contains("date - date");
    JsonNode example = r.get("example");
    assertThat(example.get("sql").asText()).contains("DATE_TRUNC");
    assertThat(example.get("rows").get(0).toString())
        .contains("\"2024-01-01 00:00:00\"", "14", "\"2024-01\"", "\"2024-03-05\"");
  }

  @Test
  void everyExampleRuns() {
    for (String topic : SqlHelpTool.examples().keySet()) {
      JsonNode r = call.ok("sql_help", "{\"topic\": \"" + topic + "\"}");
      assertThat(r.get("example").get("rows")).as(topic).isNotEmpty();
      assertThat(r.get("functions")).as(topic).isNotEmpty();
    }
  }

  @Test
  void aFunctionNameGivesItsRowsAndTheNotesThatNameIt() {
    JsonNode r = call.ok("sql_help", "{\"topic\": \"regexp_replace\"}");
    assertThat(r.get("function").asText()).isEqualTo("REGEXP_REPLACE");
    assertThat(r.get("functions")).hasSize(1);
    assertThat(r.get("functions").get(0).get(2).asText()).contains(" | ");
    assertThat(r.get("notes").toString()).contains("flag `'g'`");
    assertThat(r.get("example").get("sql").asText()).contains("REGEXP_REPLACE");
    assertThat(call.ok("sql_help", "{\"topic\": \"MEDIAN\"}").get("functions").get(0).get(1)
        .asText()).isEqualTo("aggregate");
  }

  @Test
  void withoutATopicListsTheTopics() {
    JsonNode r = call.ok("sql_help", "{}");
    assertThat(r.get("topics").has("date")).isTrue();
    assertThat(r.get("topics").has("internal")).isFalse();
    assertThat(r.get("hint").asText()).contains("csvws.functions");
  }

  @Test
  void anUnknownTopicSaysWhatExists() {
    String message = call.error("sql_help", "{\"topic\": \"date_trunk\"}", "VALIDATION_FAILED");
    assertThat(message).contains("Topics: ", "date", "DATE_TRUNC");
  }

  @Test
  void aSmallBudgetShowsFewerFunctionsAndSaysSo() {
    ToolResult r = call.raw("sql_help", "{\"topic\": \"aggregates\", "
        + "\"max_response_bytes\": 6000}");
    assertThat(r.isError()).as(r.json()).isFalse();
    assertThat(ToolCalls.bytes(r)).isLessThanOrEqualTo(6000);
    JsonNode body = ToolCalls.parse(r.json());
    assertThat(body.get("truncated").asBoolean()).isTrue();
    assertThat(body.get("next").asText()).contains("csvws.functions");
  }
}

package io.csvws.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code tools --schema}: every tool as a function-call schema an agent framework can load. */
class ToolSchemasTest {
  private static JsonNode schemas(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = ToolsCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    assertThat(status).as(err.toString(StandardCharsets.UTF_8)).isZero();
    return ToolCalls.parse(out.toString(StandardCharsets.UTF_8));
  }

  @Test
  void plainSchemasAreWellFormed() {
    JsonNode all = schemas("--schema");
    List<String> names = new ArrayList<>();
    for (JsonNode tool : all) {
      names.add(tool.get("name").asText());
      assertThat(tool.get("description").asText()).hasSizeGreaterThan(20);
      JsonNode p = tool.get("parameters");
      assertThat(p.get("type").asText()).isEqualTo("object");
      assertThat(p.get("additionalProperties").asBoolean()).isFalse();
      for (JsonNode required : p.get("required")) {
        assertThat(p.get("properties").has(required.asText())).as(tool.get("name") + " "
            + required).isTrue();
      }
      for (Iterator<JsonNode> it = p.get("properties").elements(); it.hasNext(); ) {
        JsonNode prop = it.next();
        assertThat(prop.get("type").asText()).isIn("string", "integer", "boolean", "array");
        assertThat(prop.get("description").asText()).isNotBlank();
      }
    }
    assertThat(names).containsExactly("list_tables", "describe_table", "headers",
        "column_stats", "read_rows", "find_rows", "query", "export", "save_result",
        "list_results", "read_result", "drop_result", "sql_help");
    JsonNode query = all.get(names.indexOf("query"));
    assertThat(query.get("description").asText()).contains("Count first");
    assertThat(query.get("parameters").get("required").toString()).isEqualTo("[\"sql\"]");
  }

  @Test
  void otherShapes() {
    JsonNode anthropic = schemas("--schema", "--format", "anthropic");
    assertThat(anthropic.get(0).has("input_schema")).isTrue();
    JsonNode openai = schemas("--schema", "--format", "openai");
    assertThat(openai.get(0).get("function").get("name").asText()).isEqualTo("list_tables");
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    assertThat(ToolsCommand.run(new String[] {"--schema", "--format", "yaml"},
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8))).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("plain, openai or anthropic");
  }
}

package io.csvws.agent;

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
 * list_tables on a workspace of 10,000 files: a bounded page, the total, and how to get the next
 * page; the files of a page are described as on a small workspace (columns, reading notes), and a
 * file that cannot be read is a note on its row, not a failure of the page.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class ManyTablesTest {
  private static final int FILES = 10_000;
  private AgentTools tools;
  private ToolCalls call;

  @BeforeAll
  void workspace(@TempDir Path dir) throws IOException {
    for (int i = 0; i < FILES; i++) {
      Files.writeString(dir.resolve(String.format("t%05d.csv", i)), "id,v\n" + i + ",x\n",
          StandardCharsets.UTF_8);
    }
    Files.createDirectories(dir.resolve("z_folder"));
    Files.writeString(dir.resolve("z_folder/last.csv"), "a;b;c\n1;2;3\n");
    Files.write(dir.resolve("t00051.csv"), new byte[] {'a', 0, 0, 0, (byte) 0xff, '\n', 0, 0});
    tools = AgentTools.open(dir, null, AgentLimits.defaults());
    call = new ToolCalls(tools);
  }

  @AfterAll
  void close() {
    tools.close();
  }

  @Test
  void theFirstPageIsBoundedAndSaysHowManyThereAreAndHowToGoOn() {
    JsonNode r = call.ok("list_tables", "{}");

    assertThat(r.get("table_count").asInt()).isEqualTo(FILES + 1);
    assertThat(r.get("has_more").asBoolean()).isTrue();
    List<String> names = names(r);
    assertThat(names).hasSize(AgentLimits.defaults().defaultRows()).startsWith("t00000", "t00001");
    assertThat(r.get("tables").get(1).get(2).asInt()).as("column_count").isEqualTo(2);
    assertThat(r.toString()).contains("window_offset=" + names.size());
  }

  @Test
  void theNextPageStartsWhereTheLastEndedAndTheLastPageHasNoMore() {
    JsonNode second = call.ok("list_tables", "{\"window_offset\": 50, \"window_rows\": 10}");
    assertThat(names(second)).startsWith("t00050", "t00051").hasSize(10);
    assertThat(second.get("tables").get(1).get(5).asText()).as("notes of t00051")
        .isNotBlank();

    JsonNode last = call.ok("list_tables", "{\"window_offset\": " + (FILES - 1) + "}");
    assertThat(names(last)).containsExactly("t09999", "z_folder.last");
    assertThat(last.get("has_more").asBoolean()).isFalse();
    assertThat(last.get("tables").get(1).get(2).asInt()).isEqualTo(3);
  }

  private static List<String> names(JsonNode r) {
    List<String> out = new ArrayList<>();
    r.get("tables").forEach(t -> out.add(t.get(0).asText()));
    return out;
  }
}

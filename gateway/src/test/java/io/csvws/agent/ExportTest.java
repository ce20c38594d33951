package io.csvws.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * export writes CSV and XLSX files into the export folder only, never over an existing file
 * unless asked, and never anywhere else.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ExportTest {
  @TempDir
  Path dir;
  private Path workspace;
  private Path exports;
  private AgentTools tools;
  private ToolCalls call;

  @BeforeEach
  void setUp() throws IOException {
    workspace = Files.createDirectories(dir.resolve("ws"));
    exports = Files.createDirectories(dir.resolve("exports"));
    Files.writeString(workspace.resolve("contacts.csv"), "id,name,note,joined,vip,balance\n"
        + "1,Ann,\"likes, commas\",2024-03-01,true,12.50\n"
        + "2,Bob,\"says \"\"hi\"\"\",2024-03-02,false,-3.25\n"
        + "3,Cy,< & >,2024-03-03,true,1000000.00\n");
    tools = AgentTools.open(workspace, exports, AgentLimits.defaults());
    call = new ToolCalls(tools);
  }

  @AfterEach
  void close() {
    tools.close();
  }

  @Test
  void csvExportIsRfc4180AndRereadable() throws IOException {
    JsonNode r = call.ok("export", "{\"table\": \"contacts\", \"target\": \"out/contacts.csv\"}");
    assertThat(r.get("target_path").asText()).isEqualTo("out/contacts.csv");
    assertThat(r.get("row_count").asInt()).isEqualTo(3);
    assertThat(r.get("column_count").asInt()).isEqualTo(6);
    assertThat(r.get("replaced").asBoolean()).isFalse();
    String csv = Files.readString(exports.resolve("out/contacts.csv"), StandardCharsets.UTF_8);
    assertThat(csv).isEqualTo("id,name,note,joined,vip,balance\r\n"
        + "1,Ann,\"likes, commas\",2024-03-01,true,12.50\r\n"
        + "2,Bob,\"says \"\"hi\"\"\",2024-03-02,false,-3.25\r\n"
        + "3,Cy,< & >,2024-03-03,true,1000000.00\r\n");
    try (Stream<Path> left = Files.list(exports.resolve("out"))) {
      assertThat(left.map(p -> p.getFileName().toString())).containsExactly("contacts.csv");
    }
    // the export gets the permissions any new file gets there, not a temporary file's
    Path probe = Files.createFile(exports.resolve("probe"));
    assertThat(Files.getPosixFilePermissions(exports.resolve("out/contacts.csv")))
        .isEqualTo(Files.getPosixFilePermissions(probe));
    Files.delete(probe);
  }

  @Test
  void existingFilesAreKeptUnlessOverwriteIsAsked() throws IOException {
    Files.writeString(exports.resolve("keep.csv"), "precious\n");
    String m = call.error("export", "{\"sql\": \"SELECT id FROM contacts\", \"target\": "
        + "\"keep.csv\"}", "VALIDATION_FAILED");
    assertThat(m).contains("already exists").contains("overwrite=true");
    assertThat(Files.readString(exports.resolve("keep.csv"))).isEqualTo("precious\n");
    JsonNode r = call.ok("export", "{\"sql\": \"SELECT id FROM contacts ORDER BY id\", "
        + "\"target\": \"keep.csv\", \"overwrite\": true}");
    assertThat(r.get("replaced").asBoolean()).isTrue();
    assertThat(r.get("warnings")).isEmpty();
    assertThat(Files.readString(exports.resolve("keep.csv"))).isEqualTo("id\r\n1\r\n2\r\n3\r\n");
  }

  @Test
  void targetsStayInsideTheExportFolder() throws IOException {
    Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
    Files.createSymbolicLink(exports.resolve("link"), elsewhere);
    for (String target : List.of("../ws/contacts.csv", "a/../../x.csv",
        dir.resolve("x.csv").toString(), "link/x.csv", "..\\x.csv")) {
      call.error("export", "{\"table\": \"contacts\", \"target\": " + ToolCalls.str(target) + "}",
          "SANDBOX_VIOLATION");
    }
    call.error("export", "{\"table\": \"contacts\", \"target\": \".hidden.csv\"}",
        "VALIDATION_FAILED");
    call.error("export", "{\"table\": \"contacts\", \"target\": \"x.txt\"}", "VALIDATION_FAILED");
    call.error("export", "{\"table\": \"contacts\", \"target\": \"x.csv\", \"format\": "
        + "\"xlsx\"}", "VALIDATION_FAILED");
    call.error("export", "{\"table\": \"contacts\", \"sql\": \"SELECT 1\", \"target\": "
        + "\"x.csv\"}", "VALIDATION_FAILED");
    call.error("export", "{\"sql\": \"DELETE FROM contacts\", \"target\": \"x.csv\"}",
        "READ_ONLY");
    try (Stream<Path> e = Files.list(elsewhere); Stream<Path> x = Files.list(exports)) {
      assertThat(e).isEmpty();
      assertThat(x.map(p -> p.getFileName().toString())).containsExactly("link");
    }
    try (Stream<Path> w = Files.list(workspace)) {
      assertThat(w.map(p -> p.getFileName().toString())).containsExactly("contacts.csv");
    }
  }

  @Test
  void aLinkAtAnyLevelIsRefusedEvenOneThatStaysInside() throws IOException {
    Files.createDirectories(exports.resolve("real"));
    Files.createSymbolicLink(exports.resolve("inner"), exports.resolve("real"));
    call.error("export", "{\"table\": \"contacts\", \"target\": \"inner/x.csv\"}",
        "SANDBOX_VIOLATION");
    Files.createSymbolicLink(exports.resolve("file-link.csv"), exports.resolve("real/y.csv"));
    call.error("export", "{\"table\": \"contacts\", \"target\": \"file-link.csv\", "
        + "\"overwrite\": true}", "SANDBOX_VIOLATION");
    try (Stream<Path> r = Files.list(exports.resolve("real"))) {
      assertThat(r).isEmpty();
    }
  }

  @Test
  void anExportFolderThatIsALinkIsNotWrittenThrough() throws IOException {
    Path outside = Files.createDirectories(dir.resolve("outside"));
    Path linked = Files.createSymbolicLink(dir.resolve("user-folder"), outside);
    try (AgentTools t = AgentTools.open(workspace, linked, AgentLimits.defaults())) {
      String message = new ToolCalls(t).error("export", "{\"table\": \"contacts\", "
          + "\"target\": \"x.csv\"}", "SANDBOX_VIOLATION");
      assertThat(message).contains("symbolic link").doesNotContain(dir.toString());
    }
    try (Stream<Path> o = Files.list(outside)) {
      assertThat(o).isEmpty();
    }
  }

  /**
   * While exports run, another thread keeps moving the target's folder away and putting a link
   * to a folder outside in its place: no byte lands outside, and every failure is a clean error.
   */
  @Test
  void aFolderSwappedForALinkDuringExportsIsNeverWrittenThrough() throws Exception {
    Path outside = Files.createDirectories(dir.resolve("outside"));
    Path sub = exports.resolve("sub");
    java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
    Thread swapper = new Thread(() -> {
      int n = 0;
      while (!stop.get()) {
        try {
          if (Files.isDirectory(sub, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            Files.move(sub, exports.resolve("moved-" + n++));
          }
          Path link = exports.resolve("link.tmp");
          Files.deleteIfExists(link);
          Files.createSymbolicLink(link, outside);
          Files.move(link, sub, java.nio.file.StandardCopyOption.ATOMIC_MOVE,
              java.nio.file.StandardCopyOption.REPLACE_EXISTING);
          Thread.onSpinWait();
          Files.deleteIfExists(sub);
        } catch (IOException e) {
          // The export made the folder meanwhile: go round again.
        }
      }
    });
    swapper.start();
    int written = 0;
    int refused = 0;
    try {
      for (int i = 0; i < 200; i++) {
        ToolResult r = tools.callJson("export", "{\"table\": \"contacts\", \"target\": "
            + "\"sub/x.csv\", \"overwrite\": true}");
        if (r.isError()) {
          refused++;
          assertThat(r.json()).doesNotContain(dir.toString()).doesNotContain("Exception")
              .doesNotContain(".tmp").contains("\"code\"");
        } else {
          written++;
        }
      }
    } finally {
      stop.set(true);
      swapper.join();
    }
    try (Stream<Path> o = Files.list(outside)) {
      assertThat(o).as("written %d, refused %d", written, refused).isEmpty();
    }
    assertThat(refused).as("the race was run").isPositive();
  }

  @Test
  void aFailedExportLeavesNothing() throws IOException {
    call.error("export", "{\"sql\": \"SELECT nope FROM contacts\", \"target\": \"x.xlsx\"}",
        "QUERY_FAILED");
    try (Stream<Path> x = Files.list(exports)) {
      assertThat(x).isEmpty();
    }
  }

  @Test
  void xlsxHoldsTypedCellsThatASpreadsheetReads() throws Exception {
    call.ok("save_result", "{\"name\": \"vips\", \"sql\": \"SELECT id, name, note, joined, "
        + "balance FROM contacts WHERE vip ORDER BY id\"}");
    JsonNode r = call.ok("export", "{\"result\": \"vips\", \"target\": \"vips.xlsx\", "
        + "\"sheet\": \"VIP list\"}");
    assertThat(r.get("format").asText()).isEqualTo("xlsx");
    assertThat(r.get("sheet").asText()).isEqualTo("VIP list");
    assertThat(r.get("row_count").asInt()).isEqualTo(2);
    try (ZipFile zip = new ZipFile(exports.resolve("vips.xlsx").toFile())) {
      List<String> parts = new ArrayList<>();
      zip.stream().map(ZipEntry::getName).forEach(parts::add);
      assertThat(parts).contains("[Content_Types].xml", "_rels/.rels", "xl/workbook.xml",
          "xl/_rels/workbook.xml.rels", "xl/styles.xml", "xl/worksheets/sheet1.xml");
      Document workbook = xml(zip, "xl/workbook.xml");
      assertThat(((Element) workbook.getElementsByTagName("sheet").item(0)).getAttribute("name"))
          .isEqualTo("VIP list");
      Map<String, String> cells = cells(xml(zip, "xl/worksheets/sheet1.xml"));
      assertThat(cells.get("A1")).isEqualTo("s:id");
      assertThat(cells.get("E1")).isEqualTo("s:balance");
      assertThat(cells.get("A2")).isEqualTo("n:1");
      assertThat(cells.get("B2")).isEqualTo("s:Ann");
      assertThat(cells.get("C2")).isEqualTo("s:likes, commas");
      assertThat(cells.get("D2")).isEqualTo("n:45352"); // 2024-03-01 as a spreadsheet serial
      assertThat(cells.get("E2")).isEqualTo("n:12.50"); // balance is a DECIMAL(38, 2) column
      assertThat(cells.get("C3")).isEqualTo("s:< & >");
      assertThat(cells.get("E3")).isEqualTo("n:1000000.00");
      assertThat(cells).doesNotContainKey("A4");
    }
  }

  @Test
  void wideTablesExportWhole() throws IOException {
    StringBuilder h = new StringBuilder("c0");
    StringBuilder row = new StringBuilder("0");
    for (int c = 1; c < 20_000; c++) {
      h.append(",c").append(c);
      row.append(',').append(c % 7);
    }
    Files.writeString(workspace.resolve("wide.csv"), h + "\n" + row + "\n");
    JsonNode r = call.ok("export", "{\"table\": \"wide\", \"target\": \"wide.csv\"}");
    assertThat(r.get("column_count").asInt()).isEqualTo(20_000);
    List<String> lines = Files.readAllLines(exports.resolve("wide.csv"));
    assertThat(lines).containsExactly(h.toString(), row.toString());
    String m = call.error("export", "{\"table\": \"wide\", \"target\": \"wide.xlsx\"}",
        "VALIDATION_FAILED");
    assertThat(m).contains("16384").contains("CSV");
  }

  private static Document xml(ZipFile zip, String part) throws Exception {
    byte[] bytes = zip.getInputStream(zip.getEntry(part)).readAllBytes();
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setNamespaceAware(true);
    return f.newDocumentBuilder().parse(new ByteArrayInputStream(bytes));
  }

  /** Cell reference to "s:text" or "n:number" (booleans "b:0/1"). */
  private static Map<String, String> cells(Document sheet) {
    Map<String, String> out = new HashMap<>();
    NodeList cs = sheet.getElementsByTagName("c");
    for (int i = 0; i < cs.getLength(); i++) {
      Element c = (Element) cs.item(i);
      String t = c.getAttribute("t");
      String v = t.equals("inlineStr") ? "s:" + c.getElementsByTagName("t").item(0)
          .getTextContent() : (t.equals("b") ? "b:" : "n:") + c.getElementsByTagName("v")
          .item(0).getTextContent();
      out.put(c.getAttribute("r"), v);
    }
    return out;
  }
}

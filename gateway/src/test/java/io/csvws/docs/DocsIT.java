package io.csvws.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import io.csvws.docs.MarkdownBlocks.Block;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every code block of README.md and docs/*.md, run as a reader would run it, in the order the
 * pages give them: SQL against the example workspace, the console and SQLLine from the shaded
 * jars, the gateway started by its documented command on a free loopback port, the curl and
 * Python samples against it, and the MCP session of docs/agents.md through the MCP SDK's client.
 * Where a page shows output, the output must match; a block that is neither run here nor marked
 * {@code <!-- not run: why -->} (or {@code <!-- run by: Test -->}) fails (see
 * {@link MarkdownBlocks} for the conventions). Complete SQL statements and console or gateway
 * commands written inline in the prose run too.
 *
 * <p>What is normalised, because it differs between runs: the port (the docs say 8765, the test
 * asks for a free one), the timings of agent answers ({@link DocJson#TIMINGS}), {@code ...} in a
 * shown command output (it stands for text the page leaves out), placeholder paths
 * ({@code path/to/workspace}, {@code /data/...}) which become the example workspace, and the
 * elided password {@code ...}, which becomes the one the documented {@code hash-password} hashed.
 */
class DocsIT {
  static final Path ROOT = Path.of(System.getProperty("csvws.projectRoot", ".."))
      .toAbsolutePath().normalize();
  static final Path EXAMPLE = ROOT.resolve("src/examples/workspace");
  private static final Pattern INLINE = Pattern.compile(
      "`((?:SELECT|WITH|VALUES) [^`]+)`", Pattern.DOTALL);
  private static final Pattern INLINE_COMMAND = Pattern.compile(
      "`((?:java -jar (?:driver|gateway)/target/|\\.\\.\\. )[^`]*(?:~/data|<folder>|DIR)[^`]*)`");
  private static final Pattern TOOL_CALL = Pattern.compile("([a-z_]+) (\\{.*\\})");
  private static final String DOC_PORT = "http://127.0.0.1:8765";
  private static final String GATEWAY = "java -jar gateway/target/csvws-gateway.jar";
  private static final String DOC_PASSWORD = "correct-horse-battery-staple";

  @TempDir
  static Path scratch;

  private static final DocGateways gateways = new DocGateways();
  private static final DocMcpSession mcp = new DocMcpSession();

  @AfterAll
  static void stop() {
    mcp.close();
    gateways.close();
  }

  @TestFactory
  Stream<DynamicTest> everyBlockOfTheDocs() throws IOException {
    Assumptions.assumeTrue(Shell.has("bash"),
        "bash is not on the PATH: the documented commands are shell command lines");
    assertThat(ROOT.resolve("gateway/target/csvws-gateway.jar"))
        .as("the gateway jar (mvn package builds it before the integration tests)").exists();
    assertThat(ROOT.resolve("driver/target/csvws-driver.jar"))
        .as("the driver jar (the driver module builds it before the gateway module)").exists();
    List<Block> blocks = new ArrayList<>();
    for (String page : pages()) {
      blocks.addAll(MarkdownBlocks.read(ROOT, page));
    }
    assertThat(blocks).hasSizeGreaterThan(40);
    return blocks.stream().map(b -> DynamicTest.dynamicTest(
        b.where() + " " + abbreviate(b.firstLine()), () -> run(b)));
  }

  /**
   * Every SQL statement written inline in the pages' prose ({@code `SELECT ... FROM ...`}) runs
   * on the page's workspace. A span with {@code ...} or {@code [} is a pattern, and one without
   * FROM a fragment ({@code `SELECT *`}); neither is a statement a reader can run as written.
   */
  @TestFactory
  Stream<DynamicTest> everyInlineStatementOfTheDocs() throws IOException {
    List<DynamicTest> tests = new ArrayList<>();
    for (String page : pages()) {
      String text = withoutBlocks(Files.readString(ROOT.resolve(page), StandardCharsets.UTF_8));
      Matcher m = INLINE.matcher(text);
      while (m.find()) {
        String sql = oneLine(m.group(1));
        boolean statement = (sql.contains(" FROM ") || sql.startsWith("VALUES "))
            && !sql.contains("...") && !sql.contains("[");
        if (statement) {
          int line = (int) text.substring(0, m.start()).chars().filter(c -> c == '\n').count() + 1;
          String where = page + ":" + line;
          tests.add(DynamicTest.dynamicTest(where + " " + abbreviate(sql),
              () -> inlineSql(where, page, sql)));
        }
      }
    }
    assertThat(tests).hasSizeGreaterThan(20);
    return tests.stream();
  }

  /**
   * Every console or gateway command written inline in the pages' prose, its folder placeholder
   * ({@code ~/data}, {@code <folder>}, {@code DIR}) replaced by a folder with the tables it names
   * ({@link DocWorkspaces#placeholder}); {@code ...} at the start stands for the console command
   * just before it. {@code bench/run} spans are not run, as docs/benchmarks.md says.
   */
  @TestFactory
  Stream<DynamicTest> everyInlineCommandOfTheDocs() throws IOException {
    Assumptions.assumeTrue(Shell.has("bash"),
        "bash is not on the PATH: the documented commands are shell command lines");
    List<DynamicTest> tests = new ArrayList<>();
    for (String page : pages()) {
      String text = withoutBlocks(Files.readString(ROOT.resolve(page), StandardCharsets.UTF_8));
      Matcher m = INLINE_COMMAND.matcher(text);
      while (m.find()) {
        String command = oneLine(m.group(1));
        int line = (int) text.substring(0, m.start()).chars().filter(c -> c == '\n').count() + 1;
        String where = page + ":" + line;
        tests.add(DynamicTest.dynamicTest(where + " " + abbreviate(command),
            () -> inlineCommand(where, page, command)));
      }
    }
    assertThat(tests).hasSizeGreaterThan(4);
    return tests.stream();
  }

  private static void inlineCommand(String where, String page, String written) throws Exception {
    String folder = DocWorkspaces.placeholder(page, scratch).toString();
    String command = written
        .replaceFirst("^\\.\\.\\.", "java -jar driver/target/csvws-driver.jar")
        .replaceFirst(" (~/data|<folder>|DIR)( |$)", " " + folder + "$2");
    if (command.startsWith(GATEWAY + " serve")) {
      gateways.start(where, command, shell()).close();
      return;
    }
    boolean oneQuery = command.contains(" -e ");
    boolean console = command.startsWith("java -jar driver/");
    // The console is asked to quit; the MCP server ends when its standard input closes.
    Shell.Result r = shell().run(command, console && !oneQuery ? "!quit\n" : "");
    assertThat(r.exit()).as("%s: %s: %s", where, command, r).isZero();
    if (oneQuery) {
      assertThat(r.stdout().lines().count()).as("%s: %s: a header and rows; %s", where, command,
          r).isGreaterThan(1);
    }
    assertThat(r.stdout() + r.stderr()).as("%s: %s", where, r).doesNotContain("Error");
  }

  /** The page with its fenced blocks blanked (their lines kept, so line numbers hold). */
  private static String withoutBlocks(String page) {
    StringBuilder out = new StringBuilder();
    boolean inBlock = false;
    for (String line : page.split("\n", -1)) {
      if (line.startsWith("```")) {
        inBlock = !inBlock;
        out.append('\n');
      } else {
        out.append(inBlock ? "" : line).append('\n');
      }
    }
    return out.toString();
  }

  private static void inlineSql(String where, String page, String sql) throws Exception {
    Path ws = DocWorkspaces.forPage(page, scratch);
    try (Connection c = DriverManager.getConnection("jdbc:csvws:" + ws);
        Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        assertThat(rs.getMetaData().getColumnCount()).isPositive();
      }
    } catch (SQLException e) {
      throw new AssertionError(where + ": " + sql + " failed: " + e.getMessage(), e);
    }
  }

  /** README.md and every page of docs/, so that a new page is checked without a change here. */
  static List<String> pages() throws IOException {
    List<String> pages = new ArrayList<>(List.of("README.md"));
    try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
      docs.map(p -> "docs/" + p.getFileName()).filter(p -> p.endsWith(".md")).sorted()
          .forEach(pages::add);
    }
    return pages;
  }

  /** Whether {@code className}.java is in a module's src/test/java. */
  private static boolean isTestOfThisProject(String className) throws IOException {
    try (Stream<Path> modules = Files.list(ROOT)) {
      for (Path tests : modules.map(m -> m.resolve("src/test/java")).filter(Files::isDirectory)
          .toList()) {
        try (Stream<Path> files = Files.walk(tests)) {
          if (files.anyMatch(f -> f.getFileName().toString().equals(className + ".java"))) {
            return true;
          }
        }
      }
    }
    return false;
  }

  private static String abbreviate(String line) {
    return line.length() > 60 ? line.substring(0, 60) + "..." : line;
  }

  private void run(Block b) throws Exception {
    if (b.notRun() != null) {
      assertThat(b.notRun()).as("%s: the reason it is not run", b.where()).hasSizeGreaterThan(15);
      Assumptions.abort("not run, as " + b.where() + " says: " + b.notRun());
    }
    if (b.runBy() != null) {
      assertThat(isTestOfThisProject(b.runBy()))
          .as("%s is run by %s, which must be a test of this project", b.where(), b.runBy())
          .isTrue();
      Assumptions.abort(b.where() + " is run by " + b.runBy());
    }
    String first = b.firstLine();
    boolean comparesOutput = b.info().equals("sql") || TOOL_CALL.matcher(b.text()).matches()
        || b.info().equals("python") || (b.text().contains("curl -s ")
        && !b.text().contains("/agent/tools/"));
    assertThat(comparesOutput || b.output() == null)
        .as("%s shows output at %s that DocsIT does not compare: teach DocsIT to compare it",
            b.where(), b.output() == null ? "" : b.output().where())
        .isTrue();
    if (b.info().equals("sql")) {
      sql(b);
    } else if (TOOL_CALL.matcher(b.text()).matches()) {
      toolCall(b);
    } else if (b.info().equals("python")) {
      python(b);
    } else if (b.info().equals("java")) {
      jshell(b);
    } else if (first.startsWith("mvn -B -q -DskipTests package && java -jar driver/")
        || first.startsWith("java -jar driver/target/csvws-driver.jar")) {
      console(b);
    } else if (first.equals("mvn -B -q -DskipTests package")
        || first.startsWith(GATEWAY + " serve ")) {
      serve(b);
    } else if (first.equals("# users.txt")) {
      usersFile(b);
    } else if (first.startsWith(GATEWAY + " hash-password")) {
      hashPassword(b);
    } else if (first.startsWith("jdbc:avatica:remote:")) {
      avaticaUrl(b);
    } else if (first.startsWith("java -cp driver/target/csvws-driver.jar sqlline.SqlLine")) {
      sqlline(b);
    } else if (b.text().contains("curl -s ") && b.text().contains("/agent/tools/")) {
      curlAgentTool(b);
    } else if (b.text().contains("curl -s ")) {
      curlAvatica(b);
    } else if (first.startsWith(GATEWAY + " mcp")) {
      mcpSynopsis(b);
    } else if (first.contains("\"mcpServers\"")) {
      mcp.start(b, scratch.resolve("mcp"));
    } else if (first.startsWith(GATEWAY + " tools --schema")) {
      toolSchemas(b);
    } else if (first.startsWith(GATEWAY + " tools call")) {
      toolsCall(b);
    } else if (b.info().equals("json") && b.text().contains("http://www.w3.org/ns/csvw")) {
      csvwMetadata(b);
    } else {
      fail("%s is neither run by DocsIT nor marked: put <!-- not run: REASON --> on the line "
          + "before it (and say why in the page), or teach DocsIT to run it:%n%s", b.where(),
          b.text());
    }
  }

  // --- SQL ------------------------------------------------------------------------------------

  /**
   * Each statement of the block against the example workspace (with the files the page talks
   * about added, see {@link DocWorkspaces}). An output block after it is the error the page
   * says the statement gets.
   */
  private static void sql(Block b) throws Exception {
    Path ws = DocWorkspaces.forPage(b.page(), scratch);
    List<String> statements = statements(b.text());
    assertThat(statements).as(b.where()).isNotEmpty();
    try (Connection c = DriverManager.getConnection("jdbc:csvws:" + ws)) {
      for (String sql : statements) {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
          int rows = 0;
          while (rs.next()) {
            rows++;
          }
          assertThat(b.output()).as("%s: the page shows an error, but %s answered %d rows",
              b.where(), sql, rows).isNull();
        } catch (SQLException e) {
          if (b.output() == null) {
            throw new AssertionError(b.where() + ": " + sql + " failed: " + e.getMessage(), e);
          }
          assertThat(oneLine(e.getMessage())).as("%s: the error of %s", b.where(), sql)
              .endsWith(oneLine(b.output().text()));
        }
      }
    }
  }

  /** The statements of a SQL block: split at a semicolon that ends a line. */
  static List<String> statements(String text) {
    List<String> out = new ArrayList<>();
    for (String part : text.split(";\\s*(\\n|$)")) {
      String sql = part.lines().filter(l -> !l.trim().startsWith("--"))
          .collect(Collectors.joining("\n")).trim();
      if (!sql.isEmpty()) {
        out.add(sql);
      }
    }
    return out;
  }

  private static String oneLine(String text) {
    return text.trim().replaceAll("\\s+", " ");
  }

  private static void csvwMetadata(Block b) throws Exception {
    // A q1.csv that needs every member the page shows: a line to skip, '|' and ' quotes,
    // a comment line, padded fields, dd.MM.yyyy dates, decimal commas, both null tokens.
    Path ws = Files.createDirectories(scratch.resolve("csvw"));
    String csv = "exported 2024-04-01\n"
        + "id|name|when|amount|code\n"
        + "# checked by Zoë\n"
        + "1| 'Zoë, A' |05.03.2024|1,5|7\n"
        + "2|NA|06.03.2024|-|-\n";
    Files.write(ws.resolve("q1.csv"), csv.getBytes(Charset.forName("windows-1252")));
    Files.writeString(ws.resolve("q1.csv-metadata.json"), b.text());
    try (Connection c = DriverManager.getConnection("jdbc:csvws:" + ws);
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT * FROM q1 ORDER BY id")) {
      ResultSetMetaData md = rs.getMetaData();
      List<String> columns = new ArrayList<>();
      for (int i = 1; i <= md.getColumnCount(); i++) {
        columns.add(md.getColumnLabel(i) + " " + md.getColumnTypeName(i));
      }
      assertThat(columns).as(b.where()).containsExactly("id BIGINT", "name VARCHAR",
          "when DATE", "amount DOUBLE", "code INTEGER");
      List<String> rows = new ArrayList<>();
      while (rs.next()) {
        rows.add(rs.getLong(1) + "|" + rs.getString(2) + "|" + rs.getDate(3) + "|"
            + rs.getObject(4) + "|" + rs.getString(5));
      }
      // Null tokens apply to typed columns; text keeps them (docs/reading-csv.md says so).
      assertThat(rows).as(b.where()).containsExactly("1|Zoë, A|2024-03-05|1.5|7",
          "2|NA|2024-03-06|null|null");
    }
  }

  // --- the console, SQLLine, jshell and Python ---------------------------------------------------

  /** The console from the shaded jar, in the project root, asked one query. */
  private static void console(Block b) throws Exception {
    String command = b.text().strip();
    String build = "mvn -B -q -DskipTests package && ";
    if (command.startsWith(build)) {
      // `mvn verify` has just run `package`; building again inside the build cannot be done.
      command = command.substring(build.length());
    }
    Shell.Result r = shell().run(command, "SELECT email FROM customers WHERE customer_id = 5;\n"
        + "!quit\n");
    assertThat(r.exit()).as("%s: %s", b.where(), r).isZero();
    String expected = command.contains("maxCellChars=20")
        ? "katherine@example.co...[+1 chars]" : "katherine@example.com";
    assertThat(r.stdout()).as("%s: %s", b.where(), r).contains(expected);
    assertThat(r.stdout() + r.stderr()).as("%s: %s", b.where(), r).doesNotContain("Error");
  }

  /** SQLLine from the driver jar against the documented gateway, fed the commands shown. */
  private static void sqlline(Block b) throws Exception {
    List<String> lines = b.lines();
    StringBuilder command = new StringBuilder();
    StringBuilder input = new StringBuilder();
    for (String line : lines) {
      int prompt = line.indexOf("> ");
      if (line.startsWith("0: ") && prompt > 0) {
        input.append(line.substring(prompt + 2)).append('\n');
      } else {
        command.append(line).append('\n');
      }
    }
    input.append("!quit\n");
    DocGateways.Gateway gw = gateways.protobuf();
    // The page's next paragraph: when the output is not a terminal, give SQLLine a width.
    assertThat(b.output()).isNull();
    Shell.Result r = shell().run(gw.local(command.toString().strip()) + " --maxWidth=200",
        input.toString());
    assertThat(r.exit()).as("%s: %s", b.where(), r).isZero();
    assertThat(r.stdout() + r.stderr()).as("%s: %s", b.where(), r).doesNotContain("Error");
    assertThat(r.stdout()).as("%s: !tables lists the example's tables; %s", b.where(), r)
        .contains("orders_2024");
  }

  /** The Java sample through jshell, with the driver jar on its class path. */
  private static void jshell(Block b) throws Exception {
    String code = "import java.sql.*;\nimport java.util.*;\n"
        + b.text().replace("jdbc:csvws:/data/sales", "jdbc:csvws:src/examples/workspace")
        + "\nSystem.out.println(\"connected \" + c.isValid(5));\n/exit\n";
    Shell.Result r = shell().run("jshell --class-path driver/target/csvws-driver.jar -", code);
    assertThat(r.exit()).as("%s: %s", b.where(), r).isZero();
    assertThat(r.stdout()).as("%s: %s", b.where(), r).contains("connected true");
    assertThat(r.stdout() + r.stderr()).as("%s: %s", b.where(), r).doesNotContain("Exception");
  }

  /** A standard-library Python sample against the JSON gateway, when python3 is installed. */
  private static void python(Block b) throws Exception {
    Assumptions.assumeTrue(Shell.has("python3"),
        "python3 is not on the PATH, so " + b.where() + " is not run here");
    assertThat(b.text()).as("%s: a Python sample run here uses only the standard library; "
        + "mark others <!-- not run: why -->", b.where()).doesNotContain("phoenixdb");
    DocGateways.Gateway gw = gateways.json();
    Shell.Result r = shell().run("python3 -", gw.local(b.text()));
    assertThat(r.exit()).as("%s: %s", b.where(), r).isZero();
    assertOutput(b, r);
  }

  // --- the gateway -----------------------------------------------------------------------------

  /** "Run it": the documented serve command prints the documented line. */
  private static void serve(Block b) throws Exception {
    // The build itself (an optional first line), the serve command, and the line it prints.
    List<String> lines = b.lines();
    int at = lines.get(0).startsWith("mvn ") ? 1 : 0;
    assertThat(lines).as(b.where()).hasSize(at + 2);
    assertThat(lines.get(at)).startsWith(GATEWAY + " serve ");
    assertThat(lines.get(at + 1)).startsWith("# ");
    DocGateways.Gateway gw = gateways.start("run-it", lines.get(at), shell());
    String shown = Pattern.quote(lines.get(at + 1).substring(2)).replace("...", "\\E.+\\Q")
        .replace(DOC_PORT, "\\E" + "http://127\\.0\\.0\\.1:\\d+" + "\\Q");
    assertThat(gw.banner()).as("%s: the line serve prints", b.where()).matches(shown);
    gw.close();
  }

  /**
   * The users file as shown, its shortened hashes replaced by a real one (made by the documented
   * hash-password) and alice's absolute folder by the example workspace; bob's relative folder
   * is made beside the file. A gateway started on it lets each user read their own folder.
   */
  private static void usersFile(Block b) throws Exception {
    Shell.Result hashed = shell().run(GATEWAY + " hash-password", DOC_PASSWORD + "\n");
    assertThat(hashed.exit()).as("hash-password: %s", hashed).isZero();
    Path dir = Files.createDirectories(scratch.resolve("users-as-shown"));
    Path bob = Files.createDirectories(dir.resolve("teams/bob"));
    Files.writeString(bob.resolve("bob.csv"), "id\n1\n2\n");
    String file = b.text()
        .replaceAll("pbkdf2-sha256\\$210000\\$\\S+",
            Matcher.quoteReplacement(hashed.stdout().strip()))
        .replace("/srv/csv/alice", EXAMPLE.toString());
    Files.writeString(dir.resolve("users.txt"), file + "\n");
    try (DocGateways.Gateway gw = new DocGateways().start("users as shown",
        GATEWAY + " serve --users " + dir.resolve("users.txt"), shell())) {
      for (String[] user : new String[][] {{"alice", "customers", "8"}, {"bob", "bob", "2"}}) {
        Properties p = new Properties();
        p.setProperty("authentication", "BASIC");
        p.setProperty("avatica_user", user[0]);
        p.setProperty("avatica_password", DOC_PASSWORD);
        try (Connection c = DriverManager.getConnection(
            gw.local("jdbc:avatica:remote:url=http://127.0.0.1:8765;serialization=protobuf"), p);
            Statement s = c.createStatement();
            ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + user[1])) {
          assertThat(rs.next()).isTrue();
          assertThat(rs.getString(1)).as("%s: %s's table", b.where(), user[0])
              .isEqualTo(user[2]);
        }
      }
    }
  }

  private static void hashPassword(Block b) throws Exception {
    Shell.Result r = shell().run(b.text().strip(), DOC_PASSWORD + "\n");
    assertThat(r.exit()).as("%s: %s", b.where(), r).isZero();
    assertThat(r.stdout().strip()).as("%s: %s", b.where(), r)
        .matches("pbkdf2-sha256\\$210000\\$\\S+\\$\\S+");
    gateways.userHash(r.stdout().strip());
  }

  /**
   * Each documented URL against a real gateway: the plain one against "Run it"'s, the HTTPS one
   * against alice's gateway over TLS, its placeholders (password, trust store and its password)
   * filled in.
   */
  private static void avaticaUrl(Block b) throws Exception {
    for (String written : b.lines()) {
      String url;
      if (written.contains("https://")) {
        DocGateways.Gateway gw = gateways.tls(scratch.resolve("users"));
        url = gw.local(written).replace("avatica_password=...", "avatica_password=" + DOC_PASSWORD)
            .replace("truststore=/path/trust.p12", "truststore=" + gateways.truststore())
            .replace("truststore_password=...",
                "truststore_password=" + DocGateways.STORE_PASSWORD);
      } else {
        url = gateways.protobuf().local(written);
      }
      try (Connection c = DriverManager.getConnection(url);
          Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM customers")) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getLong(1)).as("%s: %s", b.where(), written).isEqualTo(8);
      }
    }
  }

  /** The plain-HTTP sequence, through bash and curl, against a JSON gateway. */
  private static void curlAvatica(Block b) throws Exception {
    Assumptions.assumeTrue(Shell.has("curl"), "curl is not on the PATH, so " + b.where()
        + " is not run here");
    DocGateways.Gateway gw = gateways.json();
    Shell.Result r = shell().run(gw.local(b.text()), "");
    assertThat(r.exit()).as("%s: %s", b.where(), r).isZero();
    assertOutput(b, r);
  }

  /** An agent tool over HTTP, as alice, through bash and curl. */
  private static void curlAgentTool(Block b) throws Exception {
    Assumptions.assumeTrue(Shell.has("curl"), "curl is not on the PATH, so " + b.where()
        + " is not run here");
    DocGateways.Gateway gw = gateways.withUsers(scratch.resolve("users"), shell());
    String command = gw.local(b.text()).replace("alice:...", "'alice:" + DOC_PASSWORD + "'");
    Shell.Result r = shell().run(command, "");
    assertThat(r.exit()).as("%s: %s", b.where(), r).isZero();
    JsonNode answer = DocJson.parse(r.stdout());
    assertThat(answer.has("error")).as("%s: %s", b.where(), r).isFalse();
    assertThat(answer.get("rows")).as("%s: %s", b.where(), r).hasSize(5);
  }

  // --- the agent tools -------------------------------------------------------------------------

  private static void mcpSynopsis(Block b) throws Exception {
    Path exports = Files.createDirectories(scratch.resolve("synopsis-exports"));
    String command = oneLine(b.text().replace("\\\n", " "))
        .replaceAll("[\\[\\]]", "")
        .replace("path/to/workspace", "src/examples/workspace")
        .replace("path/to/exports", exports.toString())
        .replace("--query-timeout SECONDS", "--query-timeout 60")
        .replace("--max-response-bytes N", "--max-response-bytes 60000");
    // Standard input is closed at once: the server must end cleanly and print nothing.
    Shell.Result r = shell().run(command, "");
    assertThat(r.exit()).as("%s: %s: %s", b.where(), command, r).isZero();
    assertThat(r.stdout()).as("%s: stdout carries only the protocol", b.where()).isEmpty();
  }

  private static void toolSchemas(Block b) throws Exception {
    String synopsis = b.text().strip();
    Matcher m = Pattern.compile("\\[--format ([a-z|]+)\\]").matcher(synopsis);
    assertThat(m.find()).as(b.where()).isTrue();
    List<String> commands = new ArrayList<>(List.of(synopsis.substring(0, m.start()).strip()));
    for (String format : m.group(1).split("\\|")) {
      commands.add(synopsis.substring(0, m.start()) + "--format " + format);
    }
    for (String command : commands) {
      Shell.Result r = shell().run(command, "");
      assertThat(r.exit()).as("%s: %s: %s", b.where(), command, r).isZero();
      assertThat(DocJson.parse(r.stdout())).as(command).hasSize(13);
    }
  }

  private static void toolsCall(Block b) throws Exception {
    String command = b.text().replace("path/to/workspace", "src/examples/workspace");
    Shell.Result r = shell().run(command, "");
    assertThat(r.exit()).as("%s: %s", b.where(), r).isZero();
    JsonNode answer = DocJson.parse(r.stdout());
    assertThat(answer.get("rows")).as("%s: %s", b.where(), r).hasSize(5);
  }

  private static void toolCall(Block b) throws Exception {
    Matcher m = TOOL_CALL.matcher(b.text());
    assertThat(m.matches()).isTrue();
    if (!mcp.started()) {
      mcp.start(DocMcpSession.config(MarkdownBlocks.read(ROOT, b.page())),
          scratch.resolve("mcp"));
    }
    String answer = mcp.call(m.group(1), m.group(2));
    assertThat(b.output()).as("%s: a tool call is followed by its answer", b.where()).isNotNull();
    assertThat(DocJson.normalised(answer)).as("%s: the answer of %s (the page's is %s)",
        b.where(), b.text(), b.output().where())
        .isEqualTo(DocJson.normalised(b.output().text()));
  }

  // --- helpers ---------------------------------------------------------------------------------

  private static Shell shell() throws IOException {
    return new Shell(ROOT, Files.createTempDirectory(scratch, "shell-"));
  }

  /**
   * The command's standard output against the output block: line by line, where {@code ...} in a
   * shown line stands for any text.
   */
  private static void assertOutput(Block b, Shell.Result r) {
    assertThat(b.output()).as("%s shows no output; show what it prints", b.where()).isNotNull();
    List<String> shown = b.output().lines();
    List<String> got = r.stdout().strip().lines().toList();
    assertThat(got).as("%s: the lines printed (the page shows %s)", b.where(), shown)
        .hasSameSizeAs(shown);
    for (int i = 0; i < shown.size(); i++) {
      String pattern = Pattern.quote(shown.get(i)).replace("...", "\\E.*?\\Q");
      assertThat(got.get(i)).as("%s: line %d printed; the page shows %s", b.where(), i + 1,
          shown.get(i)).matches(pattern);
    }
  }
}

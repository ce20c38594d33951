package io.csvws.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.csvws.config.CsvwsProperty;
import io.csvws.docs.PropertiesReference.Row;
import io.csvws.driver.CsvwsDriver;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code docs/properties.md} against the driver: the reference table must say what
 * {@code Driver.getPropertyInfo} and {@link CsvwsProperty} say, and the example URLs must behave
 * as the page says. When the driver changes, the failure names the property and the field, and
 * a corrected page is written to {@code driver/target/docs/properties.md}.
 */
class PropertiesDocTest {
  private static final Path DOC = Path.of(System.getProperty("csvws.projectRoot", ".."))
      .resolve("docs/properties.md").toAbsolutePath().normalize();
  private static final String PLACEHOLDER = "jdbc:csvws:/data/sales";

  private static String document;
  private static List<Row> documented;
  private static DriverPropertyInfo[] driverInfo;

  @TempDir
  Path workspace;

  @BeforeAll
  static void read() throws IOException, SQLException {
    document = Files.readString(DOC, StandardCharsets.UTF_8);
    documented = PropertiesReference.parse(PropertiesReference.section(document));
    driverInfo = new CsvwsDriver().getPropertyInfo("jdbc:csvws:/data/sales", new Properties());
  }

  @Test
  void theTableListsEveryPropertyOnceInTheDriversOrder() {
    List<String> driverKeys = Arrays.stream(driverInfo).map(i -> i.name)
        .collect(Collectors.toList());

    assertThat(documented).extracting(Row::key)
        .as("properties in docs/properties.md; fix: %s", fix())
        .containsExactlyElementsOf(driverKeys);
  }

  @ParameterizedTest
  @EnumSource(CsvwsProperty.class)
  void eachPropertyIsDocumentedAsTheDriverDescribesIt(CsvwsProperty property) {
    DriverPropertyInfo info = Arrays.stream(driverInfo)
        .filter(i -> i.name.equals(property.key())).findFirst()
        .orElseThrow(() -> new AssertionError("getPropertyInfo omits " + property.key()));
    Row doc = documented.stream().filter(r -> r.key().equals(property.key())).findFirst()
        .orElseThrow(() -> new AssertionError("docs/properties.md omits " + property.key()
            + "; fix: " + fix()));

    assertThat(doc.defaultValue()).as("default of %s", property.key())
        .isEqualTo(info.value).isEqualTo(property.defaultValue());
    assertThat(doc.description()).as("description of %s", property.key())
        .isEqualTo(property.description());
    assertThat(info.description).as("getPropertyInfo description of %s", property.key())
        .startsWith(doc.description());
    assertThat(doc.setBy()).as("who may set %s", property.key())
        .isEqualTo(PropertiesReference.setBy(property.scope()));
    assertThat(doc.validValues()).as("valid values of %s", property.key())
        .isEqualTo(property.expected());
    if (info.choices != null) {
      assertThat(doc.validValues()).as("valid values of %s", property.key())
          .contains(info.choices);
    }
  }

  @Test
  void theTableIsWrittenExactlyAsTheDriverWouldWriteIt() {
    assertThat(PropertiesReference.section(document)).as("fix: %s", fix())
        .isEqualTo(PropertiesReference.render(expectedRows()));
  }

  @Test
  void everyExampleUrlConnectsAndEveryRefusedOneIsRefused() throws Exception {
    Files.writeString(workspace.resolve("orders.csv"), "id;amount\n1;2.5\n");
    List<String> examples = exampleUrls();
    assertThat(examples).hasSizeGreaterThan(5);

    for (String line : examples) {
      String url = "jdbc:csvws:" + workspace + line.split("\\s+")[0]
          .substring(PLACEHOLDER.length());
      if (line.contains("refused")) {
        assertThatThrownBy(() -> new CsvwsDriver().connect(url, new Properties()).close())
            .as("the page says %s", line)
            .isInstanceOfSatisfying(SQLException.class,
                e -> assertThat(e.getSQLState()).isEqualTo("HY024"));
      } else {
        try (Connection c = new CsvwsDriver().connect(url, new Properties())) {
          assertThat(c.isValid(5)).as(line).isTrue();
        }
      }
    }
  }

  private static List<Row> expectedRows() {
    return Arrays.stream(driverInfo).map(PropertiesReference::expected)
        .collect(Collectors.toList());
  }

  /** The example URL lines of the page (lines of code blocks that start with the placeholder). */
  private static List<String> exampleUrls() {
    Matcher m = Pattern.compile("(?m)^" + Pattern.quote(PLACEHOLDER) + ".*$").matcher(document);
    List<String> lines = new java.util.ArrayList<>();
    while (m.find()) {
      lines.add(m.group());
    }
    return lines;
  }

  /** Writes the page with the driver's table to target/docs and says how to use it. */
  private static String fix() {
    Path fixed = Path.of("target", "docs", "properties.md").toAbsolutePath();
    try {
      Files.createDirectories(fixed.getParent());
      Files.writeString(fixed, PropertiesReference.replaceSection(document,
          PropertiesReference.render(expectedRows())), StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "(could not write " + fixed + ": " + e + ")";
    }
    return "the driver's table is in " + fixed + "; review it and copy it to " + DOC;
  }
}

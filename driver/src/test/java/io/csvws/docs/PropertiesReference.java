package io.csvws.docs;

import io.csvws.config.CsvwsProperty;
import io.csvws.config.PropertyScope;
import java.sql.DriverPropertyInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The reference table of {@code docs/properties.md}: how it is written from the driver, and how
 * it is read back. One row per property, in the order {@code Driver.getPropertyInfo} gives them.
 */
final class PropertiesReference {
  static final String BEGIN =
      "<!-- BEGIN GENERATED: the table below is checked against Driver.getPropertyInfo -->";
  static final String END = "<!-- END GENERATED -->";
  static final String HEADER = "| Property | Default | Set by | Valid values | What it does |";
  static final String RULE = "|---|---|---|---|---|";

  private PropertiesReference() {
  }

  /** One documented property. */
  record Row(String key, String defaultValue, String setBy, String validValues,
      String description) {
  }

  /** The row the driver says a property should have. */
  static Row expected(DriverPropertyInfo info) {
    CsvwsProperty p = CsvwsProperty.forKey(info.name).orElseThrow(
        () -> new AssertionError("getPropertyInfo lists '" + info.name + "', no CsvwsProperty"));
    return new Row(info.name, info.value, setBy(p.scope()), p.expected(), p.description());
  }

  static String setBy(PropertyScope scope) {
    return scope.name().toLowerCase(Locale.ROOT);
  }

  /** The text between the markers (exclusive) for these rows. */
  static String render(List<Row> rows) {
    StringBuilder b = new StringBuilder();
    b.append(HEADER).append('\n').append(RULE).append('\n');
    for (Row r : rows) {
      b.append("| `").append(cell(r.key())).append("` | `").append(cell(r.defaultValue()))
          .append("` | ").append(cell(r.setBy())).append(" | ").append(cell(r.validValues()))
          .append(" | ").append(cell(r.description())).append(" |\n");
    }
    return b.toString();
  }

  /** Replaces what lies between the markers of {@code document} with {@code section}. */
  static String replaceSection(String document, String section) {
    int begin = document.indexOf(BEGIN);
    int end = document.indexOf(END);
    return document.substring(0, begin + BEGIN.length()) + "\n" + section
        + document.substring(end);
  }

  /** The text between the markers of {@code document}, or throws saying they are missing. */
  static String section(String document) {
    int begin = document.indexOf(BEGIN);
    int end = document.indexOf(END);
    if (begin < 0 || end < begin) {
      throw new AssertionError("docs/properties.md lacks the markers " + BEGIN + " ... " + END);
    }
    return document.substring(begin + BEGIN.length() + 1, end);
  }

  /** Reads the rows of the table in {@code section}. */
  static List<Row> parse(String section) {
    List<Row> rows = new ArrayList<>();
    for (String line : section.split("\n")) {
      if (!line.startsWith("| `")) {
        continue;
      }
      List<String> cells = cells(line);
      if (cells.size() != 5) {
        throw new AssertionError("Expected 5 cells in: " + line);
      }
      rows.add(new Row(unquote(cells.get(0)), unquote(cells.get(1)), cells.get(2), cells.get(3),
          cells.get(4)));
    }
    return rows;
  }

  private static List<String> cells(String line) {
    List<String> cells = new ArrayList<>();
    StringBuilder cell = new StringBuilder();
    // Skip the leading and trailing pipes; "\|" is a pipe inside a cell.
    String inner = line.strip();
    inner = inner.substring(1, inner.length() - 1);
    for (int i = 0; i < inner.length(); i++) {
      char c = inner.charAt(i);
      if (c == '\\' && i + 1 < inner.length() && inner.charAt(i + 1) == '|') {
        cell.append('|');
        i++;
      } else if (c == '|') {
        cells.add(cell.toString().strip());
        cell.setLength(0);
      } else {
        cell.append(c);
      }
    }
    cells.add(cell.toString().strip());
    return cells;
  }

  private static String unquote(String cell) {
    if (cell.length() >= 2 && cell.startsWith("`") && cell.endsWith("`")) {
      return cell.substring(1, cell.length() - 1);
    }
    throw new AssertionError("Expected `code` in the cell: " + cell);
  }

  private static String cell(String text) {
    return text.replace("|", "\\|").replace("\n", " ");
  }
}

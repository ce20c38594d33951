package io.csvws.agent;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.util.List;

/**
 * Writes RFC 4180 CSV: UTF-8 without a byte-order mark, comma-separated, CRLF line ends, fields
 * quoted when they hold a comma, quote, line break or surrounding space. Dates and times in ISO
 * form (a space between date and time), numbers in plain notation, NULL as an empty field.
 * Not thread-safe.
 */
final class CsvWriter implements Closeable {
  static final DateTimeFormatter TIME = new DateTimeFormatterBuilder()
      .appendPattern("HH:mm:ss").appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true)
      .toFormatter();
  static final DateTimeFormatter TIMESTAMP = new DateTimeFormatterBuilder()
      .appendPattern("yyyy-MM-dd ").append(TIME).toFormatter();

  private final Writer out;
  private int rows;

  CsvWriter(OutputStream out) {
    this.out = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16);
  }

  void row(List<?> values) throws IOException {
    for (int i = 0; i < values.size(); i++) {
      if (i > 0) {
        out.write(',');
      }
      field(values.get(i));
    }
    out.write("\r\n");
    rows++;
  }

  private void field(Object v) throws IOException {
    if (v == null) {
      return;
    }
    String s;
    if (v instanceof BigDecimal) {
      s = ((BigDecimal) v).toPlainString();
    } else if (v instanceof LocalDateTime) {
      s = TIMESTAMP.format((LocalDateTime) v);
    } else if (v instanceof LocalTime) {
      s = TIME.format((LocalTime) v);
    } else if (v instanceof LocalDate) {
      s = v.toString();
    } else {
      s = v.toString();
    }
    if (needsQuotes(s)) {
      out.write('"');
      out.write(s.replace("\"", "\"\""));
      out.write('"');
    } else {
      out.write(s);
    }
  }

  private static boolean needsQuotes(String s) {
    if (s.isEmpty()) {
      return false;
    }
    if (s.charAt(0) == ' ' || s.charAt(s.length() - 1) == ' ') {
      return true;
    }
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == ',' || c == '"' || c == '\n' || c == '\r') {
        return true;
      }
    }
    return false;
  }

  int rows() {
    return rows;
  }

  @Override
  public void close() throws IOException {
    out.close();
  }
}

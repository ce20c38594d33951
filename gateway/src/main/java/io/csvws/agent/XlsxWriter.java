package io.csvws.agent;

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
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * A minimal XLSX (Office Open XML spreadsheet) writer: one sheet, streamed row by row into a zip
 * of the few XML parts a workbook needs, so memory does not grow with the rows. Text is written
 * inline (no shared-string table); dates and times as serial numbers with ISO display formats.
 *
 * <p>What a spreadsheet cannot hold is reported, not hidden: text over 32,767 characters is cut,
 * numbers beyond 15 significant digits and dates before 1900-03-01 are written as text, characters
 * XML forbids are replaced; {@link #notes()} counts each. More than 1,048,576 rows or 16,384
 * columns is an {@link IllegalStateException}. Not thread-safe.
 */
final class XlsxWriter implements Closeable {
  static final int MAX_ROWS = 1_048_576;
  static final int MAX_COLUMNS = 16_384;
  static final int MAX_CELL_CHARS = 32_767;

  private static final String MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
  private static final String REL =
      "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
  private static final String PKG_REL =
      "http://schemas.openxmlformats.org/package/2006/relationships";
  private static final String HEAD = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n";
  private static final LocalDate EPOCH = LocalDate.of(1899, 12, 30);
  private static final LocalDate FIRST_EXACT = LocalDate.of(1900, 3, 1);
  private static final int STYLE_DATE = 1;
  private static final int STYLE_DATETIME = 2;
  private static final int STYLE_TIME = 3;

  private final ZipOutputStream zip;
  private final Writer sheet;
  private int rows;
  private int cutText;
  private int numbersAsText;
  private int datesAsText;
  private int replacedChars;

  XlsxWriter(OutputStream out, String sheetName) throws IOException {
    this.zip = new ZipOutputStream(out, StandardCharsets.UTF_8);
    part("[Content_Types].xml", HEAD
        + "<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\">"
        + "<Default Extension=\"rels\" "
        + "ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/>"
        + "<Default Extension=\"xml\" ContentType=\"application/xml\"/>"
        + "<Override PartName=\"/xl/workbook.xml\" ContentType=\"application/"
        + "vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml\"/>"
        + "<Override PartName=\"/xl/worksheets/sheet1.xml\" ContentType=\"application/"
        + "vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml\"/>"
        + "<Override PartName=\"/xl/styles.xml\" ContentType=\"application/"
        + "vnd.openxmlformats-officedocument.spreadsheetml.styles+xml\"/>"
        + "</Types>");
    part("_rels/.rels", HEAD + "<Relationships xmlns=\"" + PKG_REL + "\">"
        + "<Relationship Id=\"rId1\" Type=\"" + REL + "/officeDocument\" "
        + "Target=\"xl/workbook.xml\"/></Relationships>");
    part("xl/workbook.xml", HEAD + "<workbook xmlns=\"" + MAIN + "\" xmlns:r=\"" + REL + "\">"
        + "<sheets><sheet name=\"" + escape(sheetName) + "\" sheetId=\"1\" r:id=\"rId1\"/>"
        + "</sheets></workbook>");
    part("xl/_rels/workbook.xml.rels", HEAD + "<Relationships xmlns=\"" + PKG_REL + "\">"
        + "<Relationship Id=\"rId1\" Type=\"" + REL + "/worksheet\" "
        + "Target=\"worksheets/sheet1.xml\"/>"
        + "<Relationship Id=\"rId2\" Type=\"" + REL + "/styles\" Target=\"styles.xml\"/>"
        + "</Relationships>");
    part("xl/styles.xml", HEAD + "<styleSheet xmlns=\"" + MAIN + "\">"
        + "<numFmts count=\"3\"><numFmt numFmtId=\"164\" formatCode=\"yyyy-mm-dd\"/>"
        + "<numFmt numFmtId=\"165\" formatCode=\"yyyy-mm-dd hh:mm:ss\"/>"
        + "<numFmt numFmtId=\"166\" formatCode=\"hh:mm:ss\"/></numFmts>"
        + "<fonts count=\"1\"><font><sz val=\"11\"/><name val=\"Calibri\"/></font></fonts>"
        + "<fills count=\"2\"><fill><patternFill patternType=\"none\"/></fill>"
        + "<fill><patternFill patternType=\"gray125\"/></fill></fills>"
        + "<borders count=\"1\"><border><left/><right/><top/><bottom/><diagonal/></border>"
        + "</borders>"
        + "<cellStyleXfs count=\"1\"><xf numFmtId=\"0\" fontId=\"0\" fillId=\"0\" borderId=\"0\"/>"
        + "</cellStyleXfs>"
        + "<cellXfs count=\"4\">"
        + "<xf numFmtId=\"0\" fontId=\"0\" fillId=\"0\" borderId=\"0\" xfId=\"0\"/>"
        + "<xf numFmtId=\"164\" fontId=\"0\" fillId=\"0\" borderId=\"0\" xfId=\"0\" "
        + "applyNumberFormat=\"1\"/>"
        + "<xf numFmtId=\"165\" fontId=\"0\" fillId=\"0\" borderId=\"0\" xfId=\"0\" "
        + "applyNumberFormat=\"1\"/>"
        + "<xf numFmtId=\"166\" fontId=\"0\" fillId=\"0\" borderId=\"0\" xfId=\"0\" "
        + "applyNumberFormat=\"1\"/>"
        + "</cellXfs>"
        + "<cellStyles count=\"1\"><cellStyle name=\"Normal\" xfId=\"0\" builtinId=\"0\"/>"
        + "</cellStyles></styleSheet>");
    zip.putNextEntry(new ZipEntry("xl/worksheets/sheet1.xml"));
    sheet = new OutputStreamWriter(zip, StandardCharsets.UTF_8);
    sheet.write(HEAD + "<worksheet xmlns=\"" + MAIN + "\"><sheetData>");
  }

  private void part(String name, String xml) throws IOException {
    zip.putNextEntry(new ZipEntry(name));
    zip.write(xml.getBytes(StandardCharsets.UTF_8));
    zip.closeEntry();
  }

  /** Whether {@code name} can name a sheet: 1-31 characters, none of {@code []:*?/\}. */
  static boolean validSheetName(String name) {
    return !name.isEmpty() && name.length() <= 31 && !name.matches(".*[\\[\\]:*?/\\\\].*")
        && !name.startsWith("'") && !name.endsWith("'");
  }

  /**
   * Writes one row. Values: null, String, Boolean, Number, LocalDate, LocalDateTime, LocalTime;
   * anything else as its text.
   */
  void row(List<?> values) throws IOException {
    if (rows == MAX_ROWS) {
      throw new IllegalStateException("An XLSX sheet holds at most " + MAX_ROWS + " rows");
    }
    if (values.size() > MAX_COLUMNS) {
      throw new IllegalStateException("An XLSX sheet holds at most " + MAX_COLUMNS + " columns");
    }
    rows++;
    sheet.write("<row r=\"" + rows + "\">");
    for (int i = 0; i < values.size(); i++) {
      cell(columnName(i) + rows, values.get(i));
    }
    sheet.write("</row>");
  }

  private void cell(String ref, Object v) throws IOException {
    if (v == null) {
      return;
    }
    if (v instanceof Boolean) {
      sheet.write("<c r=\"" + ref + "\" t=\"b\"><v>" + (((Boolean) v) ? 1 : 0) + "</v></c>");
    } else if (v instanceof Number) {
      number(ref, (Number) v);
    } else if (v instanceof LocalDateTime) {
      LocalDateTime t = (LocalDateTime) v;
      if (t.toLocalDate().isBefore(FIRST_EXACT)) {
        datesAsText++;
        text(ref, t.toString());
      } else {
        double serial = serial(t.toLocalDate())
            + t.toLocalTime().toNanoOfDay() / 86_400_000_000_000.0;
        sheet.write("<c r=\"" + ref + "\" s=\"" + STYLE_DATETIME + "\"><v>" + serial + "</v></c>");
      }
    } else if (v instanceof LocalDate) {
      LocalDate d = (LocalDate) v;
      if (d.isBefore(FIRST_EXACT)) {
        datesAsText++;
        text(ref, d.toString());
      } else {
        sheet.write("<c r=\"" + ref + "\" s=\"" + STYLE_DATE + "\"><v>" + serial(d) + "</v></c>");
      }
    } else if (v instanceof LocalTime) {
      double f = ((LocalTime) v).toNanoOfDay() / 86_400_000_000_000.0;
      sheet.write("<c r=\"" + ref + "\" s=\"" + STYLE_TIME + "\"><v>" + f + "</v></c>");
    } else {
      text(ref, v.toString());
    }
  }

  private void number(String ref, Number n) throws IOException {
    String text;
    if (n instanceof Double || n instanceof Float) {
      double d = n.doubleValue();
      if (!Double.isFinite(d)) {
        text(ref, String.valueOf(d));
        return;
      }
      text = new BigDecimal(String.valueOf(d)).stripTrailingZeros().toPlainString();
    } else {
      BigDecimal b = n instanceof BigDecimal ? (BigDecimal) n : new BigDecimal(n.toString());
      if (b.stripTrailingZeros().precision() > 15) {
        numbersAsText++;
        text(ref, b.toPlainString());
        return;
      }
      text = b.toPlainString();
    }
    sheet.write("<c r=\"" + ref + "\"><v>" + text + "</v></c>");
  }

  private void text(String ref, String s) throws IOException {
    if (s.length() > MAX_CELL_CHARS) {
      cutText++;
      s = s.substring(0, MAX_CELL_CHARS);
    }
    sheet.write("<c r=\"" + ref + "\" t=\"inlineStr\"><is><t xml:space=\"preserve\">"
        + escape(s) + "</t></is></c>");
  }

  private static long serial(LocalDate d) {
    return ChronoUnit.DAYS.between(EPOCH, d);
  }

  /** A, B, ..., Z, AA, AB, ... for 0-based column i. */
  static String columnName(int i) {
    StringBuilder b = new StringBuilder();
    for (int n = i + 1; n > 0; n = (n - 1) / 26) {
      b.append((char) ('A' + (n - 1) % 26));
    }
    return b.reverse().toString();
  }

  private String escape(String s) {
    StringBuilder b = null;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      String rep = null;
      if (c == '<') {
        rep = "&lt;";
      } else if (c == '>') {
        rep = "&gt;";
      } else if (c == '&') {
        rep = "&amp;";
      } else if (c == '"') {
        rep = "&quot;";
      } else if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0xFFFE
          || c == 0xFFFF || (Character.isSurrogate(c) && !pairedAt(s, i))) {
        replacedChars++;
        rep = "\uFFFD";
      }
      if (rep != null && b == null) {
        b = new StringBuilder(s.length() + 16).append(s, 0, i);
      }
      if (b != null) {
        if (rep != null) {
          b.append(rep);
        } else {
          b.append(c);
        }
      }
    }
    return b == null ? s : b.toString();
  }

  private static boolean pairedAt(String s, int i) {
    char c = s.charAt(i);
    if (Character.isHighSurrogate(c)) {
      return i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
    }
    return i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
  }

  int rows() {
    return rows;
  }

  /** What the sheet could not hold as given. */
  List<String> notes() {
    List<String> n = new java.util.ArrayList<>();
    if (cutText > 0) {
      n.add(cutText + " text cells cut to " + MAX_CELL_CHARS + " characters, the most an XLSX "
          + "cell holds; export to CSV to keep them whole");
    }
    if (numbersAsText > 0) {
      n.add(numbersAsText + " numbers of more than 15 significant digits written as text, so "
          + "that no digit is lost");
    }
    if (datesAsText > 0) {
      n.add(datesAsText + " dates before 1900-03-01 written as text (spreadsheet dates start "
          + "in 1900)");
    }
    if (replacedChars > 0) {
      n.add(replacedChars + " characters that XML cannot hold replaced by U+FFFD");
    }
    return n;
  }

  /** Ends the sheet and the zip; the stream given to the constructor is closed. */
  @Override
  public void close() throws IOException {
    sheet.write("</sheetData></worksheet>");
    sheet.flush();
    zip.closeEntry();
    zip.close();
  }
}

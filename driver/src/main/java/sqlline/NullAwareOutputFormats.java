package sqlline;

import java.util.HashMap;
import java.util.Map;

/**
 * SQLLine's output formats, changed so that a NULL never looks like empty text: in {@code csv}
 * and {@code tsv} a NULL is an empty field without quotes and the empty string is {@code ""} (as
 * PostgreSQL's and DuckDB's CSV output have it); in {@code json} a NULL is {@code null}; in the
 * XML formats a NULL column is left out of its row. The other formats print the
 * {@code nullValue} option, which the csvws console sets to {@code NULL}.
 *
 * <p>SQLLine turns a row into strings before a format sees it, writing {@code nullValue} for a
 * NULL; these formats recognise that very string object (a value read from a file is never the
 * same object), so a cell holding the text {@code NULL} is still text. This class lives in
 * SQLLine's package because the row type formats receive is not public there.
 */
public final class NullAwareOutputFormats {
  /** The console's {@code nullValue}: what the table and vertical formats print for NULL. */
  public static final String NULL_VALUE = "NULL";

  private NullAwareOutputFormats() {
  }

  /**
   * SQLLine's formats with the separated-values, JSON and XML ones replaced.
   *
   * @param sqlLine the SQLLine whose options (CSV delimiter and quote) the formats use
   * @param formats SQLLine's formats by name
   * @return the formats by name, with csv, tsv, json, xmlattr, xmlattrs and xmlelements replaced
   */
  public static Map<String, OutputFormat> replace(SqlLine sqlLine,
      Map<String, OutputFormat> formats) {
    Map<String, OutputFormat> all = new HashMap<>(formats);
    SqlLineOpts opts = sqlLine.getOpts();
    all.put("csv", new SeparatedValues(sqlLine, opts.getCsvDelimiter(),
        opts.getCsvQuoteCharacter()));
    all.put("tsv", new SeparatedValues(sqlLine, "\t", '"'));
    all.put("json", new Json(sqlLine));
    XmlAttributes attributes = new XmlAttributes(sqlLine);
    all.put("xmlattr", attributes);
    all.put("xmlattrs", attributes);
    all.put("xmlelements", new XmlElements(sqlLine));
    return all;
  }

  /**
   * {@code formats} when its {@code csv} is already one of these with SQLLine's current CSV
   * delimiter and quote, else a copy with the formats replaced. SQLLine swaps in a plain CSV
   * format of its own when those options change; asking this each time keeps NULL distinct.
   *
   * @param sqlLine the SQLLine whose options the formats use
   * @param formats SQLLine's formats by name
   * @return formats that keep NULL distinct
   */
  public static Map<String, OutputFormat> upToDate(SqlLine sqlLine,
      Map<String, OutputFormat> formats) {
    OutputFormat csv = formats.get("csv");
    SqlLineOpts opts = sqlLine.getOpts();
    if (csv instanceof SeparatedValues
        && ((SeparatedValues) csv).separator.equals(opts.getCsvDelimiter())
        && ((SeparatedValues) csv).quoteCharacter == opts.getCsvQuoteCharacter()) {
      return formats;
    }
    return replace(sqlLine, formats);
  }

  /** Whether a printed value stands for NULL. */
  static boolean isNull(Rows rows, String value) {
    return value == null || value == rows.nullValue;
  }

  /**
   * What a separated-values format writes for NULL: nothing, unless the user set
   * {@code nullValue} to something other than the console's {@value #NULL_VALUE}.
   */
  static String separatedNull(Rows rows) {
    return rows.nullValue == null || rows.nullValue.equals(NULL_VALUE) ? "" : rows.nullValue;
  }

  /**
   * Values separated by a delimiter, each quoted except NULL, which is an empty field (or the
   * user's own {@code nullValue}, unquoted).
   */
  static final class SeparatedValues extends SeparatedValuesOutputFormat {
    SeparatedValues(SqlLine sqlLine, String separator, char quote) {
      super(sqlLine, separator, quote);
    }

    @Override
    void printHeader(Rows.Row header) {
      print(null, header);
    }

    @Override
    void printRow(Rows rows, Rows.Row header, Rows.Row row) {
      print(rows, row);
    }

    private void print(Rows rows, Rows.Row row) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < row.values.length; i++) {
        if (i > 0) {
          line.append(separator);
        }
        String value = row.values[i];
        if (rows != null && isNull(rows, value)) {
          line.append(separatedNull(rows));
          continue;
        }
        line.append(quoteCharacter);
        for (char c : value.toCharArray()) {
          if (c == quoteCharacter) {
            line.append(c);
          }
          line.append(c);
        }
        line.append(quoteCharacter);
      }
      sqlLine.output(line.toString());
    }
  }

  /** JSON with {@code null} for NULL, in every column type. */
  static final class Json extends JsonOutputFormat {
    Json(SqlLine sqlLine) {
      super(sqlLine);
    }

    @Override
    void printRow(Rows rows, Rows.Row header, Rows.Row row) {
      for (int i = 0; i < row.values.length; i++) {
        if (isNull(rows, row.values[i])) {
          row.values[i] = null; // SQLLine's JSON writes a null value as null.
        }
      }
      super.printRow(rows, header, row);
    }
  }

  /** A row an element, a column an attribute; a NULL column has no attribute. */
  static final class XmlAttributes extends XmlAttributeOutputFormat {
    XmlAttributes(SqlLine sqlLine) {
      super(sqlLine);
    }

    @Override
    public void printRow(Rows rows, Rows.Row header, Rows.Row row) {
      StringBuilder result = new StringBuilder("  <result");
      for (int i = 0; i < header.values.length && i < row.values.length; i++) {
        if (!isNull(rows, row.values[i])) {
          result.append(' ').append(header.values[i]).append("=\"")
              .append(SqlLine.xmlEncode(row.values[i], "'>")).append('"');
        }
      }
      sqlLine.output(result.append("/>").toString());
    }
  }

  /** A row an element, a column a nested element; a NULL column has no element. */
  static final class XmlElements extends XmlElementOutputFormat {
    XmlElements(SqlLine sqlLine) {
      super(sqlLine);
    }

    @Override
    public void printRow(Rows rows, Rows.Row header, Rows.Row row) {
      sqlLine.output("  <result>");
      for (int i = 0; i < header.values.length && i < row.values.length; i++) {
        if (!isNull(rows, row.values[i])) {
          sqlLine.output("    <" + header.values[i] + ">"
              + SqlLine.xmlEncode(row.values[i], "'\">") + "</" + header.values[i] + ">");
        }
      }
      sqlLine.output("  </result>");
    }
  }
}

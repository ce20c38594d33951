package io.csvws.csvw;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import io.csvws.types.ColumnType;
import io.csvws.types.DateOrder;
import io.csvws.types.ValueFormat;
import io.csvws.workspace.FileFingerprint;
import io.csvws.workspace.NoLinkOpen;
import io.csvws.workspace.TableFile;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the subset of W3C CSVW table metadata that decides how csvws reads a file: the
 * {@code dialect} (delimiter, quoteChar, doubleQuote, commentPrefix, header, headerRowCount,
 * skipRows, trim, skipInitialSpace, encoding), the inherited {@code null} property, and
 * {@code tableSchema.columns} (name, titles, datatype with its base and date or number format).
 * Anything else CSVW defines is ignored; anything this reader cannot honour is an error naming the
 * metadata file and the JSON member, so a file is never read differently from what it says.
 */
public final class CsvwReader {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String CONTEXT = "http://www.w3.org/ns/csvw";
  /** CSVW's largest metadata files are far smaller; a bound keeps a stray huge file harmless. */
  private static final long MAX_BYTES = 1 << 20;

  private final String source;

  private CsvwReader(String source) {
    this.source = source;
  }

  /** Reads the metadata file of {@code file}, whose version is {@code stamp}. */
  public static CsvwSidecar read(TableFile file, FileFingerprint stamp) {
    String source = file.relativePath() + CsvwSidecar.SUFFIX;
    CsvwReader r = new CsvwReader(source);
    Path p = CsvwSidecar.pathOf(file);
    JsonNode root;
    try {
      byte[] bytes;
      try (InputStream in = NoLinkOpen.stream(p, source)) {
        bytes = in.readNBytes((int) MAX_BYTES + 1);
      }
      if (bytes.length > MAX_BYTES) {
        throw r.error("", "is larger than " + MAX_BYTES + " bytes");
      }
      root = JSON.readTree(bytes);
    } catch (JsonProcessingException e) {
      // A document nested beyond Jackson's limit (or otherwise refused by its constraints) has
      // no location; it is reported all the same.
      String where = e.getLocation() == null ? ""
          : " (line " + e.getLocation().getLineNr() + ", column "
              + e.getLocation().getColumnNr() + ")";
      throw new CsvwsException(ErrorCode.VALIDATION_FAILED, source + " is not valid JSON"
          + where + ": " + e.getOriginalMessage() + ". Fix it, or remove it to let csvws sniff "
          + file.relativePath() + ".", e);
    } catch (IOException e) {
      throw new CsvwsException(ErrorCode.FILE_READ_FAILED, source + " cannot be read: "
          + e.getMessage(), e);
    }
    return r.parse(file, stamp, root);
  }

  private CsvwSidecar parse(TableFile file, FileFingerprint stamp, JsonNode root) {
    if (!root.isObject()) {
      throw error("", "must be a JSON object describing one table");
    }
    checkContext(root.get("@context"));
    if (root.has("tables")) {
      throw error("tables", "lists a group of tables, which csvws does not read; describe each "
          + "file in its own metadata file beside it (" + file.path().getFileName()
          + CsvwSidecar.SUFFIX + ")");
    }
    if (root.has("@id")) {
      throw error("@id", "is not honoured: csvws does not resolve identifiers; remove it");
    }
    JsonNode url = root.get("url");
    if (url != null) {
      String name = file.path().getFileName().toString();
      if (!url.isTextual() || !(url.asText().equals(name) || url.asText().endsWith("/" + name))) {
        throw error("url", "is " + url + " but this file describes " + name);
      }
    }
    Map<String, String> properties = new LinkedHashMap<>();
    JsonNode dialect = root.get("dialect");
    if (dialect != null) {
      dialect(dialect, properties);
    }
    JsonNode schema = root.get("tableSchema");
    List<String> tableNulls = nulls(root.get("null"), "null");
    if (schema != null && schema.has("null")) {
      tableNulls = nulls(schema.get("null"), "tableSchema.null");
    }
    if (tableNulls != null) {
      properties.put("nullTokens", String.join(",", tableNulls));
    }
    List<ColumnOverride> columns = new ArrayList<>();
    if (schema != null) {
      JsonNode cols = schema.get("columns");
      if (cols != null) {
        if (!cols.isArray()) {
          throw error("tableSchema.columns", "must be an array");
        }
        for (int i = 0; i < cols.size(); i++) {
          columns.add(column(i, cols.get(i)));
        }
      }
    }
    return new CsvwSidecar(source, stamp, properties, columns);
  }

  private void checkContext(JsonNode context) {
    boolean ok = context != null && (context.isTextual() && context.asText().equals(CONTEXT)
        || context.isArray() && context.size() > 0 && context.get(0).asText().equals(CONTEXT));
    if (!ok) {
      throw error("@context", "must be \"" + CONTEXT + "\" (the CSVW vocabulary)");
    }
    if (context.isArray()) {
      for (int i = 1; i < context.size(); i++) {
        JsonNode local = context.get(i);
        if (local.has("@base")) {
          throw error("@context[" + i + "].@base", "is not honoured: csvws resolves \"url\" "
              + "against the metadata file's own folder only; remove it");
        }
        if (local.has("@language")) {
          continue;
        }
        throw error("@context[" + i + "]", "may only set @language; csvws honours nothing else "
            + "there");
      }
    }
  }

  private void dialect(JsonNode d, Map<String, String> p) {
    if (!d.isObject()) {
      throw error("dialect", "must be an object");
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = d.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      String key = e.getKey();
      JsonNode v = e.getValue();
      String at = "dialect." + key;
      switch (key) {
        case "delimiter":
          p.put("delimiter", oneChar(v, at));
          break;
        case "quoteChar":
          p.put("quote", v.isNull() ? "none" : oneChar(v, at));
          break;
        case "doubleQuote":
          p.put("escape", bool(v, at) ? "none" : "\\");
          break;
        case "commentPrefix":
          p.put("comment", oneChar(v, at));
          break;
        case "header":
          p.put("header", bool(v, at) ? "present" : "absent");
          break;
        case "headerRowCount":
          int rows = integer(v, at);
          if (rows > 1) {
            throw error(at, "is " + rows + "; csvws reads one header row at most");
          }
          p.put("header", rows == 1 ? "present" : "absent");
          break;
        case "skipRows":
          p.put("skipLines", String.valueOf(integer(v, at)));
          break;
        case "trim":
          p.put("trim", v.isBoolean() ? (v.asBoolean() ? "always" : "never")
              : trimWord(v.asText(), at));
          break;
        case "skipInitialSpace":
          p.put("trim", bool(v, at) ? "always" : "never");
          break;
        case "encoding":
          p.put("charset", v.asText());
          break;
        case "lineTerminators":
        case "skipBlankRows":
        case "skipColumns":
        case "@type":
          // Line ends are always LF, CRLF or CR, and blank lines are always skipped.
          break;
        default:
          throw error(at, "is not a dialect property csvws knows; use delimiter, quoteChar, "
              + "doubleQuote, commentPrefix, header, headerRowCount, skipRows, trim, "
              + "skipInitialSpace or encoding");
      }
    }
  }

  private String trimWord(String word, String at) {
    switch (word) {
      case "true":
        return "always";
      case "false":
        return "never";
      default:
        throw error(at, "is \"" + word + "\"; csvws trims both sides or none: use true or false");
    }
  }

  private ColumnOverride column(int field, JsonNode c) {
    String at = "tableSchema.columns[" + field + "]";
    if (!c.isObject()) {
      throw error(at, "must be an object");
    }
    String name = null;
    if (c.hasNonNull("name")) {
      name = c.get("name").asText();
    } else if (c.hasNonNull("titles")) {
      JsonNode t = c.get("titles");
      name = t.isArray() && t.size() > 0 ? t.get(0).asText() : t.asText();
    }
    if (name != null && name.isBlank()) {
      throw error(at + ".name", "is blank");
    }
    ColumnType type = null;
    ValueFormat format = null;
    JsonNode datatype = c.get("datatype");
    if (datatype != null) {
      String base;
      String pattern = null;
      String decimalChar = null;
      if (datatype.isTextual()) {
        base = datatype.asText();
      } else if (datatype.isObject()) {
        base = datatype.path("base").asText("string");
        JsonNode f = datatype.get("format");
        if (f != null && f.isTextual()) {
          pattern = f.asText();
        } else if (f != null && f.isObject()) {
          decimalChar = f.path("decimalChar").asText(null);
          pattern = f.path("pattern").asText(null);
        }
      } else {
        throw error(at + ".datatype", "must be a name or an object with a base");
      }
      type = type(base, at + ".datatype");
      format = format(type, pattern, decimalChar, at + ".datatype.format");
    }
    return new ColumnOverride(field, name, type, format,
        nulls(c.get("null"), at + ".null"));
  }

  private ColumnType type(String base, String at) {
    switch (base) {
      case "string":
      case "normalizedString":
      case "token":
      case "anyURI":
        return ColumnType.VARCHAR;
      case "boolean":
        return ColumnType.BOOLEAN;
      case "int":
      case "short":
      case "byte":
      case "unsignedShort":
      case "unsignedByte":
        return ColumnType.INTEGER;
      case "integer":
      case "long":
      case "nonNegativeInteger":
      case "positiveInteger":
      case "negativeInteger":
      case "nonPositiveInteger":
      case "unsignedInt":
        return ColumnType.BIGINT;
      case "decimal":
        return ColumnType.DECIMAL;
      case "number":
      case "double":
      case "float":
        return ColumnType.DOUBLE;
      case "date":
        return ColumnType.DATE;
      case "datetime":
      case "dateTime":
        return ColumnType.TIMESTAMP;
      case "time":
        return ColumnType.TIME;
      default:
        throw error(at, "has base \"" + base + "\", which csvws does not read; use string, "
            + "boolean, int, integer, long, decimal, number, double, date, datetime or time");
    }
  }

  private ValueFormat format(ColumnType type, String pattern, String decimalChar, String at) {
    if (type == ColumnType.DOUBLE || type == ColumnType.DECIMAL) {
      if (decimalChar == null || decimalChar.equals(".")) {
        return ValueFormat.STANDARD;
      }
      if (decimalChar.equals(",")) {
        return new ValueFormat(DateOrder.ISO, true, List.of());
      }
      throw error(at + ".decimalChar", "is \"" + decimalChar + "\"; csvws reads . or ,");
    }
    if ((type == ColumnType.DATE || type == ColumnType.TIMESTAMP) && pattern != null) {
      String datePart = pattern.split("[ T']", 2)[0];
      switch (datePart) {
        case "yyyy-MM-dd":
          return ValueFormat.STANDARD;
        case "yyyy/MM/dd":
        case "yyyy.MM.dd":
          return new ValueFormat(DateOrder.YMD, false, List.of());
        case "dd/MM/yyyy":
        case "dd.MM.yyyy":
        case "dd-MM-yyyy":
        case "d/M/yyyy":
        case "d.M.yyyy":
          return new ValueFormat(DateOrder.DMY, false, List.of());
        case "MM/dd/yyyy":
        case "M/d/yyyy":
        case "MM-dd-yyyy":
          return new ValueFormat(DateOrder.MDY, false, List.of());
        default:
          throw error(at, "is \"" + pattern + "\"; csvws reads dates as yyyy-MM-dd, yyyy/MM/dd, "
              + "dd/MM/yyyy, dd.MM.yyyy, dd-MM-yyyy or MM/dd/yyyy (times after a space or T)");
      }
    }
    if (pattern != null) {
      throw error(at, "is given for a " + type + " column; csvws reads formats of dates, "
          + "timestamps and numbers only");
    }
    return ValueFormat.STANDARD;
  }

  private List<String> nulls(JsonNode n, String at) {
    if (n == null) {
      return null;
    }
    List<String> out = new ArrayList<>();
    if (n.isTextual()) {
      out.add(n.asText());
    } else if (n.isArray()) {
      n.forEach(v -> out.add(v.asText()));
    } else {
      throw error(at, "must be a string or an array of strings");
    }
    for (String s : out) {
      if (s.contains(",")) {
        throw error(at, "holds \"" + s + "\"; a null token cannot contain a comma");
      }
    }
    out.removeIf(String::isEmpty);
    return out;
  }

  private String oneChar(JsonNode v, String at) {
    String s = v.asText();
    if (!v.isTextual() || s.length() != 1 || s.charAt(0) > 0x7f) {
      throw error(at, "must be one ASCII character, not " + v);
    }
    return s;
  }

  private boolean bool(JsonNode v, String at) {
    if (!v.isBoolean()) {
      throw error(at, "must be true or false, not " + v);
    }
    return v.asBoolean();
  }

  private int integer(JsonNode v, String at) {
    if (!v.canConvertToInt() || !v.isIntegralNumber() || v.asInt() < 0) {
      throw error(at, "must be a non-negative integer, not " + v);
    }
    return v.asInt();
  }

  private CsvwsException error(String member, String problem) {
    return new CsvwsException(ErrorCode.VALIDATION_FAILED, source
        + (member.isEmpty() ? "" : ": " + member) + " " + problem
        + ". Fix the metadata file, or remove it to let csvws sniff the table.");
  }
}

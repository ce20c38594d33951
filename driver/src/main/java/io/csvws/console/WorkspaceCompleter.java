package io.csvws.console;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.jline.reader.Candidate;
import org.jline.reader.Completer;
import org.jline.reader.LineReader;
import org.jline.reader.ParsedLine;

/**
 * Completes schema, table and column names in SQL lines, from {@link WorkspaceNames}, beside
 * what SQLLine's own completer offers (keywords, functions, commands). SQLLine gathers every
 * table before its first prompt; the console turns that off ({@code --fastConnect=true}) and
 * completes names here instead, from names listed in the background or, until they are, asked
 * for per schema and prefix, and columns read per table when first needed: a big folder neither
 * delays the prompt nor blocks typing.
 *
 * <p>A word is read as {@code [schema.]table[.column]}, where a schema may itself hold dots
 * ({@code data.sales}): {@code sch} offers schemas and tables, {@code survey.re} the tables of
 * {@code survey}, {@code t.c} and {@code survey.t.c} the columns of that table. Quoted names are
 * left to SQLLine.
 */
final class WorkspaceCompleter implements Completer {
  private final Completer sqlLine;
  private final Supplier<String> url;
  private final WorkspaceNames names;

  /**
   * @param sqlLine SQLLine's completer, asked first
   * @param url the URL of the console's current connection, or null when it has none
   */
  WorkspaceCompleter(Completer sqlLine, Supplier<String> url, WorkspaceNames names) {
    this.sqlLine = sqlLine;
    this.url = url;
    this.names = names;
  }

  @Override
  public void complete(LineReader reader, ParsedLine line, List<Candidate> candidates) {
    sqlLine.complete(reader, line, candidates);
    String u = url.get();
    if (u == null || line.line().trim().startsWith("!")) {
      return;
    }
    String word = line.word().substring(0, Math.min(line.wordCursor(), line.word().length()));
    if (word.indexOf('"') >= 0 || word.indexOf('`') >= 0) {
      return;
    }
    candidates.addAll(candidates(u, word));
  }

  private List<Candidate> candidates(String u, String word) {
    List<Candidate> out = new ArrayList<>();
    List<String> parts = Arrays.asList(word.split("\\.", -1));
    if (parts.size() == 1) {
      for (String schema : names.schemas(u)) {
        out.add(candidate(schema, schema, "schema", false));
      }
      names.tables(u, null, word).values().forEach(tables -> tables.forEach(
          t -> out.add(candidate(t, t, "table", false))));
      return out;
    }
    // The longest leading run of parts that names a schema: schemas may hold dots.
    List<String> schemas = names.schemas(u);
    for (int k = parts.size() - 1; k >= 1; k--) {
      String schema = String.join(".", parts.subList(0, k));
      if (!schemas.contains(schema)) {
        continue;
      }
      List<String> rest = parts.subList(k, parts.size());
      if (rest.size() == 1) {
        for (String t : names.tables(u, schema, rest.get(0)).getOrDefault(schema, List.of())) {
          out.add(candidate(schema + "." + t, t, "table", true));
        }
        return out;
      }
      if (rest.size() == 2) {
        String prefix = schema + "." + rest.get(0) + ".";
        for (String c : names.columns(u, schema, rest.get(0))) {
          out.add(candidate(prefix + c, c, "column", true));
        }
        if (!out.isEmpty()) {
          return out;
        }
      }
    }
    if (parts.size() == 2) {
      String table = parts.get(0);
      String schema = schemaOf(names.tables(u, null, table), table);
      if (schema != null) {
        for (String c : names.columns(u, schema, table)) {
          out.add(candidate(table + "." + c, c, "column", true));
        }
      }
    }
    return out;
  }

  /** The schema of a table named without one: the default schema first, as SQL resolves it. */
  private static String schemaOf(Map<String, List<String>> bySchema, String table) {
    List<String> main = bySchema.get("main");
    if (main != null && main.contains(table)) {
      return "main";
    }
    for (Map.Entry<String, List<String>> e : bySchema.entrySet()) {
      if (e.getValue().contains(table)) {
        return e.getKey();
      }
    }
    return null;
  }

  private static Candidate candidate(String value, String display, String kind,
      boolean complete) {
    return new Candidate(value, display, null, kind, null, null, complete);
  }
}

package io.csvws.sql.functions;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.sql.SqlAggFunction;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;

/**
 * The catalogue of {@link SqlVocabulary}: one {@link Function} per name and signature of every
 * operator the validator knows, described by the resource {@code descriptions.tsv} (topic, return
 * type and a line of text, keyed by name). The rows come from the operator table itself, so the
 * catalogue cannot list a function the validator does not know, nor miss one it knows; a name
 * without a description reads {@code "(no description)"}, which a test forbids.
 */
public final class FunctionCatalog {
  /** The text of a name that the resource does not describe. */
  public static final String NO_DESCRIPTION = "(no description)";

  private static final FunctionCatalog INSTANCE = new FunctionCatalog(SqlVocabulary.instance());

  private final List<Function> functions;

  /**
   * One row of the catalogue.
   *
   * @param name the name as written in SQL ({@code DATE_TRUNC}, {@code ILIKE}, {@code ||})
   * @param kind {@code scalar}, {@code aggregate}, {@code window}, {@code operator} or
   *     {@code internal} (a form the planner uses, not written by users)
   * @param signature the argument types Calcite accepts, such as {@code MEDIAN(<NUMERIC>)}
   * @param returnType the type of the result, in words where it depends on the arguments
   * @param description one line saying what it does and whose meaning it has
   * @param topic strings, dates, regex, aggregate, math, ... (what {@code sql_help} looks up)
   * @param source where the operator comes from: {@code standard}, {@code postgresql},
   *     {@code csvws} or another Calcite library
   */
  public record Function(String name, String kind, String signature, String returnType,
      String description, String topic, String source) {
  }

  private record Description(String topic, String returnType, String text) {
  }

  FunctionCatalog(SqlVocabulary vocabulary) {
    Map<String, Description> descriptions = readDescriptions();
    List<Function> list = new ArrayList<>();
    Set<String> seen = new LinkedHashSet<>();
    for (SqlVocabulary.Entry e : vocabulary.entries()) {
      SqlOperator op = e.operator();
      if (op.getName().isEmpty()) {
        continue; // an operator the parser makes for adjacent pattern variables; not a word
      }
      Description d = descriptions.getOrDefault(op.getName(),
          new Description("other", "", NO_DESCRIPTION));
      String kind = d.topic().equals("internal") ? "internal" : kind(op);
      for (String signature : signatures(op)) {
        if (seen.add(op.getName() + "\u0000" + signature)) {
          list.add(new Function(op.getName(), kind, signature, d.returnType(), d.text(),
              d.topic(), e.source()));
        }
      }
    }
    this.functions = Collections.unmodifiableList(list);
  }

  /** The catalogue of csvws's vocabulary. */
  public static FunctionCatalog instance() {
    return INSTANCE;
  }

  /** Every row, in the vocabulary's lookup order. */
  public List<Function> functions() {
    return functions;
  }

  /** The rows of a name, ignoring case; empty when there is none. */
  public List<Function> named(String name) {
    return functions.stream().filter(f -> f.name().equalsIgnoreCase(name.trim())).toList();
  }

  private static String kind(SqlOperator op) {
    if (op instanceof SqlAggFunction agg) {
      return agg.requiresOver() || agg.getKind() == SqlKind.LAG || agg.getKind() == SqlKind.LEAD
          || agg.getKind() == SqlKind.FIRST_VALUE || agg.getKind() == SqlKind.LAST_VALUE
          || agg.getKind() == SqlKind.NTH_VALUE ? "window" : "aggregate";
    }
    return op instanceof SqlFunction ? "scalar" : "operator";
  }

  /** Calcite's signatures of an operator; its name alone where Calcite cannot say. */
  private static List<String> signatures(SqlOperator op) {
    List<String> out = new ArrayList<>();
    if (op instanceof DateArithmetic d) {
      out.addAll(signatures(d.standard()));
    }
    String allowed;
    try {
      allowed = op.getAllowedSignatures();
    } catch (RuntimeException e) {
      allowed = null; // some special forms (CAST, CASE) have no operand checker to ask
    }
    if (allowed == null || allowed.isBlank()) {
      out.add(op.getName() + (op instanceof SqlFunction ? "(...)" : ""));
      return out;
    }
    for (String line : allowed.split("\n")) {
      String s = line.trim();
      if (s.length() > 1 && s.startsWith("'") && s.endsWith("'")) {
        s = s.substring(1, s.length() - 1);
      }
      if (!s.isEmpty()) {
        out.add(s);
      }
    }
    return out;
  }

  private static Map<String, Description> readDescriptions() {
    Map<String, Description> map = new HashMap<>();
    try (InputStream in = FunctionCatalog.class.getResourceAsStream("descriptions.tsv")) {
      if (in == null) {
        throw new IllegalStateException("descriptions.tsv is missing from the csvws jar");
      }
      BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        if (line.isBlank() || line.startsWith("#")) {
          continue;
        }
        String[] f = line.split("\t", -1);
        if (f.length != 4) {
          throw new IllegalStateException("descriptions.tsv: a line needs 4 tab-separated "
              + "fields (name, topic, returns, description): " + line);
        }
        map.put(f[0], new Description(f[1].toLowerCase(Locale.ROOT), f[2], f[3]));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return map;
  }
}

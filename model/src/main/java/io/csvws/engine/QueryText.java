package io.csvws.engine;

import io.csvws.direct.SqlLexer;
import io.csvws.error.CsvwsException;
import io.csvws.readonly.StatementGuard;
import io.csvws.sql.LexicalPolicy;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.sql.parser.SqlParser;

/**
 * What csvws accepts as SQL text, checked without a workspace: only queries run, in csvws's
 * dialect. The JDBC driver checks each statement here before it reaches an engine, and a remote
 * client before it goes over the network.
 */
public final class QueryText {
  private QueryText() {
  }

  /**
   * Fails unless {@code sql} is one query (SELECT, WITH, VALUES, a set operation or EXPLAIN of
   * one). Text that does not parse passes: the engine's own parse reports where it goes wrong.
   *
   * @throws CsvwsException {@code READ_ONLY} naming what was refused
   */
  public static void checkIsQuery(String sql) {
    StatementGuard.check(sql, LexicalPolicy.parserConfig());
  }

  /**
   * The error for something refused because csvws is read-only.
   *
   * @param what what was refused, such as "a batch"
   * @param advice what to do instead, or null
   */
  public static CsvwsException refused(String what, String advice) {
    return StatementGuard.refused(what, advice);
  }

  /**
   * The names {@code sql} writes outside string literals and comments, neither qualified by nor
   * qualifying another ({@code a.b} gives neither), in order: the words and double-quoted names
   * that could be tables of the default schema. Read without the parser, so any text has them.
   */
  public static List<String> unqualifiedNames(String sql) {
    return SqlLexer.unqualifiedNames(sql);
  }

  /** Whether {@code word} is reserved in csvws's SQL, so that a name must be quoted to use it. */
  public static boolean isReservedWord(String word) {
    return SqlParser.create("", LexicalPolicy.parserConfig()).getMetadata()
        .isReservedWord(word.toUpperCase(Locale.ROOT));
  }
}

package io.csvws.readonly;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import io.csvws.error.Sentences;
import java.util.Locale;
import java.util.Set;
import org.apache.calcite.sql.SqlExplain;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.impl.SqlParserImpl;

/**
 * Lets only queries through: SELECT, WITH, VALUES, set operations, ORDER BY and EXPLAIN of a
 * query. Everything else, and text holding several statements, is refused with
 * {@link ErrorCode#READ_ONLY} before it is planned.
 *
 * <p>Statements the parser does not understand (CREATE, DROP, COPY...) are recognised by their
 * first keyword, so they are refused as writes rather than reported as syntax errors. This is the
 * first of two guards; {@link ReadOnlyRule} stops any table modification that reaches the planner.
 */
public final class StatementGuard {
  private static final Set<SqlKind> QUERY_KINDS = SqlKind.QUERY;
  private static final Set<String> WRITE_KEYWORDS = Set.of(
      "INSERT", "UPDATE", "DELETE", "MERGE", "UPSERT", "REPLACE", "CREATE", "DROP", "ALTER",
      "TRUNCATE", "RENAME", "GRANT", "REVOKE", "SET", "RESET", "COPY", "CALL", "EXEC", "EXECUTE",
      "LOAD", "ATTACH", "DETACH", "VACUUM", "ANALYZE", "COMMENT", "LOCK", "UNLOCK", "BEGIN",
      "START", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE", "USE", "PRAGMA", "IMPORT", "EXPORT",
      "INSTALL", "PUT", "REMOVE", "DESCRIBE", "DESC", "SHOW", "REFRESH", "UNLOAD", "OPTIMIZE");

  private StatementGuard() {
  }

  /**
   * Checks {@code sql}.
   *
   * @return the parsed query, or null if the text does not parse (the caller's own parse then
   *     reports the syntax error)
   * @throws CsvwsException {@link ErrorCode#READ_ONLY} naming what was refused
   */
  public static SqlNode check(String sql, SqlParser.Config parserConfig) {
    int statements = SqlText.countStatements(sql);
    if (statements > 1) {
      throw refused("text with " + statements + " statements",
          "csvws runs one statement per call; send the statements one at a time");
    }
    SqlNode node;
    try {
      node = SqlParser.create(withoutTrailingSemicolons(sql), parserConfig).parseStmt();
    } catch (SqlParseException e) {
      SqlNode standard = parseStandard(sql, parserConfig);
      if (standard != null) {
        // A statement only Calcite's standard grammar reads (UPSERT INTO ...) is still refused
        // by its kind; a query the standard grammar reads but csvws's does not stays an error.
        checkKind(standard);
        return null;
      }
      String keyword = SqlText.firstKeyword(sql).toUpperCase(Locale.ROOT);
      if (WRITE_KEYWORDS.contains(keyword)) {
        throw refused(keyword + " statement", null);
      }
      return null;
    }
    if (node.getKind() == SqlKind.OTHER || node.getKind() == SqlKind.OTHER_DDL) {
      // SHOW, BEGIN, COMMIT, DISCARD... parse to a kind that names nothing: name the keyword.
      throw refused(SqlText.firstKeyword(sql).toUpperCase(Locale.ROOT) + " statement", null);
    }
    checkKind(node);
    return node;
  }

  /** {@code sql} as Calcite's standard parser reads it, or null where it does not. */
  private static SqlNode parseStandard(String sql, SqlParser.Config parserConfig) {
    try {
      return SqlParser.create(withoutTrailingSemicolons(sql),
          parserConfig.withParserFactory(SqlParserImpl.FACTORY)).parseStmt();
    } catch (SqlParseException e) {
      return null;
    }
  }

  /**
   * The statement without the semicolons that end it ({@code SELECT 1;} is {@code SELECT 1}),
   * which the SQL parser does not accept; text with several statements is returned as it is.
   */
  public static String withoutTrailingSemicolons(String sql) {
    return SqlText.withoutTrailingSemicolons(sql);
  }

  /** The first word of {@code sql} after comments and parentheses, as written; empty if none. */
  public static String firstKeyword(String sql) {
    return SqlText.firstKeyword(sql);
  }

  /** Refuses a parsed statement that is not a query. */
  public static void checkKind(SqlNode node) {
    SqlKind kind = node.getKind();
    if (QUERY_KINDS.contains(kind)) {
      return;
    }
    if (kind == SqlKind.EXPLAIN) {
      SqlNode explained = ((SqlExplain) node).getExplicandum();
      if (QUERY_KINDS.contains(explained.getKind())) {
        return;
      }
      throw refused("EXPLAIN of " + describe(explained.getKind()), null);
    }
    throw refused(describe(kind) + " statement", null);
  }

  /** The error for a refused statement. */
  public static CsvwsException refused(String what, String advice) {
    return new CsvwsException(ErrorCode.READ_ONLY, "csvws is read-only: " + what
        + " refused. Only queries run (SELECT, WITH, VALUES, UNION/INTERSECT/EXCEPT, EXPLAIN of "
        + "a query); no query changes a file" + (advice == null ? "." : "; "
        + Sentences.ending(advice)));
  }

  private static String describe(SqlKind kind) {
    return kind.name().replace('_', ' ');
  }
}

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.avatica.util.Quoting;
import org.apache.calcite.sql.dialect.AnsiSqlDialect;
import org.apache.calcite.sql.parser.SqlAbstractParserImpl;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.babel.SqlBabelParserImpl;
import org.apache.calcite.sql.parser.babel.SqlBabelParserImplConstants;
import org.apache.calcite.sql.validate.SqlConformanceEnum;

/**
 * Writes {@code io.csvws.direct.ParserKeywords} at build time (generate-sources): the keywords
 * of csvws's parser, Calcite's Babel grammar, that it does not read as a plain name wherever the
 * direct path reads one, as one string constant. Those are its reserved words, and the
 * non-reserved ones it reads otherwise somewhere: literals ({@code TRUE}), functions called
 * without parentheses ({@code CURRENT_DATE}, {@code USER}), operators ({@code NOT}). A keyword
 * counts as a name when every statement shape of {@link #SHAPES} parses to the same statement
 * with it as with a word that is no keyword. Reading the grammar at run time instead cost a
 * fresh JVM's count milliseconds of class initialisation.
 *
 * <p>Run as a single-file program with calcite-babel on the class path:
 * {@code java -cp ... ParserKeywords.java OUTPUT_FOLDER}.
 */
public final class ParserKeywords {
  /** Every place the direct path reads a name: a column, a table, a label, a grouping. */
  private static final List<String> SHAPES = List.of(
      "SELECT %s FROM t LIMIT 1",
      "SELECT x, %s FROM t WHERE _row = 1",
      "SELECT %s, x FROM t WHERE _row BETWEEN 1 AND 2",
      "SELECT COUNT(*) FROM %s",
      "SELECT * FROM %s LIMIT 1",
      "SELECT * FROM %s WHERE _row = 1",
      "SELECT %s, COUNT(%s), SUM(%s), MIN(%s), MAX(%s) FROM t GROUP BY %s",
      "SELECT x, COUNT(*) FROM t GROUP BY x, %s",
      "SELECT COUNT(*) AS %s FROM t",
      "SELECT x, SUM(y) %s FROM t GROUP BY x",
      "SELECT COUNT(*) %s, MIN(y) FROM %s");
  /** A word that is no keyword, to parse each shape with. */
  private static final String PLAIN = "zq_plain_word";

  private ParserKeywords() {
  }

  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("usage: java ParserKeywords.java OUTPUT_FOLDER");
      System.exit(2);
    }
    SqlAbstractParserImpl.Metadata grammar =
        SqlBabelParserImpl.FACTORY.getParser(new StringReader("")).getMetadata();
    TreeSet<String> notNames = new TreeSet<>();
    for (String image : SqlBabelParserImplConstants.tokenImage) {
      // Keyword tokens are written "\"SELECT\"", other tokens as "<IDENTIFIER>" or "\"(\"".
      if (image.length() > 2 && image.charAt(0) == '"' && image.endsWith("\"")
          && isWordStart(image.charAt(1))) {
        String k = image.substring(1, image.length() - 1).toUpperCase(Locale.ROOT);
        if (!grammar.isNonReservedKeyword(k) || !readAsName(k)
            || !readAsName(k.toLowerCase(Locale.ROOT))) {
          notNames.add(k);
        }
      }
    }
    StringBuilder src = new StringBuilder();
    src.append("package io.csvws.direct;\n\n")
        .append("/** Written by model/src/build/ParserKeywords.java from Calcite's Babel grammar."
            + " */\n")
        .append("final class ParserKeywords {\n")
        .append("  /**\n")
        .append("   * Every keyword of the parser that it does not read as a plain name wherever"
            + " the direct\n")
        .append("   * path reads one, in upper case, each between two line feeds.\n")
        .append("   */\n")
        .append("  static final String NOT_NAMES = \"\\n\"");
    // One source line per few keywords; the compiler joins the pieces into one constant.
    StringBuilder line = new StringBuilder();
    for (String k : notNames) {
      if (!k.matches("[A-Z0-9_$-]+")) {
        throw new IllegalStateException("A keyword this program cannot write: " + k);
      }
      if (line.length() + k.length() > 80) {
        src.append("\n      + \"").append(line).append('"');
        line.setLength(0);
      }
      line.append(k).append("\\n");
    }
    if (line.length() > 0) {
      src.append("\n      + \"").append(line).append('"');
    }
    src.append(";\n\n  private ParserKeywords() {\n  }\n}\n");
    Path out = Path.of(args[0], "io", "csvws", "direct", "ParserKeywords.java");
    Files.createDirectories(out.getParent());
    Files.writeString(out, src.toString(), StandardCharsets.UTF_8);
  }

  /** Whether every shape parses with {@code word} as it does with a word that is no keyword. */
  private static boolean readAsName(String word) {
    for (String shape : SHAPES) {
      String plain = parsed(shape.replace("%s", PLAIN));
      if (plain == null || !plain.replace(PLAIN, word).equals(parsed(shape.replace("%s", word)))) {
        return false;
      }
    }
    return true;
  }

  /** The statement {@code sql} parses to, written back as text; null if it does not parse. */
  private static String parsed(String sql) {
    SqlParser.Config config = SqlParser.config()
        .withParserFactory(SqlBabelParserImpl.FACTORY)
        .withCaseSensitive(false)
        .withUnquotedCasing(Casing.UNCHANGED)
        .withQuotedCasing(Casing.UNCHANGED)
        .withQuoting(Quoting.DOUBLE_QUOTE)
        .withConformance(SqlConformanceEnum.LENIENT);
    try {
      return SqlParser.create(sql, config).parseQuery().toSqlString(AnsiSqlDialect.DEFAULT)
          .getSql();
    } catch (SqlParseException e) {
      return null;
    }
  }

  /** As {@code SqlWords} starts a word: keywords that start otherwise are never bare names. */
  private static boolean isWordStart(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
  }
}

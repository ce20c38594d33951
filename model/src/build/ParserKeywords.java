import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.TreeSet;
import org.apache.calcite.sql.parser.babel.SqlBabelParserImplConstants;

/**
 * Writes {@code io.csvws.direct.ParserKeywords} at build time (generate-sources): every keyword
 * of csvws's parser, Calcite's Babel grammar, as one string constant. The direct path asks it
 * whether a bare table name is a keyword; reading the grammar's own token table at run time
 * instead cost a fresh JVM's count milliseconds of class initialisation.
 *
 * <p>Run as a single-file program with calcite-babel on the class path:
 * {@code java -cp ... ParserKeywords.java OUTPUT_FOLDER}.
 */
public final class ParserKeywords {
  private ParserKeywords() {
  }

  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("usage: java ParserKeywords.java OUTPUT_FOLDER");
      System.exit(2);
    }
    TreeSet<String> keywords = new TreeSet<>();
    for (String image : SqlBabelParserImplConstants.tokenImage) {
      // Keyword tokens are written "\"SELECT\"", other tokens as "<IDENTIFIER>" or "\"(\"".
      if (image.length() > 2 && image.charAt(0) == '"' && image.endsWith("\"")
          && isWordStart(image.charAt(1))) {
        keywords.add(image.substring(1, image.length() - 1).toUpperCase(Locale.ROOT));
      }
    }
    StringBuilder src = new StringBuilder();
    src.append("package io.csvws.direct;\n\n")
        .append("/** Written by model/src/build/ParserKeywords.java from Calcite's Babel grammar."
            + " */\n")
        .append("final class ParserKeywords {\n")
        .append("  /** Every keyword of the parser, in upper case, each between two line feeds. */\n")
        .append("  static final String ALL = \"\\n\"");
    // One source line per few keywords; the compiler joins the pieces into one constant.
    StringBuilder line = new StringBuilder();
    for (String k : keywords) {
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

  /** As {@code SqlWords} starts a word: keywords that start otherwise are never bare names. */
  private static boolean isWordStart(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
  }
}

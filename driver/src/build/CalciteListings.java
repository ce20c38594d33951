import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.apache.calcite.sql.SqlJdbcFunctionCall;
import org.apache.calcite.sql.parser.SqlParser;

/**
 * Writes, at build time, the lists Calcite's connection gives for JDBC's
 * {@code DatabaseMetaData.getSQLKeywords} and the four {@code get...Functions}: constants of
 * Calcite's parser and JDBC escape functions, which Calcite computes by building its whole
 * operator table (a tenth of a second in a fresh JVM). JDBC tools such as SQLLine and DBeaver
 * read them as they connect, before any statement needs Calcite.
 *
 * <p>Run as a single-file program with Calcite on the class path: {@code java -cp ...
 * CalciteListings.java OUTPUT_FOLDER}.
 */
public final class CalciteListings {
  private CalciteListings() {
  }

  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("usage: java -cp CALCITE CalciteListings.java OUTPUT_FOLDER");
      System.exit(2);
    }
    StringBuilder s = new StringBuilder();
    s.append("package io.csvws.driver;\n\n");
    s.append("/**\n * What Calcite's connection lists for {@code DatabaseMetaData}'s keywords and "
        + "JDBC escape\n * functions, so that csvws answers them without making that connection. "
        + "Generated at build\n * time from Calcite by "
        + "{@code driver/src/build/CalciteListings.java}: do not edit.\n */\n");
    s.append("final class CalciteListings {\n");
    constant(s, "SQL_KEYWORDS", SqlParser.create("").getMetadata().getJdbcKeywords());
    constant(s, "NUMERIC_FUNCTIONS", SqlJdbcFunctionCall.getNumericFunctions());
    constant(s, "STRING_FUNCTIONS", SqlJdbcFunctionCall.getStringFunctions());
    constant(s, "SYSTEM_FUNCTIONS", SqlJdbcFunctionCall.getSystemFunctions());
    constant(s, "TIME_DATE_FUNCTIONS", SqlJdbcFunctionCall.getTimeDateFunctions());
    s.append("\n  private CalciteListings() {\n  }\n}\n");
    Path out = Path.of(args[0], "io", "csvws", "driver");
    Files.createDirectories(out);
    Path file = out.resolve("CalciteListings.java");
    byte[] bytes = s.toString().getBytes(StandardCharsets.UTF_8);
    // Unchanged output keeps its time stamp, so the compiler has nothing new to do.
    if (Files.exists(file) && Arrays.equals(Files.readAllBytes(file), bytes)) {
      return;
    }
    Files.write(file, bytes);
  }

  /** A string constant, cut into lines of at most about 80 characters at its commas. */
  private static void constant(StringBuilder s, String name, String value) {
    s.append("\n  static final String ").append(name).append(" =");
    StringBuilder line = new StringBuilder();
    String sep = "\n      ";
    for (String part : value.split("(?<=,)")) {
      if (line.length() > 0 && line.length() + part.length() > 80) {
        s.append(sep).append('"').append(line).append('"');
        sep = "\n      + ";
        line.setLength(0);
      }
      line.append(part);
    }
    s.append(sep).append('"').append(line).append("\";\n");
  }
}

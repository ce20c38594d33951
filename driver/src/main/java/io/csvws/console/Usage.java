package io.csvws.console;

import java.util.Locale;
import java.util.MissingResourceException;
import java.util.ResourceBundle;

/** The text {@code --help} prints: the console's own usage, then SQLLine's options. */
final class Usage {
  private Usage() {
  }

  static String text() {
    return "csvws " + CsvwsApplication.csvwsVersion()
        + " console: SQL over a folder of CSV files.\n"
        + "\n"
        + "Usage: java -jar csvws-driver.jar [FOLDER | jdbc:csvws:URL] [SQLLine options]\n"
        + "\n"
        + "Every .csv .tsv .tab .psv .txt file (also .gz) under FOLDER is a table;\n"
        + "sub-folders are schemas (sales/orders_2024.csv is sales.orders_2024).\n"
        + "Only queries run.\n"
        + "\n"
        + "  FOLDER              the workspace. Default: src/examples/workspace in the current\n"
        + "                      folder if there is one, else a temporary copy of the example\n"
        + "                      workspace packed in the jar (removed at exit)\n"
        + "  jdbc:csvws:URL      a whole URL, to give connection properties, e.g.\n"
        + "                      'jdbc:csvws:data?maxCellChars=80&onTypeError=null'\n"
        + "                      (every property: docs/properties.md)\n"
        + "  -e \"SQL\"            run the statement, print the result and exit\n"
        + "                      (exit status 2 if it fails)\n"
        + "  -f FILE             run a script and exit (it stops at the first error,\n"
        + "                      exit status 2)\n"
        + "  --outputformat=csv  table (default), vertical, csv, tsv, json, xmlattrs, xmlelements\n"
        + "  -h, --help          this text\n"
        + "\n"
        + "In the console: !tables, !columns TABLE, !describe TABLE, !help, !quit. The Tab key\n"
        + "completes table and column names (write table.col to complete a column).\n"
        + "\n"
        + "Examples:\n"
        + "  java -jar csvws-driver.jar ~/data\n"
        + "  java -jar csvws-driver.jar ~/data -e \"select count(*) from customers\""
        + " --outputformat=csv\n"
        + "\n"
        + sqllineOptions();
  }

  /** SQLLine's own option list, without its first line (which names its own main class). */
  private static String sqllineOptions() {
    try {
      String usage = ResourceBundle.getBundle("sqlline.SqlLine", Locale.ROOT)
          .getString("cmd-usage");
      int firstBreak = usage.indexOf('\n');
      String options = firstBreak < 0 ? usage : usage.substring(firstBreak + 1);
      return "SQLLine options (after FOLDER):\n" + options.stripTrailing() + "\n";
    } catch (MissingResourceException e) {
      return "SQLLine options: see https://julianhyde.github.io/sqlline/manual.html\n";
    }
  }
}

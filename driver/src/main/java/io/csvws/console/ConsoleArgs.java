package io.csvws.console;

import io.csvws.driver.CsvwsDriver;
import io.csvws.driver.CsvwsUrl;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * The console's command line: {@code [FOLDER | jdbc:csvws:URL] [SQLLine options]}.
 *
 * <p>The first argument names the workspace when it is not an option. Everything after it goes to
 * SQLLine unchanged. When the arguments already say how to connect ({@code -u}, {@code -c},
 * {@code -cn}), the console leaves connecting to SQLLine.
 *
 * @param target the folder or {@code jdbc:csvws:} URL given first, or null
 * @param sqllineArgs the arguments for SQLLine, in order
 * @param help whether {@code --help} or {@code -h} was asked for
 * @param connectsItself whether the SQLLine arguments name their own connection
 */
record ConsoleArgs(String target, List<String> sqllineArgs, boolean help, boolean connectsItself) {
  private static final Set<String> HELP = Set.of("--help", "-h");
  private static final Set<String> CONNECTION_OPTIONS = Set.of("-u", "-c", "-cn");

  static ConsoleArgs parse(String... args) {
    List<String> all = Arrays.asList(args);
    boolean help = all.stream().anyMatch(HELP::contains);
    String target = null;
    List<String> rest = all;
    if (!all.isEmpty() && !all.get(0).startsWith("-")) {
      target = all.get(0);
      rest = all.subList(1, all.size());
    }
    boolean connects = rest.stream().anyMatch(CONNECTION_OPTIONS::contains);
    return new ConsoleArgs(target, List.copyOf(rest), help, connects);
  }

  /** Whether {@link #target} is a whole URL rather than a folder. */
  boolean targetIsUrl() {
    return target != null && target.startsWith(CsvwsDriver.URL_PREFIX);
  }

  /**
   * The URL for a folder path, escaped so that a folder named {@code 50%?} is read as that folder
   * and not as escapes or properties.
   */
  static String urlForFolder(String folder) {
    return CsvwsUrl.of(folder);
  }
}

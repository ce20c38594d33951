package io.csvws.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ConsoleArgsTest {
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
      # arguments                    | target                         | SQLLine arguments       | help  | connects
      -                              | -                              | -                       | false | false
      data                           | data                           | -                       | false | false
      data -e x --outputformat=csv   | data                           | -e x --outputformat=csv | false | false
      -e x                           | -                              | -e x                    | false | false
      jdbc:csvws:d?maxCellChars=5    | jdbc:csvws:d?maxCellChars=5    | -                       | false | false
      --help                         | -                              | --help                  | true  | false
      data -h                        | data                           | -h                      | true  | false
      -u jdbc:csvws:other            | -                              | -u jdbc:csvws:other     | false | true
      -cn saved                      | -                              | -cn saved               | false | true
      """)
  void firstNonOptionArgumentIsTheWorkspace(String line, String target, String rest,
      boolean help, boolean connectsItself) {
    ConsoleArgs args = ConsoleArgs.parse(words(line).toArray(new String[0]));

    assertThat(args.target()).isEqualTo(target);
    assertThat(args.sqllineArgs()).isEqualTo(words(rest));
    assertThat(args.help()).isEqualTo(help);
    assertThat(args.connectsItself()).isEqualTo(connectsItself);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', textBlock = """
      data                  | jdbc:csvws:data
      /srv/my data          | jdbc:csvws:/srv/my data
      sales 100%            | jdbc:csvws:sales 100%25
      what?now              | jdbc:csvws:what%3Fnow
      a%3Fb?c=d             | jdbc:csvws:a%253Fb%3Fc=d
      hash#tag;x&y          | jdbc:csvws:hash%23tag;x&y
      remote:http://x       | jdbc:csvws:./remote:http://x
      """)
  void folderBecomesAUrlThatNamesExactlyThatFolder(String folder, String url) {
    assertThat(ConsoleArgs.urlForFolder(folder)).isEqualTo(url);
  }

  private static List<String> words(String line) {
    return line == null ? List.of() : List.of(line.trim().split(" +"));
  }
}

package io.csvws.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gateway's commands, given wrong options, say what is wrong in sentences that end with one
 * full stop: "listen on 127.0.0.1." once, not "127.0.0.1..", whatever the message they wrap ends
 * with. (The driver's MessageFullStopsTest checks the string literals of every module.)
 */
class CommandMessagesTest {
  /** An ellipsis is fine, and so is {@code ..} as a path segment. */
  private static final Pattern ALLOWED =
      Pattern.compile("\\.{3,}|(?<![^\\s/\\\\'\"(])\\.\\.(?=[\\s/\\\\'\")]|$)");

  @TempDir
  Path dir;

  private static String run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    assertThat(status).as("exit status of %s", List.of(args)).isNotZero();
    return err.toString(StandardCharsets.UTF_8);
  }

  @Test
  void wrongOptionsAreReportedInSentencesEndedOnce() throws Exception {
    String ws = dir.toString();
    Path users = dir.resolve("users.txt");
    Files.writeString(users, "alice plaintext " + ws + "\n");
    List<String[]> commands = List.of(
        new String[] {"serve", "--workspace", ws, "--host", "0.0.0.0", "--port", "0"},
        new String[] {"serve"},
        new String[] {"serve", "--workspace", dir.resolve("nope").toString()},
        new String[] {"serve", "--workspace", ws, "--port", "http"},
        new String[] {"serve", "--workspace", ws, "--bogus", "1"},
        new String[] {"serve", "--workspace", ws, "--workspace", ws},
        new String[] {"serve", "--users", users.toString()},
        new String[] {"serve", "--workspace", ws, "--keystore", users.toString()},
        new String[] {"serve", "--workspace", ws, "--heap-guard", "2"},
        new String[] {"tools", "--bogus"},
        new String[] {"tools", "nonsense"},
        new String[] {"mcp"},
        new String[] {"mcp", dir.resolve("nope").toString()},
        new String[] {"nonsense"});
    for (String[] args : commands) {
      String err = run(args);
      assertThat(err).as("%s", List.of(args)).isNotBlank();
      assertThat(ALLOWED.matcher(err).replaceAll("")).as("%s: %s", List.of(args), err)
          .doesNotContain("..");
    }
  }
}

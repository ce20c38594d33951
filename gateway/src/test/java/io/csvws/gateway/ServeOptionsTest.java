package io.csvws.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code serve}'s options: documented, validated, and safe by default. */
class ServeOptionsTest {
  @TempDir
  Path dir;

  private static String run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return status + "\n" + out.toString(StandardCharsets.UTF_8)
        + err.toString(StandardCharsets.UTF_8);
  }

  @Test
  void helpDocumentsEveryOption() {
    String help = run("serve", "--help");
    assertThat(help).startsWith("0\n");
    for (ServeOption o : ServeOption.values()) {
      assertThat(help).contains(o.flag());
      if (o.defaultValue() != null) {
        assertThat(help).contains("(default: " + o.defaultValue() + ")");
      }
    }
  }

  @Test
  void aNonLoopbackBindWithoutAuthenticationRefusesToStart() {
    String r = run("serve", "--workspace", dir.toString(), "--host", "0.0.0.0", "--port", "0");
    assertThat(r).startsWith("2\n").contains("refusing to listen on 0.0.0.0 without "
        + "authentication").contains("--users");
  }

  @Test
  void badOptionsSayWhatIsWrong() throws Exception {
    assertThat(run("serve")).startsWith("2\n").contains("give --workspace DIR");
    assertThat(run("serve", "--workspace", dir.resolve("nope").toString()))
        .contains("is not a folder");
    assertThat(run("serve", "--workspace", dir.toString(), "--port", "http"))
        .contains("--port must be an integer from 0 to 65535, not 'http'");
    assertThat(run("serve", "--workspace", dir.toString(), "--bogus", "1"))
        .contains("unknown option '--bogus'");
    assertThat(run("serve", "--workspace", dir.toString(), "--heap-guard", "2"))
        .contains("--heap-guard must be a fraction");
    assertThat(run("nonsense")).startsWith("2\n").contains("unknown command 'nonsense'");
  }

  @Test
  void usersFilesHoldOnlySaltedHashes() throws Exception {
    Path ws = Files.createDirectories(dir.resolve("ws"));
    Path users = dir.resolve("users.txt");
    Files.writeString(users, "alice plaintext-password " + ws + "\n");
    assertThatThrownBy(() -> UsersFile.read(users))
        .hasMessageContaining("line 1: the password of 'alice' is not a pbkdf2-sha256 hash")
        .hasMessageContaining("hash-password");
    Files.writeString(users, "alice " + PasswordHash.create("pw".toCharArray()) + " missing\n");
    assertThatThrownBy(() -> UsersFile.read(users)).hasMessageContaining("is not a folder");
  }

  @Test
  void hashesAreSaltedAndCheckTheirPassword() {
    String a = PasswordHash.create("same".toCharArray());
    String b = PasswordHash.create("same".toCharArray());
    assertThat(a).startsWith("pbkdf2-sha256$210000$").isNotEqualTo(b);
    assertThat(PasswordHash.parse(a).matches("same".toCharArray())).isTrue();
    assertThat(PasswordHash.parse(a).matches("Same".toCharArray())).isFalse();
  }

  @Test
  void theKeystorePasswordComesFromTheEnvironment() throws Exception {
    Path ks = Files.writeString(dir.resolve("ks.p12"), "x");
    assertThatThrownBy(() -> ServeOptions.parse(new String[] {"--workspace", dir.toString(),
        "--keystore", ks.toString()}, Map.of()))
        .hasMessageContaining("CSVWS_KEYSTORE_PASSWORD");
  }
}

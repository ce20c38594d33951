package io.csvws.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.csvws.console.JarProcess.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** {@code src/dist/bin/csvws}, the POSIX launcher, run as a user runs it. */
@DisabledOnOs(OS.WINDOWS)
class LaunchScriptIT {
  private static final String COUNT_US = "select count(*) as n from customers where country = 'US'";

  @TempDir
  Path scratch;

  @Test
  void inTheCheckoutItRunsTheJarUnderDriverTarget() throws Exception {
    Result r = script(checkoutScript(), JarProcess.projectRoot(),
        "src/examples/workspace", "-e", COUNT_US, "--outputformat=csv");

    assertThat(r.status()).as("%s", r).isZero();
    assertThat(r.out()).isEqualTo("\"n\"\n\"2\"\n");
  }

  @Test
  void itRunsTheJarNextToIt() throws Exception {
    Path bin = Files.createDirectories(scratch.resolve("dist/bin"));
    Path copy = Files.copy(checkoutScript(), bin.resolve("csvws"),
        StandardCopyOption.COPY_ATTRIBUTES);
    Files.createSymbolicLink(bin.resolve("csvws-driver.jar"), JarProcess.jar());

    Result r = script(copy, scratch, JarProcess.projectRoot().resolve("src/examples/workspace")
        .toString(), "-e", COUNT_US, "--outputformat=csv");

    assertThat(r.out()).as("%s", r).isEqualTo("\"n\"\n\"2\"\n");
  }

  @Test
  void aLinkToTheScriptStillFindsTheJar() throws Exception {
    Path links = Files.createDirectories(scratch.resolve("links"));
    Path link = Files.createSymbolicLink(links.resolve("csvws"), checkoutScript());
    Path elsewhere = Files.createDirectories(scratch.resolve("elsewhere"));

    Result r = script(link, elsewhere, "-e", COUNT_US, "--outputformat=csv");

    assertThat(r.out()).as("%s", r).isEqualTo("\"n\"\n\"2\"\n");
    // CSVWS_JAVA_OPTS reached the JVM: the example copy went to the scratch temp folder.
    assertThat(r.err()).contains("a temporary copy in " + scratch.resolve("tmp").toRealPath());
  }

  @Test
  void argumentsWithSpacesAndQuotesPassThroughIntact() throws Exception {
    Path folder = Files.createDirectories(scratch.resolve("my data"));
    Files.writeString(folder.resolve("notes.csv"), "id,text\n1,\"it's \"\"quoted\"\"\"\n");

    Result r = script(checkoutScript(), scratch, folder.toString(), "-e",
        "select text from notes where text like 'it''s %'", "--outputformat=csv");

    assertThat(r.out()).as("%s", r).isEqualTo("\"text\"\n\"it's \"\"quoted\"\"\"\n");
  }

  @Test
  void withoutAJarItSaysHowToBuildOne() throws Exception {
    Path bin = Files.createDirectories(scratch.resolve("lonely/bin"));
    Path copy = Files.copy(checkoutScript(), bin.resolve("csvws"),
        StandardCopyOption.COPY_ATTRIBUTES);

    Result r = script(copy, scratch, "--help");

    assertThat(r.status()).isEqualTo(1);
    assertThat(r.err()).startsWith("csvws: csvws-driver.jar is neither next to")
        .contains("mvn -B package -DskipTests");
  }

  private static Path checkoutScript() {
    Path s = JarProcess.projectRoot().resolve("src/dist/bin/csvws");
    assertThat(s).isExecutable();
    return s;
  }

  /** Runs the script itself (its #! line picks the shell) with this JVM as JAVA_HOME. */
  private Result script(Path script, Path workingDir, String... args) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(script.toString());
    command.addAll(List.of(args));
    Files.createDirectories(scratch.resolve("home"));
    Files.createDirectories(scratch.resolve("tmp"));
    ProcessBuilder pb = new ProcessBuilder(command).directory(workingDir.toFile())
        .redirectOutput(scratch.resolve("stdout").toFile())
        .redirectError(scratch.resolve("stderr").toFile())
        .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
    pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
    pb.environment().put("CSVWS_JAVA_OPTS", "-Duser.home=" + scratch.resolve("home")
        + " -Djava.io.tmpdir=" + scratch.resolve("tmp"));
    Process p = pb.start();
    assertThat(p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
    return new Result(p.exitValue(), JarProcess.read(scratch.resolve("stdout")),
        JarProcess.read(scratch.resolve("stderr")));
  }
}

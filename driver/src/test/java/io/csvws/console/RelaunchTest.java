package io.csvws.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Which command lines {@link Relaunch} runs again on the class-data archive, and how. */
class RelaunchTest {
  private static final ClassDataArchive ARCHIVE =
      ClassDataArchive.of(Path.of("/opt/csvws/lib/csvws-driver.jar"));
  private static final String[] ARGS = {"data folder", "-e", "select 1", "--outputformat=csv"};

  @Test
  void theOptionsBeforeDashJarComeAlongWithTheArchive() {
    List<String> line = List.of("-Xmx512m", "-Duser.home=/tmp/h", "-jar", "csvws-driver.jar",
        "data folder", "-e", "select 1", "--outputformat=csv");

    List<String> command = Relaunch.command(line, ARGS, ARCHIVE).orElseThrow();

    assertThat(command.get(0)).isEqualTo(
        Path.of(System.getProperty("java.home"), "bin", "java").toString());
    assertThat(command.subList(1, command.size())).containsExactly(
        "-Xmx512m", "-Duser.home=/tmp/h",
        "-XX:SharedArchiveFile=/opt/csvws/lib/csvws-driver.jsa", "-Xshare:auto",
        "-Xlog:cds=off", "-Xlog:cds+dynamic=off", "-Dcsvws.console.relaunched=true",
        "-jar", "/opt/csvws/lib/csvws-driver.jar",
        "data folder", "-e", "select 1", "--outputformat=csv");
  }

  @Test
  void aConsoleStartedByItsClassNameIsLeftAlone() {
    List<String> line = List.of("-cp", "csvws-driver.jar", "io.csvws.console.Main",
        "data folder", "-e", "select 1", "--outputformat=csv");

    assertThat(Relaunch.command(line, ARGS, ARCHIVE)).isEmpty();
  }

  @Test
  void argumentsThatAreNotTheLinesTailAreLeftAlone() {
    // A wrapper that rewrote the arguments: running the line again would not run these.
    List<String> line = List.of("-jar", "csvws-driver.jar", "other folder", "-e", "select 1",
        "--outputformat=csv");

    assertThat(Relaunch.command(line, ARGS, ARCHIVE)).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"-agentlib:jdwp=transport=dt_socket,server=y,address=5005",
      "-javaagent:agent.jar", "-agentpath:/lib/a.so", "-XX:SharedArchiveFile=mine.jsa",
      "-Xshare:off", "-XX:ArchiveClassesAtExit=out.jsa", "-Xdebug"})
  void optionsTheUserChoseForClassDataOrThatCannotBeHadTwiceStay(String option) {
    List<String> line = List.of(option, "-jar", "csvws-driver.jar", "data folder", "-e",
        "select 1", "--outputformat=csv");

    assertThat(Relaunch.command(line, ARGS, ARCHIVE)).isEmpty();
  }

  @Test
  void anArchiveThatDoesNotExistIsNotUsable() {
    assertThat(ARCHIVE.usable()).isFalse();
    assertThat(ARCHIVE.archive()).isEqualTo(Path.of("/opt/csvws/lib/csvws-driver.jsa"));
  }
}

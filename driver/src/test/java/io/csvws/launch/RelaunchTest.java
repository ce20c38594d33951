package io.csvws.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Which command lines {@link Relaunch} runs again on a class-data archive, and on which. */
class RelaunchTest {
  private static final Path JAR = Path.of("/opt/csvws/lib/csvws-driver.jar");
  private static final Relaunch.Archive BUILT =
      new Relaunch.Archive(Path.of("/opt/csvws/lib/csvws-driver.jsa"), null);
  private static final String[] ARGS = {"data folder", "-e", "select 1", "--outputformat=csv"};

  @TempDir
  Path scratch;

  @Test
  void theOptionsBeforeDashJarComeAlongWithTheArchive() {
    List<String> line = List.of("-Xmx512m", "-Duser.home=/tmp/h", "-jar", "csvws-driver.jar",
        "data folder", "-e", "select 1", "--outputformat=csv");

    List<String> command = Relaunch.command(line, ARGS, JAR, BUILT).orElseThrow();

    assertThat(command.get(0)).isEqualTo(
        Path.of(System.getProperty("java.home"), "bin", "java").toString());
    List<String> expected = new ArrayList<>(Relaunch.QUIET);
    expected.addAll(List.of("-Xmx512m", "-Duser.home=/tmp/h",
        "-XX:SharedArchiveFile=/opt/csvws/lib/csvws-driver.jsa", "-Xshare:auto",
        "-Dcsvws.relaunched=true", "-jar", "/opt/csvws/lib/csvws-driver.jar",
        "data folder", "-e", "select 1", "--outputformat=csv"));
    assertThat(command.subList(1, command.size())).containsExactlyElementsOf(expected);
  }

  @Test
  void anArchiveToWriteIsWrittenAtExitToAFileOfItsOwn() {
    Relaunch.Archive toWrite = new Relaunch.Archive(Path.of("/c/csvws-driver-0123.jsa"),
        Path.of("/c/csvws-driver-0123.jsa.77.partial"));
    List<String> line = List.of("-jar", "csvws-driver.jar", "data folder", "-e", "select 1",
        "--outputformat=csv");

    List<String> command = Relaunch.command(line, ARGS, JAR, toWrite).orElseThrow();

    assertThat(command).contains("-XX:ArchiveClassesAtExit=/c/csvws-driver-0123.jsa.77.partial")
        .noneMatch(o -> o.startsWith("-XX:SharedArchiveFile"));
  }

  @Test
  void aConsoleStartedByItsClassNameIsLeftAlone() {
    List<String> line = List.of("-cp", "csvws-driver.jar", "io.csvws.console.Main",
        "data folder", "-e", "select 1", "--outputformat=csv");

    assertThat(Relaunch.command(line, ARGS, JAR, BUILT)).isEmpty();
  }

  @Test
  void argumentsThatAreNotTheLinesTailAreLeftAlone() {
    // A wrapper that rewrote the arguments: running the line again would not run these.
    List<String> line = List.of("-jar", "csvws-driver.jar", "other folder", "-e", "select 1",
        "--outputformat=csv");

    assertThat(Relaunch.command(line, ARGS, JAR, BUILT)).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"-agentlib:jdwp=transport=dt_socket,server=y,address=5005",
      "-javaagent:agent.jar", "-agentpath:/lib/a.so", "-XX:SharedArchiveFile=mine.jsa",
      "-Xshare:off", "-XX:ArchiveClassesAtExit=out.jsa", "-Xdebug", "-XX:AOTCache=app.aot",
      "-XX:AOTCacheOutput=app.aot", "-XX:+AutoCreateSharedArchive"})
  void optionsTheUserChoseForClassDataOrThatCannotBeHadTwiceStay(String option) {
    List<String> line = List.of(option, "-jar", "csvws-driver.jar", "data folder", "-e",
        "select 1", "--outputformat=csv");

    assertThat(Relaunch.command(line, ARGS, JAR, BUILT)).isEmpty();
  }

  @Test
  void anArchiveThatDoesNotExistIsNotUsable() {
    ClassDataArchive archive = ClassDataArchive.of(JAR);

    assertThat(archive.usable()).isFalse();
    assertThat(archive.archive()).isEqualTo(Path.of("/opt/csvws/lib/csvws-driver.jsa"));
  }

  @Test
  void withoutTheBuildsArchiveOneIsWrittenInTheCacheFolderAndMappedOnceKept() throws Exception {
    Path jar = Files.writeString(scratch.resolve("csvws-driver.jar"), "a jar");
    Path cache = scratch.resolve("cache");

    Relaunch.Archive first = Relaunch.archiveFor(jar, cache);

    assertThat(first.writing()).isNotNull().doesNotExist();
    assertThat(first.file().getParent()).isEqualTo(cache.resolve("class-data"));
    // The relaunched JVM wrote it and failed: nothing is kept.
    Files.writeString(first.writing(), "archive");
    first.keep(2);
    assertThat(first.file()).doesNotExist();
    assertThat(first.writing()).doesNotExist();
    // It wrote it and succeeded: the next run maps it.
    Files.writeString(first.writing(), "archive");
    first.keep(0);
    assertThat(first.file()).hasContent("archive");
    assertThat(first.writing()).doesNotExist();
    assertThat(Relaunch.archiveFor(jar, cache)).isEqualTo(
        new Relaunch.Archive(first.file(), null));
  }

  @Test
  void aChangedJarGetsANewArchiveAndTheOldOneIsRemoved() throws Exception {
    Path jar = Files.writeString(scratch.resolve("csvws-driver.jar"), "a jar");
    Path cache = scratch.resolve("cache");
    Relaunch.Archive old = Relaunch.archiveFor(jar, cache);
    Files.writeString(old.writing(), "archive");
    old.keep(0);

    Files.writeString(jar, "a newer jar");
    Files.setLastModifiedTime(jar, FileTime.fromMillis(
        Files.getLastModifiedTime(jar).toMillis() + 5000));
    Relaunch.Archive next = Relaunch.archiveFor(jar, cache);

    assertThat(next.file()).isNotEqualTo(old.file());
    assertThat(next.writing()).isNotNull();
    assertThat(old.file()).doesNotExist();
  }

  @Test
  void noCacheFolderAndNoBuiltArchiveMeansNoRelaunch() throws Exception {
    Path jar = Files.writeString(scratch.resolve("csvws-driver.jar"), "a jar");

    assertThat(Relaunch.archiveFor(jar, null)).isNull();
  }

  @Test
  void anAheadOfTimeCacheIsMappedAndWrittenWithItsOwnOptionsAndLogging() {
    List<String> line = List.of("-Xmx512m", "-jar", "csvws-driver.jar", "data folder", "-e",
        "select 1", "--outputformat=csv");
    Relaunch.Archive toMap = new Relaunch.Archive(Path.of("/c/csvws-driver-0123.aot"), null,
        Relaunch.Format.AOT_CACHE);
    Relaunch.Archive toWrite = new Relaunch.Archive(Path.of("/c/csvws-driver-0123.aot"),
        Path.of("/c/csvws-driver-0123.77.partial.aot"), Relaunch.Format.AOT_CACHE);

    List<String> mapping = Relaunch.command(line, ARGS, JAR, toMap).orElseThrow();
    List<String> writing = Relaunch.command(line, ARGS, JAR, toWrite).orElseThrow();

    List<String> expected = new ArrayList<>(Relaunch.QUIET);
    expected.addAll(List.of("-Xlog:aot*=off:stderr", "-XX:+DisplayVMOutputToStderr", "-Xmx512m",
        "-XX:AOTCache=/c/csvws-driver-0123.aot", "-Dcsvws.relaunched=true", "-jar",
        "/opt/csvws/lib/csvws-driver.jar", "data folder", "-e", "select 1",
        "--outputformat=csv"));
    assertThat(mapping.subList(1, mapping.size())).containsExactlyElementsOf(expected);
    assertThat(writing).contains("-XX:AOTCacheOutput=/c/csvws-driver-0123.77.partial.aot",
        "-Xlog:aot*=off:stderr").noneMatch(o -> o.startsWith("-XX:AOTCache="))
        .noneMatch(o -> o.startsWith("-XX:SharedArchiveFile"))
        .noneMatch(o -> o.startsWith("-XX:ArchiveClassesAtExit"));
  }

  @Test
  void jdk25AndLaterGetAnAheadOfTimeCacheAndOlderOnesAClassDataArchive() {
    assertThat(Relaunch.Format.forFeatureVersion(17)).isEqualTo(Relaunch.Format.CLASS_DATA);
    assertThat(Relaunch.Format.forFeatureVersion(24)).isEqualTo(Relaunch.Format.CLASS_DATA);
    assertThat(Relaunch.Format.forFeatureVersion(25)).isEqualTo(Relaunch.Format.AOT_CACHE);
    assertThat(Relaunch.Format.forFeatureVersion(26)).isEqualTo(Relaunch.Format.AOT_CACHE);
  }

  @Test
  void anAheadOfTimeCacheComesBeforeTheBuildsArchiveAndIsKeptOnceWritten() throws Exception {
    Path jar = builtJarWithArchive();
    Path cache = scratch.resolve("cache");

    Relaunch.Archive first = Relaunch.archiveFor(jar, cache, Relaunch.Format.AOT_CACHE);

    assertThat(first.format()).isEqualTo(Relaunch.Format.AOT_CACHE);
    assertThat(first.file().getFileName().toString()).matches("csvws-driver-[0-9a-f]{16}\\.aot");
    assertThat(first.writing().getFileName().toString())
        .matches("csvws-driver-[0-9a-f]{16}\\.[0-9]+\\.partial\\.aot");
    Files.writeString(first.writing(), "cache");
    first.keep(0);
    assertThat(Relaunch.archiveFor(jar, cache, Relaunch.Format.AOT_CACHE)).isEqualTo(
        new Relaunch.Archive(first.file(), null, Relaunch.Format.AOT_CACHE));
    // A JVM of the class-data format maps the build's archive, which this JVM wrote.
    assertThat(Relaunch.archiveFor(jar, cache, Relaunch.Format.CLASS_DATA)).isEqualTo(
        new Relaunch.Archive(jar.resolveSibling("csvws-driver.jsa"), null));
  }

  @Test
  void withoutACacheFolderTheBuildsArchiveServesAJvmOfTheAheadOfTimeFormat() throws Exception {
    Path jar = builtJarWithArchive();

    assertThat(Relaunch.archiveFor(jar, null, Relaunch.Format.AOT_CACHE)).isEqualTo(
        new Relaunch.Archive(jar.resolveSibling("csvws-driver.jsa"), null));
    assertThat(Relaunch.archiveFor(jar, null, Relaunch.Format.CLASS_DATA)).isEqualTo(
        new Relaunch.Archive(jar.resolveSibling("csvws-driver.jsa"), null));
  }

  @Test
  void anArchiveOfTheOtherFormatForAnOlderJarIsRemovedToo() throws Exception {
    Path jar = Files.writeString(scratch.resolve("csvws-driver.jar"), "a jar");
    Path cache = scratch.resolve("cache");
    Relaunch.Archive old = Relaunch.archiveFor(jar, cache, Relaunch.Format.CLASS_DATA);
    Files.writeString(old.writing(), "archive");
    old.keep(0);
    Path partial = Files.writeString(old.file().resolveSibling("csvws-driver-0123456789abcdef"
        + ".4242.partial.aot"), "another process writes this");

    Relaunch.Archive next = Relaunch.archiveFor(jar, cache, Relaunch.Format.AOT_CACHE);

    assertThat(next.writing()).isNotNull();
    assertThat(old.file()).doesNotExist();
    assertThat(partial).exists();
  }

  /** A jar beside a class-data archive whose stamp names this JVM and the jar. */
  private Path builtJarWithArchive() throws Exception {
    Path jar = Files.writeString(scratch.resolve("csvws-driver.jar"), "a jar").toRealPath();
    Files.writeString(scratch.resolve("csvws-driver.jsa"), "archive");
    ClassDataArchive.of(jar).writeStamp();
    assertThat(ClassDataArchive.of(jar).usable()).isTrue();
    return jar;
  }
}

package io.csvws.launch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * JDKs installed beside the one running the tests, for tests of what a newer JVM gets (the
 * ahead-of-time cache of JDK 25). Also used by the gateway's tests.
 */
public final class InstalledJdks {
  private static final Pattern RELEASE_VERSION = Pattern.compile("(?m)^JAVA_VERSION=\"(\\d+)");

  private InstalledJdks() {
  }

  /**
   * The {@code java} of an installed JDK of feature version {@code feature} or later: the JDK
   * that {@code -Dcsvws.test.newerJdk} names, else the first under {@code /usr/lib/jvm} whose
   * {@code release} file says so; empty when there is none.
   */
  public static Optional<Path> javaOfFeature(int feature) throws IOException {
    List<Path> homes = new ArrayList<>();
    String named = System.getProperty("csvws.test.newerJdk");
    if (named != null && !named.isBlank()) {
      homes.add(Path.of(named));
    }
    Path jvms = Path.of("/usr/lib/jvm");
    if (Files.isDirectory(jvms)) {
      try (var s = Files.list(jvms)) {
        s.sorted().forEach(homes::add);
      }
    }
    for (Path home : homes) {
      Path release = home.resolve("release");
      Path java = home.resolve("bin").resolve("java");
      if (Files.isRegularFile(release) && Files.isExecutable(java)) {
        Matcher m = RELEASE_VERSION.matcher(Files.readString(release, StandardCharsets.UTF_8));
        if (m.find() && Integer.parseInt(m.group(1)) >= feature) {
          return Optional.of(java);
        }
      }
    }
    return Optional.empty();
  }

  /** Why a test that needs a JDK of {@code feature} or later did not run. */
  public static String missing(int feature) {
    return "no JDK " + feature + " or later under /usr/lib/jvm or -Dcsvws.test.newerJdk";
  }
}

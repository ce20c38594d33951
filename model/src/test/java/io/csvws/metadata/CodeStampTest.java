package io.csvws.metadata;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.CodeSource;
import java.security.cert.Certificate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stamp of a build, computed from a jar or a folder of classes the test makes: which files it
 * reads, and what it says when there is nothing to read.
 */
class CodeStampTest {
  @TempDir
  Path dir;

  private static CodeSource at(URL location) {
    return new CodeSource(location, (Certificate[]) null);
  }

  private static CodeSource at(Path location) throws IOException {
    return at(location.toUri().toURL());
  }

  @Test
  void aJarIsStampedWithItsPathSizeAndTime() throws IOException {
    Path jar = Files.write(dir.resolve("csvws.jar"), new byte[1234]);
    Files.setLastModifiedTime(jar, FileTime.fromMillis(1_700_000_000_123L));

    assertThat(CodeStamp.of(at(jar))).isEqualTo(jar + "|1234|1700000000123");
  }

  @Test
  void aJarOfAnotherSizeOrTimeIsAnotherBuild() throws IOException {
    Path jar = Files.write(dir.resolve("csvws.jar"), new byte[10]);
    Files.setLastModifiedTime(jar, FileTime.fromMillis(1_000_000L));
    String before = CodeStamp.of(at(jar));

    Files.write(jar, new byte[11]);
    Files.setLastModifiedTime(jar, FileTime.fromMillis(1_000_000L));
    String longer = CodeStamp.of(at(jar));
    Files.setLastModifiedTime(jar, FileTime.fromMillis(2_000_000L));
    String later = CodeStamp.of(at(jar));

    assertThat(new String[] {before, longer, later}).doesNotHaveDuplicates();
  }

  /** Only class files count: a newer resource or note in the folder is not new code. */
  @Test
  void aFolderIsStampedWithItsNewestClassFile() throws IOException {
    Path classes = Files.createDirectories(dir.resolve("classes"));
    Path pkg = Files.createDirectories(classes.resolve("io/csvws"));
    Path older = Files.write(pkg.resolve("A.class"), new byte[] {1});
    Path newer = Files.write(pkg.resolve("B.class"), new byte[] {2});
    Path note = Files.write(classes.resolve("notes.txt"), new byte[] {3});
    Files.setLastModifiedTime(older, FileTime.fromMillis(5_000L));
    Files.setLastModifiedTime(newer, FileTime.fromMillis(9_000L));
    Files.setLastModifiedTime(note, FileTime.fromMillis(50_000L));

    assertThat(CodeStamp.of(at(classes))).isEqualTo(classes + "|classes|9000");
  }

  @Test
  void aFolderWithoutClassFilesIsStampedZero() throws IOException {
    Path classes = Files.createDirectories(dir.resolve("empty"));
    Files.write(classes.resolve("readme.txt"), new byte[] {1});

    assertThat(CodeStamp.of(at(classes))).isEqualTo(classes + "|classes|0");
  }

  /** A class file whose time cannot be read makes the stamp the newest possible. */
  @Test
  void aClassFileWhoseTimeCannotBeReadCountsAsNewest() throws IOException {
    Path classes = Files.createDirectories(dir.resolve("classes"));
    Files.setLastModifiedTime(Files.write(classes.resolve("A.class"), new byte[] {1}),
        FileTime.fromMillis(5_000L));
    Files.createSymbolicLink(classes.resolve("Gone.class"), dir.resolve("no-such-file"));

    assertThat(CodeStamp.of(at(classes))).isEqualTo(classes + "|classes|" + Long.MAX_VALUE);
  }

  @Test
  void aLocationThatIsNeitherFileNorFolderIsItsPath() throws IOException {
    Path missing = dir.resolve("gone.jar");

    assertThat(CodeStamp.of(at(missing))).isEqualTo(missing.toString());
  }

  @Test
  void codeWithoutALocationIsUnknown() {
    assertThat(CodeStamp.of(null)).isEqualTo("unknown");
    assertThat(CodeStamp.of(at((URL) null))).isEqualTo("unknown");
  }

  /** A location that is no file of this machine gives a stamp no other process shares. */
  @Test
  void anUnreadableLocationIsThisProcesssAlone() throws IOException {
    String expected = "unreadable|" + ProcessHandle.current().pid();

    assertThat(CodeStamp.of(at(new URL("http://example.invalid/csvws.jar"))))
        .isEqualTo(expected);
    assertThat(CodeStamp.of(at(new URL("file:/not a uri/csvws.jar")))).isEqualTo(expected);
  }
}

package io.csvws.workspace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The sandbox: which files are tables, how paths written in queries resolve, and that nothing
 * outside the root is ever reached.
 */
class WorkspaceTest {
  @TempDir
  Path base;
  Path root;
  Path outside;

  /**
   * <pre>
   * ws/customers.csv  a.csv  a.tsv  notes.md  data.json  .hidden.csv  .git/x.csv
   * ws/folder.csv/    (a folder named like a table)
   * ws/sales/orders_2024.csv  sales/q/deep.csv
   * ws/inside_link.csv -> customers.csv       ws/linked_folder -> sales
   * ws/outside_link.csv -> ../outside/secret.csv   ws/outside_folder -> ../outside
   * ws/broken.csv -> missing.csv
   * </pre>
   */
  @BeforeEach
  void layout() throws IOException {
    root = Files.createDirectory(base.resolve("ws"));
    outside = Files.createDirectory(base.resolve("outside"));
    Files.writeString(outside.resolve("secret.csv"), "secret\n1\n");
    for (String f : List.of("customers.csv", "a.csv", "a.tsv", "notes.md", "data.json",
        ".hidden.csv")) {
      Files.writeString(root.resolve(f), "id\n1\n");
    }
    Files.createDirectories(root.resolve(".git"));
    Files.writeString(root.resolve(".git/x.csv"), "id\n1\n");
    Files.createDirectories(root.resolve("folder.csv"));
    Files.createDirectories(root.resolve("sales/q"));
    Files.writeString(root.resolve("sales/orders_2024.csv"), "id\n1\n");
    Files.writeString(root.resolve("sales/q/deep.csv"), "id\n1\n");
    Files.createSymbolicLink(root.resolve("inside_link.csv"), Path.of("customers.csv"));
    Files.createSymbolicLink(root.resolve("linked_folder"), Path.of("sales"));
    Files.createSymbolicLink(root.resolve("outside_link.csv"), outside.resolve("secret.csv"));
    Files.createSymbolicLink(root.resolve("outside_folder"), outside);
    Files.createSymbolicLink(root.resolve("broken.csv"), Path.of("missing.csv"));
  }

  private Workspace ws() {
    return Workspace.open(root);
  }

  @Test
  void listsTablesAndFoldersInsideOnly() {
    FolderListing l = ws().list(List.of());

    assertThat(l.tables()).isEqualTo(Map.of("a_csv", "a.csv", "a_tsv", "a.tsv",
        "customers", "customers.csv", "inside_link", "inside_link.csv"));
    assertThat(l.tables().keySet()).as("in file-name order")
        .containsExactly("a_csv", "a_tsv", "customers", "inside_link");
    assertThat(l.folders().keySet()).containsExactly("folder.csv", "linked_folder", "sales");
    assertThat(l.schemaPath()).isEmpty();
  }

  @Test
  void listsSubFolders() throws IOException {
    FolderListing sales = ws().list(List.of("sales"));
    FolderListing linked = ws().list(List.of("linked_folder"));

    assertThat(sales.tables()).isEqualTo(Map.of("orders_2024", "orders_2024.csv"));
    assertThat(sales.folders()).isEqualTo(Map.of("q", "q"));
    assertThat(sales.folder()).isEqualTo(root.resolve("sales").toRealPath());
    assertThat(linked.tables()).isEqualTo(sales.tables());
    assertThat(ws().list(List.of("sales", "q")).tables()).isEqualTo(Map.of("deep", "deep.csv"));
  }

  @Test
  void missingAndHiddenFoldersAreNotListed() {
    assertThat(ws().list(List.of("missing"))).isNull();
    assertThat(ws().list(List.of(".git"))).isNull();
    assertThat(ws().list(List.of("sales/q"))).isNull();
    assertThat(ws().list(List.of(".."))).isNull();
  }

  @Test
  void aFolderLinkLeadingOutsideIsRefused() {
    assertThatThrownBy(() -> ws().list(List.of("outside_folder")))
        .isInstanceOfSatisfying(CsvwsException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.SANDBOX_VIOLATION))
        .hasMessageContaining("'outside_folder' leads outside the workspace");
  }

  @Test
  void resolvesRelativePaths() throws IOException {
    TableFile t = ws().resolvePath(List.of(), "sales/orders_2024.csv");

    assertThat(t).isNotNull();
    assertThat(t.tableName()).isEqualTo("orders_2024");
    assertThat(t.schemaPath()).containsExactly("sales");
    assertThat(t.relativePath()).isEqualTo("sales/orders_2024.csv");
    assertThat(t.path()).isEqualTo(root.resolve("sales/orders_2024.csv").toRealPath());
    assertThat(t.kind()).isEqualTo(FileKind.CSV);
    assertThat(t.gzip()).isFalse();
    assertThat(t.fingerprint().size()).isEqualTo(5);
  }

  @ParameterizedTest(name = "\"{0}\"")
  @ValueSource(strings = {"sales/orders_2024.csv", "./sales/orders_2024.csv",
      "sales//orders_2024.csv", "sales\\orders_2024.csv", "sales/./orders_2024.csv"})
  void spellingsOfTheSamePath(String path) {
    assertThat(ws().resolvePath(List.of(), path).relativePath())
        .isEqualTo("sales/orders_2024.csv");
  }

  @Test
  void resolvesNestedAndFolderRelativePaths() {
    assertThat(ws().resolvePath(List.of(), "sales/q/deep.csv").schemaPath())
        .containsExactly("sales", "q");
    TableFile fromSales = ws().resolvePath(List.of("sales"), "q/deep.csv");
    assertThat(fromSales.relativePath()).isEqualTo("sales/q/deep.csv");
    assertThat(ws().resolvePath(List.of(), "a.csv").tableName()).isEqualTo("a_csv");
  }

  @ParameterizedTest(name = "\"{0}\"")
  @ValueSource(strings = {"../ws/customers.csv", "sales/../customers.csv", "..\\x.csv",
      "sales/../../outside/secret.csv"})
  void dotDotIsASandboxViolation(String path) {
    assertThatThrownBy(() -> ws().resolvePath(List.of(), path))
        .isInstanceOfSatisfying(CsvwsException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.SANDBOX_VIOLATION))
        .hasMessageContaining("'" + path + "' contains '..'");
  }

  @Test
  void absolutePathsAreSandboxViolationsEvenInsideTheRoot() {
    for (String path : List.of(root.resolve("customers.csv").toString(), "/etc/passwd.csv",
        "C:\\data\\x.csv", "c:/x.csv", "~/x.csv", "\\\\server\\share\\x.csv")) {
      assertThatThrownBy(() -> ws().resolvePath(List.of(), path)).as(path)
          .isInstanceOfSatisfying(CsvwsException.class,
              e -> assertThat(e.code()).isEqualTo(ErrorCode.SANDBOX_VIOLATION))
          .hasMessageContaining("is absolute");
    }
  }

  @ParameterizedTest(name = "\"{0}\"")
  @ValueSource(strings = {".hidden.csv", ".git/x.csv", "sales/.x.csv", "notes.md", "data.json",
      "missing.csv", "sales", "sales/", "", "folder.csv", "broken.csv", "missing/x.csv"})
  void whatIsNotATableResolvesToNull(String path) {
    assertThat(ws().resolvePath(List.of(), path)).isNull();
  }

  @Test
  void symlinksInsideAreFollowed() throws IOException {
    TableFile viaLink = ws().resolvePath(List.of(), "inside_link.csv");
    TableFile viaFolderLink = ws().resolvePath(List.of(), "linked_folder/orders_2024.csv");

    assertThat(viaLink.path()).isEqualTo(root.resolve("customers.csv").toRealPath());
    assertThat(viaLink.tableName()).isEqualTo("inside_link");
    assertThat(viaFolderLink.path())
        .isEqualTo(root.resolve("sales/orders_2024.csv").toRealPath());
  }

  @ParameterizedTest(name = "\"{0}\"")
  @ValueSource(strings = {"outside_link.csv", "outside_folder/secret.csv"})
  void symlinksLeadingOutsideAreSandboxViolations(String path) {
    assertThatThrownBy(() -> ws().resolvePath(List.of(), path))
        .isInstanceOfSatisfying(CsvwsException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.SANDBOX_VIOLATION))
        .hasMessageContaining("leads outside the workspace")
        .hasMessageNotContaining(outside.toString());
  }

  @Test
  void tableLooksUpAFileNowAndNullOnceItIsGone() throws IOException {
    TableFile t = ws().table(List.of(), "customers.csv", "customers");
    assertThat(t.fingerprint().size()).isEqualTo(5);

    Files.delete(root.resolve("customers.csv"));

    assertThat(ws().table(List.of(), "customers.csv", "customers")).isNull();
    assertThat(ws().list(List.of()).tables()).doesNotContainKey("customers");
  }

  @Test
  void gzipFilesAreTables() throws IOException {
    Files.write(root.resolve("big.csv.gz"), new byte[] {0x1f, (byte) 0x8b});

    TableFile t = ws().resolvePath(List.of(), "big.csv.gz");

    assertThat(t.tableName()).isEqualTo("big");
    assertThat(t.gzip()).isTrue();
  }

  @Test
  void theRootIsItsRealPath() throws IOException {
    Path link = Files.createSymbolicLink(base.resolve("ws_link"), root);

    assertThat(Workspace.open(link).root()).isEqualTo(root.toRealPath());
    assertThat(Workspace.open(root.resolve("sales/..")).root()).isEqualTo(root.toRealPath());
  }

  @Test
  void openingAMissingFolderFails() {
    Path missing = base.resolve("nope");

    assertThatThrownBy(() -> Workspace.open(missing))
        .isInstanceOfSatisfying(CsvwsException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.FILE_READ_FAILED))
        .hasMessage("Workspace folder " + missing + " does not exist; give an existing folder.");
  }

  @Test
  void openingAFileFails() {
    Path file = root.resolve("customers.csv");

    assertThatThrownBy(() -> Workspace.open(file))
        .isInstanceOfSatisfying(CsvwsException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.FILE_READ_FAILED))
        .hasMessageContaining(file + " is not a folder");
  }

  @Test
  void openingAnUnreadableFolderFails() throws IOException {
    Path locked = Files.createDirectory(base.resolve("locked"));
    Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("---------"));
    try {
      assumeThat(Files.isReadable(locked)).as("permissions bind (not running as root)").isFalse();

      assertThatThrownBy(() -> Workspace.open(locked))
          .isInstanceOfSatisfying(CsvwsException.class,
              e -> assertThat(e.code()).isEqualTo(ErrorCode.FILE_READ_FAILED))
          .hasMessageContaining("cannot be listed").hasMessageContaining("permission");
    } finally {
      Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwx------"));
    }
  }

  /**
   * Connecting opens the folder to see that it may be listed: a handle left open there would
   * leak one file descriptor per connection, until the process can open no more files.
   */
  @Test
  void openingAWorkspaceLeavesNoFolderOpen() throws IOException {
    long before = OpenDescriptors.count();
    for (int i = 0; i < 50; i++) {
      Workspace.open(root);
    }

    assertThat(OpenDescriptors.count()).isLessThan(before + 25);
  }

  @Test
  void aDriveLetterAloneIsAbsolute() {
    for (String path : List.of("c:", "Z:", "c:x.csv")) {
      assertThatThrownBy(() -> ws().resolvePath(List.of(), path)).as(path)
          .isInstanceOfSatisfying(CsvwsException.class,
              e -> assertThat(e.code()).isEqualTo(ErrorCode.SANDBOX_VIOLATION))
          .hasMessageContaining("is absolute");
    }
    assertThat(ws().resolvePath(List.of(), "1:")).as("a digit is no drive letter").isNull();
    assertThat(ws().resolvePath(List.of(), "c")).isNull();
  }

  /** A file name given to {@code table} that is an absolute path is checked against the root. */
  @Test
  void anAbsoluteFileNameIsCheckedAgainstTheRoot() {
    String secret = outside.resolve("secret.csv").toString();

    assertThatThrownBy(() -> ws().table(List.of(), secret, "secret"))
        .isInstanceOfSatisfying(CsvwsException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.SANDBOX_VIOLATION))
        .hasMessageContaining("leads outside the workspace");
    assertThat(ws().table(List.of(), root.resolve("customers.csv").toString(), "c").path())
        .as("an absolute name inside the root is still inside").startsWith(ws().root());
  }

  @Test
  void aPathThroughAFolderLinkLeadingOutsideIsNamedWhole() {
    assertThatThrownBy(() -> ws().resolvePath(List.of(), "outside_folder/secret.csv"))
        .isInstanceOf(CsvwsException.class)
        .hasMessageStartingWith("'outside_folder/secret.csv' leads outside the workspace");
  }

  @Test
  void aRootThatIsGoneIsAReadFailureNotASandboxViolation() throws IOException {
    Workspace ws = ws();
    try (var files = Files.walk(root)) {
      for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }

    for (Runnable call : List.<Runnable>of(() -> ws.resolvePath(List.of(), "sales/x.csv"),
        () -> ws.list(List.of()), () -> ws.table(List.of(), "a.csv", "a_csv"))) {
      assertThatThrownBy(call::run)
          .isInstanceOfSatisfying(CsvwsException.class,
              e -> assertThat(e.code()).isEqualTo(ErrorCode.FILE_READ_FAILED))
          .hasMessage("Workspace folder " + ws.root() + " no longer exists or is no longer a "
              + "folder; reconnect to an existing folder.");
    }
  }

  @Test
  void aTableFileAtAnotherVersionKeepsEverythingElse() throws IOException {
    TableFile t = ws().table(List.of(), "customers.csv", "customers");
    FileFingerprint later = new FileFingerprint(t.path(), 99, 7, "key");

    TableFile at = t.at(later);

    assertThat(at.fingerprint()).isEqualTo(later);
    assertThat(at).isEqualTo(new TableFile(t.path(), t.relativePath(), t.schemaPath(),
        t.tableName(), t.kind(), t.gzip(), later));
  }

  /**
   * A file replaced by another of the same size and modification time (a copy with its time
   * kept) is another version: the file key (inode) tells them apart.
   */
  @Test
  void aFileReplacedWithTheSameSizeAndTimeHasAnotherFingerprint() throws IOException {
    Path p = root.resolve("customers.csv");
    Object key = Files.readAttributes(p, BasicFileAttributes.class).fileKey();
    assumeThat(key).as("the file system has file keys").isNotNull();
    FileFingerprint before = FileFingerprint.of(p);
    Path replacement = Files.writeString(root.resolve("replacement.tmp"), "id\n2\n");
    Files.setLastModifiedTime(replacement, Files.getLastModifiedTime(p));
    Files.move(replacement, p, StandardCopyOption.REPLACE_EXISTING);

    FileFingerprint after = FileFingerprint.of(p);

    assertThat(before.fileKey()).isEqualTo(key.toString());
    assertThat(after.size()).isEqualTo(before.size());
    assertThat(after.modifiedNanos()).isEqualTo(before.modifiedNanos());
    assertThat(after).isNotEqualTo(before);
    assertThat(ws().table(List.of(), "customers.csv", "customers").fingerprint())
        .isEqualTo(after);
  }

  @Test
  void reasonsNameWhatWentWrong() {
    assertThat(Workspace.reason(new java.nio.file.AccessDeniedException("/x")))
        .isEqualTo("permission denied");
    assertThat(Workspace.reason(new IOException("disk on fire"))).isEqualTo("disk on fire");
    assertThat(Workspace.reason(new java.nio.file.NotDirectoryException(null)))
        .isEqualTo("NotDirectoryException");
  }

  @Test
  void foldersAreShownRelativeToTheRoot() {
    assertThat(Workspace.display(List.of())).isEqualTo(".");
    assertThat(Workspace.display(List.of("sales", "q"))).isEqualTo("sales/q");
    assertThat(Workspace.display(List.of(), "a.csv")).isEqualTo("a.csv");
    assertThat(Workspace.display(List.of("sales", "q"), "deep.csv")).isEqualTo("sales/q/deep.csv");
  }
}

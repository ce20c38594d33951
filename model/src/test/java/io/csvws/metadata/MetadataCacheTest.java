package io.csvws.metadata;

import static io.csvws.metadata.InspectorFixtures.columns;
import static org.assertj.core.api.Assertions.assertThat;

import io.csvws.config.ConnectionConfig;
import io.csvws.workspace.TableFile;
import io.csvws.workspace.Workspace;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Metadata is kept per file version and reading settings, and dropped when the file changes. */
class MetadataCacheTest {
  @TempDir
  Path dir;

  private TableFile table(String name) {
    return Workspace.open(dir).table(List.of(), name, "t");
  }

  @Test
  void anUnchangedFileIsInspectedOnce() throws IOException {
    Files.writeString(dir.resolve("a.csv"), "n\n1\n");
    MetadataCache cache = new MetadataCache(10);

    TableMetadata first = cache.get(table("a.csv"), ConnectionConfig.DEFAULTS);
    TableMetadata second = cache.get(table("a.csv"), ConnectionConfig.DEFAULTS);

    assertThat(second).isSameAs(first);
  }

  @Test
  void aChangedFileIsInspectedAgain() throws IOException {
    Path p = dir.resolve("a.csv");
    Files.writeString(p, "n\n1\n");
    MetadataCache cache = new MetadataCache(10);
    TableMetadata before = cache.get(table("a.csv"), ConnectionConfig.DEFAULTS);

    Files.writeString(p, "n\nx\n");
    Files.setLastModifiedTime(p, FileTime.fromMillis(
        Files.getLastModifiedTime(p).toMillis() + 5_000));
    TableMetadata after = cache.get(table("a.csv"), ConnectionConfig.DEFAULTS);

    assertThat(columns(before)).containsExactly("n:INTEGER");
    assertThat(columns(after)).containsExactly("n:VARCHAR");
  }

  @Test
  void differentReadingSettingsAreKeptApart() throws IOException {
    Files.writeString(dir.resolve("a.csv"), "n\n1\n");
    MetadataCache cache = new MetadataCache(10);

    TableMetadata typed = cache.get(table("a.csv"), ConnectionConfig.DEFAULTS);
    TableMetadata text = cache.get(table("a.csv"),
        ConnectionConfig.parse(Map.of("inferTypes", "false")));
    TableMetadata truncating = cache.get(table("a.csv"),
        ConnectionConfig.parse(Map.of("maxCellChars", "5")));

    assertThat(columns(typed)).containsExactly("n:INTEGER");
    assertThat(columns(text)).containsExactly("n:VARCHAR");
    assertThat(truncating).as("maxCellChars does not change how a file is read").isSameAs(typed);
  }

  @Test
  void aFailureIsNotCached() throws IOException {
    Path p = dir.resolve("a.csv.gz");
    Files.write(p, "not gzip".getBytes(StandardCharsets.US_ASCII));
    MetadataCache cache = new MetadataCache(10);

    TableMetadata failed = cache.get(table("a.csv.gz"), ConnectionConfig.DEFAULTS);
    TableMetadata again = cache.get(table("a.csv.gz"), ConnectionConfig.DEFAULTS);

    assertThat(failed.failure()).isNotNull();
    assertThat(again).isNotSameAs(failed);
  }
}

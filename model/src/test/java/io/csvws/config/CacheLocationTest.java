package io.csvws.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The metadataCache property: its three forms, and where the user's cache folder is. */
class CacheLocationTest {
  @Test
  void parsesUserMemoryAndAbsoluteFolders() {
    assertThat(CacheLocation.parse(" USER ")).isEqualTo(CacheLocation.USER);
    assertThat(CacheLocation.parse("Memory")).isEqualTo(CacheLocation.MEMORY);
    Path folder = Path.of("/var/cache/csvws/../csvws");
    assertThat(CacheLocation.parse(folder.toString()))
        .isEqualTo(new CacheLocation(CacheLocation.Kind.FOLDER, Path.of("/var/cache/csvws")));
    assertThat(CacheLocation.MEMORY.resolve()).isNull();
    assertThat(CacheLocation.parse("/tmp/c").resolve()).isEqualTo(Path.of("/tmp/c"));
    assertThatThrownBy(() -> CacheLocation.parse("cache"))
        .hasMessageContaining("absolute path");
  }

  @Test
  void locationsShowAsUsersWriteThem() {
    assertThat(CacheLocation.USER).hasToString("user");
    assertThat(CacheLocation.MEMORY).hasToString("memory");
    assertThat(CacheLocation.parse("/tmp/c")).hasToString("/tmp/c");
    assertThatThrownBy(() -> new CacheLocation(CacheLocation.Kind.FOLDER, null))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new CacheLocation(CacheLocation.Kind.MEMORY, Path.of("/tmp")))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void theUserFolderFollowsXdgThenThePlatform() {
    assertThat(CacheLocation.userFolder(Map.of("XDG_CACHE_HOME", "/x/cache"), "Linux", "/home/u"))
        .isEqualTo(Path.of("/x/cache/csvws"));
    assertThat(CacheLocation.userFolder(Map.of("XDG_CACHE_HOME", "relative"), "Linux", "/home/u"))
        .as("a relative XDG_CACHE_HOME is ignored, as the convention says")
        .isEqualTo(Path.of("/home/u/.cache/csvws"));
    assertThat(CacheLocation.userFolder(Map.of(), "Linux", "/home/u"))
        .isEqualTo(Path.of("/home/u/.cache/csvws"));
    assertThat(CacheLocation.userFolder(Map.of(), "Mac OS X", "/Users/u"))
        .isEqualTo(Path.of("/Users/u/Library/Caches/csvws"));
    assertThat(CacheLocation.userFolder(Map.of("LOCALAPPDATA", "/c/AppData/Local"), "Windows 11",
        "/c/Users/u")).isEqualTo(Path.of("/c/AppData/Local", "csvws", "cache"));
    assertThat(CacheLocation.userFolder(Map.of(), "Linux", null)).isNull();
  }

  @Test
  void theDefaultIsTheUsersFolderAndTestsPointItAway() {
    Path resolved = ConnectionConfig.defaults().metadataCache().resolve();
    assertThat(ConnectionConfig.defaults().metadataCache()).isEqualTo(CacheLocation.USER);
    String xdg = System.getenv("XDG_CACHE_HOME");
    // The build sets XDG_CACHE_HOME to target/test-cache: tests never fill the user's folder.
    assumeTrue(xdg != null, "run by Maven, whose surefire configuration sets XDG_CACHE_HOME");
    assertThat(resolved).isEqualTo(Path.of(xdg, "csvws"));
    assertThat(xdg).endsWith("test-cache");
  }
}

package io.csvws.metadata;

import io.csvws.config.ConnectionConfig;
import io.csvws.workspace.TableFile;
import io.csvws.workspace.Workspace;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Puts fixture files into a workspace folder and inspects them as a connection would. */
final class InspectorFixtures {
  private InspectorFixtures() {
  }

  static byte[] resource(String name) {
    try (InputStream in = InspectorFixtures.class.getClassLoader().getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalArgumentException("no test resource " + name);
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static TableFile put(Path dir, String name, byte[] bytes) {
    try {
      Files.write(dir.resolve(name), bytes);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    TableFile file = Workspace.open(dir).table(List.of(), name, "t");
    if (file == null) {
      throw new IllegalStateException(name + " is not a table file");
    }
    return file;
  }

  static TableMetadata inspect(Path dir, String fixture, Map<String, String> properties) {
    TableFile file = put(dir, fixture, resource("inspector/" + fixture));
    return TableInspector.inspect(file, ConnectionConfig.parse(properties));
  }

  /** Columns as {@code name:TYPE}, the form expectations are written in. */
  static List<String> columns(TableMetadata m) {
    return m.columns().stream().map(c -> c.name() + ":" + c.type()).toList();
  }
}

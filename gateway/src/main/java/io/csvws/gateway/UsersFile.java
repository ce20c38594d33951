package io.csvws.gateway;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The users of a gateway: each with a salted password hash and the workspace folder they may
 * read. One user a line, {@code name hash folder}, separated by spaces; the folder is the rest of
 * the line and may be relative to the users file. Lines starting with {@code #} are comments.
 */
final class UsersFile {
  /** One user. */
  record User(String name, PasswordHash hash, Path workspace) {
  }

  private final Map<String, User> users;

  private UsersFile(Map<String, User> users) {
    this.users = users;
  }

  /** Reads and validates {@code file}; the message of a failure names the line. */
  static UsersFile read(Path file) throws IOException, ServeOptions.BadOption {
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    Map<String, User> users = new LinkedHashMap<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      String where = file + " line " + (i + 1) + ": ";
      String[] parts = line.split("\\s+", 3);
      if (parts.length < 3) {
        throw new ServeOptions.BadOption(where + "expected 'name hash workspace-folder'");
      }
      PasswordHash hash;
      try {
        hash = PasswordHash.parse(parts[1]);
      } catch (IllegalArgumentException e) {
        throw new ServeOptions.BadOption(where + "the password of '" + parts[0] + "' is "
            + e.getMessage());
      }
      Path folder = file.toAbsolutePath().getParent().resolve(parts[2]).normalize();
      if (!Files.isDirectory(folder)) {
        throw new ServeOptions.BadOption(where + "the workspace of '" + parts[0] + "', "
            + folder + ", is not a folder");
      }
      if (users.put(parts[0], new User(parts[0], hash, folder)) != null) {
        throw new ServeOptions.BadOption(where + "user '" + parts[0] + "' is listed twice");
      }
    }
    if (users.isEmpty()) {
      throw new ServeOptions.BadOption(file + " lists no users");
    }
    return new UsersFile(Map.copyOf(users));
  }

  /** The user with this name, or empty. */
  Optional<User> find(String name) {
    return Optional.ofNullable(users.get(name));
  }
}

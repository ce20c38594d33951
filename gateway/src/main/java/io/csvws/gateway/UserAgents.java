package io.csvws.gateway;

import io.csvws.agent.AgentLimits;
import io.csvws.agent.AgentTools;
import io.csvws.agent.Incidents;
import io.csvws.driver.CsvwsDriver;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The agent tools of each user, over their own workspace and a pool of connections of their own,
 * made on the user's first tool call. Saved results live as long as the gateway.
 */
final class UserAgents implements AutoCloseable {
  private final Path exportRoot;
  private final Function<Path, Incidents> incidents;
  private final Map<String, AgentTools> tools = new ConcurrentHashMap<>();
  private final CsvwsDriver driver;

  /**
   * @param exportRoot the export folder (each user writes in a sub-folder), or null
   * @param incidents  the server log's incidents, hiding a given workspace's absolute name
   * @param driver the gateway's driver, whose engine runs every user's queries
   */
  UserAgents(Path exportRoot, Function<Path, Incidents> incidents, CsvwsDriver driver) {
    this.exportRoot = exportRoot;
    this.driver = driver;
    this.incidents = incidents;
  }

  AgentTools forUser(String user, Path workspace) throws IOException {
    AgentTools t = tools.get(user);
    if (t != null) {
      return t;
    }
    synchronized (this) {
      t = tools.get(user);
      if (t == null) {
        Path export = null;
        if (exportRoot != null) {
          // The operator's folder is resolved; the user's folder in it is not: if it is a link,
          // export refuses to write through it.
          export = exportRoot.toRealPath().resolve(user);
          if (!Files.exists(export, LinkOption.NOFOLLOW_LINKS)) {
            Files.createDirectory(export);
          }
        }
        t = AgentTools.open(workspace, export, AgentLimits.defaults(),
            incidents.apply(workspace), driver);
        tools.put(user, t);
      }
      return t;
    }
  }

  @Override
  public void close() {
    tools.values().forEach(AgentTools::close);
  }
}

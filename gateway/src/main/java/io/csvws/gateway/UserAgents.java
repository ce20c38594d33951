package io.csvws.gateway;

import io.csvws.agent.AgentLimits;
import io.csvws.agent.AgentTools;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The agent tools of each user, over their own workspace and a pool of connections of their own,
 * made on the user's first tool call. Saved results live as long as the gateway.
 */
final class UserAgents implements AutoCloseable {
  private final Path exportRoot;
  private final Map<String, AgentTools> tools = new ConcurrentHashMap<>();

  /** @param exportRoot the export folder (each user writes in a sub-folder), or null */
  UserAgents(Path exportRoot) {
    this.exportRoot = exportRoot;
  }

  AgentTools forUser(String user, Path workspace) throws IOException {
    AgentTools t = tools.get(user);
    if (t != null) {
      return t;
    }
    synchronized (this) {
      t = tools.get(user);
      if (t == null) {
        Path export = exportRoot == null ? null
            : Files.createDirectories(exportRoot.resolve(user));
        t = AgentTools.open(workspace, export, AgentLimits.defaults());
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

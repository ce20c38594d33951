package io.csvws.config;

/** Who may set a connection property. */
public enum PropertyScope {
  /**
   * Changes only how results are presented to this client (for example cell truncation).
   * A remote client may set it.
   */
  CLIENT,
  /**
   * Changes how files are read or what can be reached. Embedded connections may set it; the
   * gateway accepts it only from its own configuration, never from a remote client.
   */
  SERVER
}

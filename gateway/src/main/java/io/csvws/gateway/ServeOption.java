package io.csvws.gateway;

import java.util.Arrays;
import java.util.Optional;

/**
 * Every option of {@code serve}: its flag, default and documentation. {@code serve --help} and
 * {@link ServeOptions#parse} are derived from this enum, so they cannot disagree.
 */
enum ServeOption {
  WORKSPACE("--workspace", "DIR", null,
      "Folder of CSV files served to every client, without authentication (loopback only). "
          + "With --users, each user's own folder is served instead."),
  USERS("--users", "FILE", null,
      "Users file: one line per user, 'name hash workspace-folder', hashes made by "
          + "'hash-password'. Turns on HTTP BASIC authentication."),
  HOST("--host", "ADDRESS", "127.0.0.1",
      "Address to listen on. Anything but a loopback address needs --users."),
  PORT("--port", "N", "8765", "Port to listen on; 0 picks a free one (printed at start)."),
  SERIALIZATION("--serialization", "protobuf|json", "protobuf",
      "Avatica wire format clients must use (serialization= in their URL)."),
  KEYSTORE("--keystore", "FILE", null,
      "Serve HTTPS with the key and certificate in this keystore (PKCS12 or JKS)."),
  KEYSTORE_PASSWORD_ENV("--keystore-password-env", "VAR", "CSVWS_KEYSTORE_PASSWORD",
      "Environment variable holding the keystore password (never given on the command line)."),
  MAX_CONNECTIONS("--max-connections-per-user", "N", "16",
      "Open connections a user may hold at once; one more is refused with SQLState 53300."),
  IDLE_TIMEOUT("--idle-timeout-seconds", "N", "600",
      "A connection unused this long is closed; its client must reconnect."),
  QUERY_TIMEOUT("--query-timeout-seconds", "N", "300",
      "Default timeout of every statement (SQLState HYT00 when it passes); 0 for none."),
  MAX_FRAME_ROWS("--max-frame-rows", "N", "10000",
      "Most rows sent in one response; a client asking for more gets them in several frames."),
  MAX_REQUEST_BYTES("--max-request-bytes", "N", "8388608",
      "Largest request body accepted; a larger one is refused with HTTP 413."),
  MAX_HEADER_BYTES("--max-header-bytes", "N", "16384",
      "Largest request header block accepted; a larger one is refused with HTTP 431."),
  HEAP_GUARD("--heap-guard", "FRACTION", "0.85",
      "When the heap stays fuller than this fraction of its maximum, the query that allocated most "
          + "is cancelled with a clear error, so the gateway keeps serving the others."),
  EXPORT_DIR("--export-dir", "DIR", null,
      "Folder the agent tools' export writes into, one sub-folder per user; without it export "
          + "is off. The only place csvws ever writes."),
  ALLOW_UPLOAD("--allow-upload", null, null,
      "Lets each user upload CSV, TSV and .gz files from the web console into the uploads/ "
          + "folder of their workspace (off without this flag; queries stay read-only)."),
  MAX_UPLOAD_BYTES("--max-upload-bytes", "N", "419430400",
      "Largest file one upload may write; a larger upload is refused and leaves nothing."),
  MAX_SPOOL_BYTES("--max-spool-bytes-per-user", "N", "1073741824",
      "Bytes of result rows the web console keeps on disk for one user's pages, over all their "
          + "open results; a result passing it is cut there, saying so."),
  ACCESS_LOG("--access-log", "FILE|-", "-",
      "Where the access log (one JSON object a line) goes; - for standard error.");

  private final String flag;
  private final String valueName;
  private final String defaultValue;
  private final String description;

  ServeOption(String flag, String valueName, String defaultValue, String description) {
    this.flag = flag;
    this.valueName = valueName;
    this.defaultValue = defaultValue;
    this.description = description;
  }

  String flag() {
    return flag;
  }

  /** Whether the option is a bare flag, given without a value. */
  boolean isFlag() {
    return valueName == null;
  }

  /** The default as text, or null when the option has none. */
  String defaultValue() {
    return defaultValue;
  }

  static Optional<ServeOption> forFlag(String flag) {
    return Arrays.stream(values()).filter(o -> o.flag.equals(flag)).findFirst();
  }

  /** The {@code serve --help} text. */
  static String help() {
    StringBuilder b = new StringBuilder("Usage: java -jar csvws-gateway.jar serve [options]\n\n"
        + "Hosts csvws over Apache Calcite Avatica. Clients connect with\n"
        + "  jdbc:avatica:remote:url=http://HOST:PORT;serialization=protobuf\n\nOptions:\n");
    for (ServeOption o : values()) {
      b.append(String.format("  %-28s %s%n", o.isFlag() ? o.flag : o.flag + " " + o.valueName,
          o.description));
      if (o.defaultValue != null) {
        b.append(String.format("  %-28s (default: %s)%n", "", o.defaultValue));
      }
    }
    return b.toString();
  }
}

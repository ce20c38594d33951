package io.csvws.gateway;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import org.apache.calcite.avatica.remote.Driver.Serialization;

/**
 * The validated options of one {@code serve} run.
 *
 * @param workspace the folder served without authentication, or null
 * @param users the users file, or null
 * @param host the address to listen on
 * @param port the port, 0 for any free one
 * @param serialization the Avatica wire format
 * @param keystore the TLS keystore, or null for plain HTTP
 * @param keystorePassword the keystore's password, or null
 * @param limits what one user or request may take
 * @param exportDir the agent tools' export folder, or null when export is off
 * @param accessLog the access log file, or null for standard error
 * @param web the web console's uploads, spool budget and connection limit
 */
record ServeOptions(Path workspace, Path users, String host, int port,
    Serialization serialization, Path keystore, String keystorePassword, Limits limits,
    Path exportDir, Path accessLog, io.csvws.web.WebLimits web) {

  /** Thrown for an option that cannot be used; the message says which and why. */
  static final class BadOption extends Exception {
    private static final long serialVersionUID = 1L;

    BadOption(String message) {
      super(message);
    }
  }

  /** Parses {@code serve}'s arguments; {@code env} gives environment variables. */
  static ServeOptions parse(String[] args, Map<String, String> env) throws BadOption {
    Map<ServeOption, String> given = new EnumMap<>(ServeOption.class);
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      String value = null;
      int eq = a.indexOf('=');
      if (a.startsWith("--") && eq > 0) {
        value = a.substring(eq + 1);
        a = a.substring(0, eq);
      }
      String flag = a;
      ServeOption o = ServeOption.forFlag(flag).orElseThrow(
          () -> new BadOption("unknown option '" + flag + "'; see serve --help"));
      if (o.isFlag()) {
        if (value != null) {
          throw new BadOption(flag + " takes no value; see serve --help");
        }
        value = "true";
      } else if (value == null) {
        if (i + 1 >= args.length) {
          throw new BadOption(flag + " needs a value; see serve --help");
        }
        value = args[++i];
      }
      if (given.put(o, value) != null) {
        throw new BadOption(flag + " is given twice");
      }
    }
    Path workspace = folder(given.get(ServeOption.WORKSPACE), ServeOption.WORKSPACE);
    Path users = file(given.get(ServeOption.USERS), ServeOption.USERS);
    if (workspace == null && users == null) {
      throw new BadOption("give --workspace DIR (one folder, no authentication) or --users FILE");
    }
    String host = text(given, ServeOption.HOST);
    if (users == null && !isLoopback(host)) {
      throw new BadOption("refusing to listen on " + host + " without authentication: anyone "
          + "who can reach it could read the workspace. Give --users FILE, or listen on "
          + "127.0.0.1.");
    }
    Path keystore = file(given.get(ServeOption.KEYSTORE), ServeOption.KEYSTORE);
    String password = null;
    if (keystore != null) {
      String var = text(given, ServeOption.KEYSTORE_PASSWORD_ENV);
      password = env.get(var);
      if (password == null) {
        throw new BadOption("--keystore needs its password in the environment variable " + var);
      }
    }
    Serialization serialization;
    try {
      serialization = Serialization.valueOf(
          text(given, ServeOption.SERIALIZATION).toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new BadOption("--serialization must be protobuf or json");
    }
    double heapGuard = fraction(given, ServeOption.HEAP_GUARD);
    Limits limits = new Limits(integer(given, ServeOption.MAX_CONNECTIONS, 1, 10_000),
        integer(given, ServeOption.IDLE_TIMEOUT, 1, 86_400),
        integer(given, ServeOption.QUERY_TIMEOUT, 0, 86_400),
        integer(given, ServeOption.MAX_FRAME_ROWS, 1, 1_000_000),
        integer(given, ServeOption.MAX_REQUEST_BYTES, 1024, 1 << 30),
        integer(given, ServeOption.MAX_HEADER_BYTES, 1024, 1 << 20), heapGuard);
    String log = text(given, ServeOption.ACCESS_LOG);
    return new ServeOptions(workspace, users, host,
        integer(given, ServeOption.PORT, 0, 65_535), serialization, keystore, password, limits,
        folder(given.get(ServeOption.EXPORT_DIR), ServeOption.EXPORT_DIR),
        log.equals("-") ? null : Path.of(log),
        new io.csvws.web.WebLimits(given.containsKey(ServeOption.ALLOW_UPLOAD),
            longInteger(given, ServeOption.MAX_UPLOAD_BYTES, 1, Long.MAX_VALUE / 2),
            longInteger(given, ServeOption.MAX_SPOOL_BYTES, 1 << 16, Long.MAX_VALUE / 2),
            limits.maxConnectionsPerUser()));
  }

  private static long longInteger(Map<ServeOption, String> given, ServeOption o, long min,
      long max) throws BadOption {
    String t = text(given, o);
    try {
      long v = Long.parseLong(t.trim());
      if (v >= min && v <= max) {
        return v;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new BadOption(o.flag() + " must be an integer from " + min + " to " + max + ", not '"
        + t + "'");
  }

  private static String text(Map<ServeOption, String> given, ServeOption o) {
    return given.getOrDefault(o, o.defaultValue());
  }

  private static int integer(Map<ServeOption, String> given, ServeOption o, int min, int max)
      throws BadOption {
    String t = text(given, o);
    try {
      int v = Integer.parseInt(t.trim());
      if (v >= min && v <= max) {
        return v;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new BadOption(o.flag() + " must be an integer from " + min + " to " + max + ", not '"
        + t + "'");
  }

  private static double fraction(Map<ServeOption, String> given, ServeOption o)
      throws BadOption {
    String t = text(given, o);
    try {
      double v = Double.parseDouble(t.trim());
      if (v > 0.1 && v < 1) {
        return v;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new BadOption(o.flag() + " must be a fraction between 0.1 and 1, not '" + t + "'");
  }

  private static Path folder(String text, ServeOption o) throws BadOption {
    if (text == null) {
      return null;
    }
    Path p = Path.of(text).toAbsolutePath().normalize();
    if (!Files.isDirectory(p)) {
      throw new BadOption(o.flag() + " " + text + " is not a folder");
    }
    return p;
  }

  private static Path file(String text, ServeOption o) throws BadOption {
    if (text == null) {
      return null;
    }
    Path p = Path.of(text).toAbsolutePath().normalize();
    if (!Files.isRegularFile(p) || !Files.isReadable(p)) {
      throw new BadOption(o.flag() + " " + text + " is not a readable file");
    }
    return p;
  }

  static boolean isLoopback(String host) {
    try {
      return InetAddress.getByName(host).isLoopbackAddress();
    } catch (UnknownHostException e) {
      return false;
    }
  }
}

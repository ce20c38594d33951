package io.csvws.driver;

import io.csvws.config.ConnectionConfig;
import io.csvws.config.CsvwsProperty;
import io.csvws.engine.Engine;
import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.logging.Logger;

/**
 * The JDBC driver for {@code jdbc:csvws:<folder>[?key=value&...]}: every CSV/TSV file in the
 * folder and its sub-folders is a table, and only queries run. {@code jdbc:csvws:remote:http://
 * host:port} reaches a csvws gateway instead and behaves as an embedded connection does (see
 * {@link RemoteUrl}).
 *
 * <p>Found by {@code DriverManager} through {@code META-INF/services/java.sql.Driver}. Properties
 * may be given in the URL or in {@code Properties} (not both with different values); the valid
 * ones are listed by {@link #getPropertyInfo}. {@code user} and {@code password}, which JDBC tools
 * send by habit, are accepted and ignored. Thread-safe; connections share one metadata cache.
 */
public final class CsvwsDriver implements Driver {
  /** The prefix of every csvws URL. */
  public static final String URL_PREFIX = CsvwsUrl.PREFIX;

  /** Keys JDBC tools send for every driver; an embedded workspace has no users. */
  private static final Set<String> IGNORED_KEYS = Set.of("user", "password");

  static {
    try {
      DriverManager.registerDriver(new CsvwsDriver());
    } catch (SQLException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final Engine engine;

  /**
   * A driver on an engine of its own, the one {@code DriverManager} holds is made so; its
   * executions do not count the bytes they allocate, which only the gateway's heap guard reads.
   */
  public CsvwsDriver() {
    this(Engine.create(false));
  }

  /**
   * A driver whose embedded connections run on {@code engine}, for a program that owns its
   * engine (the gateway) and opens connections with {@link #connect} rather than through
   * {@code DriverManager}.
   */
  public CsvwsDriver(Engine engine) {
    this.engine = engine;
  }

  /** The engine this driver's embedded connections run on. */
  public Engine engine() {
    return engine;
  }

  @Override
  public boolean acceptsURL(String url) {
    return CsvwsUrl.accepts(url);
  }

  @Override
  public Connection connect(String url, Properties info) throws SQLException {
    if (!acceptsURL(url)) {
      return null;
    }
    if (RemoteUrl.accepts(url)) {
      try {
        return RemoteUrl.parse(url).connect(info);
      } catch (CsvwsException e) {
        throw SqlErrors.of(e, e);
      }
    }
    try {
      CsvwsUrl parsed = CsvwsUrl.parse(url);
      ConnectionConfig config = ConnectionConfig.parse(merge(parsed.properties(), info));
      return new CsvwsConnection(engine.open(url, parsed.folder(), config), url);
    } catch (CsvwsException e) {
      throw SqlErrors.of(e, e);
    } catch (RuntimeException | AssertionError | StackOverflowError e) {
      throw SqlErrors.translate(e);
    }
  }

  /** URL and Properties values, refusing a key given in both with different values. */
  static Map<String, String> merge(Map<String, String> fromUrl, Properties info) {
    Map<String, String> merged = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : fromUrl.entrySet()) {
      if (!IGNORED_KEYS.contains(e.getKey().toLowerCase(Locale.ROOT))) {
        merged.put(e.getKey(), e.getValue());
      }
    }
    if (info != null) {
      for (String k : info.stringPropertyNames()) {
        if (IGNORED_KEYS.contains(k.toLowerCase(Locale.ROOT))) {
          continue;
        }
        String v = info.getProperty(k);
        String prior = findIgnoringCase(merged, k);
        if (prior != null && !prior.equals(v)) {
          throw new CsvwsException(ErrorCode.VALIDATION_FAILED, "Property '" + k + "' is given as '"
              + prior + "' in the URL and as '" + v + "' in the connection properties; give it once.");
        }
        if (prior == null) {
          merged.put(k, v);
        }
      }
    }
    return merged;
  }

  private static String findIgnoringCase(Map<String, String> m, String key) {
    for (Map.Entry<String, String> e : m.entrySet()) {
      if (e.getKey().equalsIgnoreCase(key)) {
        return e.getValue();
      }
    }
    return null;
  }

  /** Every csvws property, with its current value (given, or the default) and documentation. */
  @Override
  public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) throws SQLException {
    Map<String, String> given = new LinkedHashMap<>();
    if (acceptsURL(url)) {
      try {
        given.putAll(CsvwsUrl.parse(url).properties());
      } catch (CsvwsException e) {
        // Describe the properties anyway: a tool asks while the user is still typing the URL.
      }
    }
    if (info != null) {
      info.stringPropertyNames().forEach(k -> given.putIfAbsent(k, info.getProperty(k)));
    }
    CsvwsProperty[] all = CsvwsProperty.values();
    DriverPropertyInfo[] out = new DriverPropertyInfo[all.length];
    for (int i = 0; i < all.length; i++) {
      CsvwsProperty p = all[i];
      String value = findIgnoringCase(given, p.key());
      DriverPropertyInfo d = new DriverPropertyInfo(p.key(), value != null ? value : p.defaultValue());
      d.description = p.description() + " Default: " + p.defaultValue() + ".";
      d.required = false;
      d.choices = p.choices();
      out[i] = d;
    }
    return out;
  }

  @Override
  public int getMajorVersion() {
    return Version.MAJOR;
  }

  @Override
  public int getMinorVersion() {
    return Version.MINOR;
  }

  /** Not JDBC compliant in the strict sense: csvws refuses every statement that writes. */
  @Override
  public boolean jdbcCompliant() {
    return false;
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    throw new SQLFeatureNotSupportedException("csvws does not log through java.util.logging.",
        "0A000");
  }
}

package io.csvws.driver;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import org.apache.calcite.avatica.BuiltInConnectionProperty;
import org.apache.calcite.avatica.ConnectStringParser;

/**
 * A parsed {@code jdbc:csvws:remote:<gateway URL>[?key=value&...]} URL: a csvws gateway reached
 * through Avatica's remote client, behaving as an embedded {@code jdbc:csvws:} connection does
 * (see {@link RemoteJdbc}).
 *
 * <p>Properties are written as in an embedded URL, or given as connection properties. Avatica's
 * own ({@code serialization}, {@code authentication}, {@code truststore},
 * {@code truststore_password}, {@code hostname_verification}...) configure the client and stay on
 * it; any other ({@code maxCellChars}) is sent to the gateway, which honours or refuses it.
 * {@code serialization} is {@code protobuf} unless given, as the gateway's is. JDBC's {@code user}
 * and {@code password} are the gateway user's (HTTP BASIC), as Avatica's {@code avatica_user} and
 * {@code avatica_password} are.
 *
 * @param endpoint the gateway's {@code http://} or {@code https://} URL
 * @param properties the properties written in the URL, in order
 */
record RemoteUrl(String endpoint, Map<String, String> properties) {
  /** What follows {@code jdbc:csvws:} in a remote URL. */
  static final String KIND = "remote:";

  /**
   * Avatica's client properties: lower case to the name Avatica reads. Held apart, made on the
   * first remote connection: every connection asks {@link #accepts}, and listing the properties
   * initialises Avatica's.
   */
  private static final class AvaticaKeys {
    static final Map<String, String> BY_LOWER_CASE = avaticaKeys();
  }

  static boolean accepts(String url) {
    return CsvwsUrl.accepts(url) && url.startsWith(CsvwsUrl.PREFIX + KIND);
  }

  /** Parses {@code url}; throws {@link ErrorCode#VALIDATION_FAILED} saying what is malformed. */
  static RemoteUrl parse(String url) {
    CsvwsUrl parsed = CsvwsUrl.parse(url);
    String endpoint = parsed.folderText().substring(KIND.length());
    String lower = endpoint.toLowerCase(Locale.ROOT);
    int host = lower.indexOf("//") + 2;
    if (!(lower.startsWith("http://") || lower.startsWith("https://"))
        || host >= endpoint.length()) {
      throw new CsvwsException(ErrorCode.VALIDATION_FAILED, "The URL " + url + " names no "
          + "gateway; write jdbc:csvws:remote:http://host:port (or https://). A folder whose name "
          + "starts with 'remote:' is written ./remote:...");
    }
    return new RemoteUrl(endpoint, parsed.properties());
  }

  /**
   * Opens a connection to the gateway with {@code info}'s properties besides the URL's.
   *
   * @throws SQLException with a SQLState when the gateway cannot be reached or refuses
   */
  Connection connect(Properties info) throws SQLException {
    Map<String, String> given = new LinkedHashMap<>(properties);
    if (info != null) {
      for (String k : info.stringPropertyNames()) {
        String prior = given.putIfAbsent(k, info.getProperty(k));
        if (prior != null && !prior.equals(info.getProperty(k))) {
          throw new SQLException("Property '" + k + "' is given as '" + prior + "' in the URL and "
              + "as '" + info.getProperty(k) + "' in the connection properties; give it once.",
              ErrorCode.VALIDATION_FAILED.sqlState());
        }
      }
    }
    Properties client = new Properties();
    Properties server = new Properties();
    client.setProperty("url", endpoint);
    client.setProperty("serialization", "protobuf");
    for (Map.Entry<String, String> e : given.entrySet()) {
      String key = e.getKey();
      String lower = key.toLowerCase(Locale.ROOT);
      if (lower.equals("user") || lower.equals("password")) {
        if (!e.getValue().isEmpty()) {
          client.setProperty("avatica_" + lower, e.getValue());
        }
      } else if (lower.equals("url")) {
        throw new SQLException("Property 'url' cannot be given to jdbc:csvws:remote: the gateway's "
            + "URL is the one written after remote:.", ErrorCode.VALIDATION_FAILED.sqlState());
      } else if (AvaticaKeys.BY_LOWER_CASE.containsKey(lower)) {
        client.setProperty(AvaticaKeys.BY_LOWER_CASE.get(lower), e.getValue());
      } else {
        server.setProperty(key, e.getValue());
      }
    }
    if (client.containsKey("avatica_user") && !client.containsKey("authentication")) {
      client.setProperty("authentication", "BASIC");
    }
    String avaticaUrl = "jdbc:avatica:remote:" + ConnectStringParser.getParamString(client);
    return RemoteJdbc.connect(avaticaUrl, server, endpoint);
  }

  private static Map<String, String> avaticaKeys() {
    Map<String, String> keys = new LinkedHashMap<>();
    for (BuiltInConnectionProperty p : BuiltInConnectionProperty.values()) {
      keys.put(p.camelName().toLowerCase(Locale.ROOT), p.camelName());
    }
    return Map.copyOf(keys);
  }
}

package io.csvws.console;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The schema, table and column names the console completes, gathered lazily so that opening a
 * folder of ten thousand files does not wait for them. Once the console is connected, every table
 * name is listed on a background thread (again when older than {@link #STALE_MILLIS}, so files
 * added later are offered); until that listing is done, a completion asks for just the names it
 * needs (the tables of one schema starting with what was typed), and a table's columns are read
 * when a completion first needs them. Reads go through connections of their own, never the one
 * statements run on. Thread-safe.
 */
final class WorkspaceNames implements AutoCloseable {
  /** How long listed table names are offered before they are listed again in the background. */
  static final long STALE_MILLIS = 10_000;

  /** Every table name of one URL, by schema, and when they were listed. */
  private record Listing(String url, Map<String, List<String>> bySchema, long listedAt) {
  }

  private volatile Listing listing;
  private String listingUrl;
  private boolean listingInProgress;
  private final Map<String, List<String>> columns = new ConcurrentHashMap<>();
  /** Guards the on-demand connection, apart from the listing's state. */
  private final Object onDemandLock = new Object();
  private Connection onDemand;
  private String onDemandUrl;

  /**
   * Starts listing every table of {@code url} in the background unless a fresh listing is there
   * or one is in progress. Returns at once.
   */
  synchronized void warmUp(String url) {
    if (url == null || listingInProgress) {
      return;
    }
    Listing l = listing;
    if (l != null && l.url.equals(url)
        && System.currentTimeMillis() - l.listedAt < STALE_MILLIS) {
      return;
    }
    listingInProgress = true;
    listingUrl = url;
    Thread t = new Thread(() -> listInBackground(url), "csvws-console-names");
    t.setDaemon(true);
    t.start();
  }

  private void listInBackground(String url) {
    Listing done = null;
    try (Connection c = DriverManager.getConnection(url)) {
      done = new Listing(url, bySchema(c.getMetaData(), null, ""), System.currentTimeMillis());
    } catch (SQLException | RuntimeException e) {
      // Completion then asks per schema and prefix, which reports nothing either.
    }
    synchronized (this) {
      listingInProgress = false;
      if (done != null && url.equals(listingUrl)) {
        listing = done;
      }
    }
  }

  /** The complete listing of {@code url}, or null if it is not (yet) there. */
  private Listing listingOf(String url) {
    Listing l = listing;
    return l != null && l.url.equals(url) ? l : null;
  }

  /** The schema names of {@code url}. */
  List<String> schemas(String url) {
    Listing l = listingOf(url);
    if (l != null) {
      return List.copyOf(l.bySchema.keySet());
    }
    return onDemand(url, md -> {
      List<String> out = new ArrayList<>();
      try (ResultSet rs = md.getSchemas()) {
        while (rs.next()) {
          out.add(rs.getString("TABLE_SCHEM"));
        }
      }
      return out;
    }, List.of());
  }

  /**
   * The names of the tables of {@code schema} (of every schema if null) that start with
   * {@code prefix}, by schema.
   */
  Map<String, List<String>> tables(String url, String schema, String prefix) {
    Listing l = listingOf(url);
    if (l == null) {
      return onDemand(url, md -> bySchema(md, schema, prefix), Map.of());
    }
    Map<String, List<String>> out = new TreeMap<>();
    l.bySchema.forEach((s, names) -> {
      if (schema == null || schema.equals(s)) {
        List<String> matching = names.stream().filter(n -> n.startsWith(prefix)).toList();
        if (!matching.isEmpty()) {
          out.put(s, matching);
        }
      }
    });
    return out;
  }

  /** The column names of {@code schema.table}, read on first need and then kept. */
  List<String> columns(String url, String schema, String table) {
    String key = url + '\u0000' + schema + '\u0000' + table;
    List<String> known = columns.get(key);
    if (known != null) {
      return known;
    }
    List<String> names = onDemand(url, md -> {
      List<String> out = new ArrayList<>();
      try (ResultSet rs = md.getColumns(null, escape(schema), escape(table), "%")) {
        while (rs.next()) {
          out.add(rs.getString("COLUMN_NAME"));
        }
      }
      return out;
    }, null);
    if (names == null) {
      return List.of();
    }
    List<String> kept = Collections.unmodifiableList(names);
    columns.put(key, kept);
    return kept;
  }

  /** Table names by schema, as {@code getTables} lists them. */
  private static Map<String, List<String>> bySchema(DatabaseMetaData md, String schema,
      String prefix) throws SQLException {
    Map<String, List<String>> out = new TreeMap<>();
    try (ResultSet rs = md.getTables(null, schema == null ? null : escape(schema),
        escape(prefix) + "%", new String[] {"TABLE"})) {
      while (rs.next()) {
        out.computeIfAbsent(rs.getString("TABLE_SCHEM"), s -> new ArrayList<>())
            .add(rs.getString("TABLE_NAME"));
      }
    }
    out.replaceAll((s, names) -> List.copyOf(new TreeSet<>(names)));
    return Collections.unmodifiableMap(out);
  }

  /** A name as a JDBC pattern that matches only itself. */
  private static String escape(String name) {
    return name.replace("\\", "\\\\").replace("_", "\\_").replace("%", "\\%");
  }

  /** A metadata read for one completion. */
  private interface Read<T> {
    T from(DatabaseMetaData md) throws SQLException;
  }

  /** Reads through the on-demand connection; what cannot be read completes nothing. */
  private <T> T onDemand(String url, Read<T> read, T nothing) {
    synchronized (onDemandLock) {
      return readOnDemand(url, read, nothing);
    }
  }

  private <T> T readOnDemand(String url, Read<T> read, T nothing) {
    try {
      if (onDemand == null || !url.equals(onDemandUrl) || onDemand.isClosed()) {
        closeOnDemand();
        onDemand = DriverManager.getConnection(url);
        onDemandUrl = url;
      }
      return read.from(onDemand.getMetaData());
    } catch (SQLException | RuntimeException e) {
      return nothing;
    }
  }

  private void closeOnDemand() {
    if (onDemand != null) {
      try {
        onDemand.close();
      } catch (SQLException e) {
        // Only names were read through it.
      }
      onDemand = null;
    }
  }

  @Override
  public void close() {
    synchronized (onDemandLock) {
      closeOnDemand();
    }
  }
}

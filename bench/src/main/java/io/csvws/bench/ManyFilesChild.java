package io.csvws.bench;

import io.csvws.driver.CsvwsUrl;
import io.csvws.engine.Session;
import io.csvws.engine.WorkspaceListing;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The "many files" scenario inside one JVM (warm): connect + a query of one table on a folder of
 * many files and on a folder holding only that file, alternately; then {@code getTables},
 * {@code getColumns} of one table and of every table, {@code csvws.columns}, and the heap the
 * listed workspace holds. Prints {@code key=value} lines (times in ms, medians) for
 * {@link ManyFiles}.
 */
public final class ManyFilesChild {
  private ManyFilesChild() {
  }

  /**
   * Arguments: the many-files folder, the one-file folder, an empty folder, the table, warm-up
   * seconds, runs.
   */
  public static void main(String[] args) throws Exception {
    Path many = Path.of(args[0]);
    Path one = Path.of(args[1]);
    Path empty = Path.of(args[2]);
    String table = args[3];
    double warmupSeconds = Double.parseDouble(args[4]);
    int runs = Integer.parseInt(args[5]);
    String sql = "SELECT COUNT(*) FROM " + table;
    String manyUrl = CsvwsUrl.of(many);
    String oneUrl = CsvwsUrl.of(one);

    // The baseline: an empty workspace open and listed, its classes loaded.
    Connection emptyWorkspace = DriverManager.getConnection(CsvwsUrl.of(empty));
    count(emptyWorkspace.getMetaData().getTables(null, null, "%", null));
    long heapEmpty = heapAfterGc();
    // The first getTables of each folder in this JVM: its listing is read from the disk (the
    // classes are loaded by the empty workspace's).
    for (Path folder : List.of(one, many)) {
      try (Connection c = DriverManager.getConnection(CsvwsUrl.of(folder))) {
        long t0 = System.nanoTime();
        count(c.getMetaData().getTables(null, null, "%", null));
        print(folder == one ? "get_tables_first_one_file" : "get_tables_first", ms(t0));
      }
    }
    long until = System.nanoTime() + (long) (warmupSeconds * 1e9);
    for (int i = 0; i < 5 || System.nanoTime() < until; i++) {
      connectAndQuery(oneUrl, sql);
      connectAndQuery(manyUrl, sql);
    }
    List<Double> oneMs = new ArrayList<>();
    List<Double> manyMs = new ArrayList<>();
    for (int i = 0; i < runs; i++) {
      oneMs.add(connectAndQuery(oneUrl, sql));
      manyMs.add(connectAndQuery(manyUrl, sql));
    }
    print("query_one_file", Cell.median(oneMs));
    print("query_many_files", Cell.median(manyMs));

    try (Connection c = DriverManager.getConnection(manyUrl)) {
      List<Double> tables = new ArrayList<>();
      List<Double> tablesCpu = new ArrayList<>();
      int count = 0;
      for (int i = 0; i < runs + 2; i++) {
        long t0 = System.nanoTime();
        long cpu0 = cpu();
        count = count(c.getMetaData().getTables(null, null, "%", null));
        tables.add(ms(t0));
        tablesCpu.add((cpu() - cpu0) / 1e6);
      }
      print("get_tables", Cell.median(tables.subList(2, tables.size())));
      print("get_tables_cpu", Cell.median(tablesCpu.subList(2, tablesCpu.size())));
      print("tables", count);
      print("heap_held_mb", (heapAfterGc() - heapEmpty) / 1048576.0);

      // What list_tables (agent tools, gateway) does: the total and a first page of 50.
      for (String url : List.of(oneUrl, manyUrl)) {
        try (Connection pc = DriverManager.getConnection(url)) {
          List<Double> pages = new ArrayList<>();
          for (int i = 0; i < runs + 2; i++) {
            long t0 = System.nanoTime();
            WorkspaceListing files = pc.unwrap(Session.class).files();
            if (files.rows(0, 50).isEmpty() || files.size() <= 0) {
              throw new IllegalStateException(url + ": list_tables gave no page");
            }
            pages.add(ms(t0));
          }
          print(url.equals(oneUrl) ? "list_tables_page_one_file" : "list_tables_page",
              Cell.median(pages.subList(2, pages.size())));
        }
      }

      List<Double> oneColumns = new ArrayList<>();
      for (int i = 0; i < runs + 2; i++) {
        long t0 = System.nanoTime();
        count(c.getMetaData().getColumns(null, "main", table, "%"));
        oneColumns.add(ms(t0));
      }
      print("get_columns_one", Cell.median(oneColumns.subList(2, oneColumns.size())));

      long t0 = System.nanoTime();
      int columns = count(c.getMetaData().getColumns(null, null, "%", "%"));
      print("get_columns_all_first", ms(t0));
      print("columns", columns);
      List<Double> all = new ArrayList<>();
      List<Double> allCpu = new ArrayList<>();
      List<Double> system = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        t0 = System.nanoTime();
        long cpu0 = cpu();
        count(c.getMetaData().getColumns(null, null, "%", "%"));
        all.add(ms(t0));
        allCpu.add((cpu() - cpu0) / 1e6);
        t0 = System.nanoTime();
        try (Statement s = c.createStatement()) {
          count(s.executeQuery("SELECT * FROM csvws.columns"));
        }
        system.add(ms(t0));
      }
      print("get_columns_all_cached", Cell.median(all));
      print("get_columns_all_cached_cpu", Cell.median(allCpu));
      print("csvws_columns_cached", Cell.median(system));
      print("heap_held_with_metadata_mb", (heapAfterGc() - heapEmpty) / 1048576.0);
    }
    emptyWorkspace.close();
  }

  /**
   * CPU time of the whole process, ns: on a machine shared with other work, wall time also
   * counts the time spent waiting for a core.
   */
  private static long cpu() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory
        .getOperatingSystemMXBean()).getProcessCpuTime();
  }

  private static double connectAndQuery(String url, String sql) throws SQLException {
    long t0 = System.nanoTime();
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      if (!rs.next() || rs.getLong(1) <= 0) {
        throw new IllegalStateException(url + ": " + sql + " gave no rows");
      }
    }
    return ms(t0);
  }

  private static int count(ResultSet rs) throws SQLException {
    int n = 0;
    try (rs) {
      while (rs.next()) {
        n++;
      }
    }
    return n;
  }

  private static double ms(long t0) {
    return (System.nanoTime() - t0) / 1e6;
  }

  private static void print(String key, double value) {
    System.out.println(String.format(Locale.ROOT, "%s=%.3f", key, value));
  }

  private static long heapAfterGc() throws InterruptedException {
    long used = Long.MAX_VALUE;
    for (int i = 0; i < 3; i++) {
      System.gc();
      Thread.sleep(50);
      used = Math.min(used, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
    }
    return used;
  }
}

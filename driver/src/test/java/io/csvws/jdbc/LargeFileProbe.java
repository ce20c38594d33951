package io.csvws.jdbc;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Run in a JVM of its own, with a small heap, by {@link LargeFileMemoryTest}: queries a file much
 * larger than the heap and prints one line per answer ({@code name=value}), so the test can
 * compare them with what it generated. Exits 0 when every query ran, 2 on a wrong argument; an
 * exception (or running out of memory) ends it with another status.
 */
public final class LargeFileProbe {
  private LargeFileProbe() {
  }

  /** @param args the workspace folder */
  public static void main(String[] args) throws SQLException {
    if (args.length != 1) {
      System.err.println("usage: LargeFileProbe <workspace folder>");
      System.exit(2);
    }
    System.out.println("maxHeap=" + Runtime.getRuntime().maxMemory());
    try (Connection c = DriverManager.getConnection("jdbc:csvws:" + args[0]);
        Statement s = c.createStatement()) {
      try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM big")) {
        rs.next();
        System.out.println("count=" + rs.getLong(1));
      }
      // A filtered projection, streamed to the client row by row.
      long rows = 0;
      long idSum = 0;
      long nameChars = 0;
      try (ResultSet rs = s.executeQuery(
          "SELECT id, name FROM big WHERE category = 'rare' AND amount > 500")) {
        while (rs.next()) {
          rows++;
          idSum += rs.getLong(1);
          nameChars += rs.getString(2).length();
        }
      }
      System.out.println("filteredRows=" + rows);
      System.out.println("filteredIdSum=" + idSum);
      System.out.println("filteredNameChars=" + nameChars);
      // Every row read again, with the note column decoded, counted without keeping rows.
      try (ResultSet rs = s.executeQuery("SELECT COUNT(note) FROM big WHERE id % 2 = 0")) {
        rs.next();
        System.out.println("evenNotes=" + rs.getLong(1));
      }
    }
    System.out.flush();
  }
}

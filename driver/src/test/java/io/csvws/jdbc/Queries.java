package io.csvws.jdbc;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** What the black-box JDBC tests share: opening a workspace, running a query, catching a failure. */
final class Queries {
  private Queries() {
  }

  /** Connects to {@code dir}, with {@code properties} ("key=value") appended to the URL. */
  static Connection open(Path dir, String... properties) throws SQLException {
    String url = "jdbc:csvws:" + dir + (properties.length == 0 ? "" : "?"
        + String.join("&", properties));
    return DriverManager.getConnection(url);
  }

  /** Writes {@code text} (UTF-8) to {@code file} under {@code dir}, creating folders. */
  static Path write(Path dir, String file, String text) {
    Path p = dir.resolve(file);
    try {
      Files.createDirectories(p.getParent());
      Files.writeString(p, text, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return p;
  }

  /** Every row of a query, each as its values read with {@code getObject}. */
  static List<List<Object>> rows(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      return rows(rs);
    }
  }

  static List<List<Object>> rows(ResultSet rs) throws SQLException {
    int n = rs.getMetaData().getColumnCount();
    List<List<Object>> out = new ArrayList<>();
    while (rs.next()) {
      Object[] row = new Object[n];
      for (int i = 0; i < n; i++) {
        row[i] = rs.getObject(i + 1);
      }
      out.add(Arrays.asList(row));
    }
    return out;
  }

  /** The plan {@code EXPLAIN PLAN FOR sql} prints, its lines joined. */
  static String plan(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("EXPLAIN PLAN FOR " + sql)) {
      StringBuilder plan = new StringBuilder();
      while (rs.next()) {
        plan.append(rs.getString(1));
      }
      return plan.toString();
    }
  }

  /** The first column of every row. */
  static List<Object> column(Connection c, String sql) throws SQLException {
    return rows(c, sql).stream().map(r -> r.get(0)).toList();
  }

  /** The single value of a one-row, one-column query. */
  static Object value(Connection c, String sql) throws SQLException {
    List<List<Object>> rows = rows(c, sql);
    if (rows.size() != 1 || rows.get(0).size() != 1) {
      throw new AssertionError("expected one value from " + sql + " but got " + rows);
    }
    return rows.get(0).get(0);
  }

  /** The column labels of a query's result. */
  static List<String> labels(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      ResultSetMetaData md = rs.getMetaData();
      List<String> out = new ArrayList<>();
      for (int i = 1; i <= md.getColumnCount(); i++) {
        out.add(md.getColumnLabel(i));
      }
      return out;
    }
  }

  /** The exception a query fails with, reading all its rows; fails the test if it succeeds. */
  static SQLException failure(Connection c, String sql) {
    SQLException[] caught = new SQLException[1];
    assertThatThrownBy(() -> {
      try {
        rows(c, sql);
      } catch (SQLException e) {
        caught[0] = e;
        throw e;
      }
    }).as(sql).isInstanceOf(SQLException.class);
    return caught[0];
  }
}

package io.csvws.driver;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.logging.Logger;

/**
 * Avatica's own remote driver ({@code jdbc:avatica:remote:}, which docs/gateway.md offers to
 * SQLLine and other tools with the csvws jar alone on their class path), registered in the jar in
 * its place and loaded on its first connection. {@code DriverManager} initialises every
 * registered driver on its first use; Avatica's initialises its remote protocol then, a tenth of
 * a fresh JVM's {@code jdbc:csvws:} count that never reaches a gateway.
 */
public final class AvaticaRemoteDriver implements Driver {
  /** The prefix of the URLs this driver accepts. */
  static final String PREFIX = "jdbc:avatica:remote:";

  static {
    try {
      DriverManager.registerDriver(new AvaticaRemoteDriver());
    } catch (SQLException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** Avatica's driver, made on first need. */
  private static final class Avatica {
    static final Driver DRIVER = new org.apache.calcite.avatica.remote.Driver();
  }

  @Override
  public boolean acceptsURL(String url) {
    return url != null && url.startsWith(PREFIX);
  }

  @Override
  public Connection connect(String url, Properties info) throws SQLException {
    return acceptsURL(url) ? Avatica.DRIVER.connect(url, info) : null;
  }

  @Override
  public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) throws SQLException {
    return Avatica.DRIVER.getPropertyInfo(url, info);
  }

  @Override
  public int getMajorVersion() {
    return Avatica.DRIVER.getMajorVersion();
  }

  @Override
  public int getMinorVersion() {
    return Avatica.DRIVER.getMinorVersion();
  }

  @Override
  public boolean jdbcCompliant() {
    return Avatica.DRIVER.jdbcCompliant();
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    return Avatica.DRIVER.getParentLogger();
  }
}

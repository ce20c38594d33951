package io.csvws.driver;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * Connections to one csvws URL from a given driver, for pools (HikariCP's {@code setDataSource})
 * and frameworks that take a {@link DataSource}. A program that owns its {@link
 * io.csvws.engine.Engine} (the gateway) gives its pools a data source over a driver on that engine,
 * so every query it runs is one the engine knows. User and password are ignored, as by the driver.
 */
public final class CsvwsDataSource implements DataSource {
  private final CsvwsDriver driver;
  private final String url;
  private volatile PrintWriter logWriter;
  private volatile int loginTimeoutSeconds;

  /**
   * @param driver the driver whose engine the connections run on
   * @param url a {@code jdbc:csvws:} URL, with its properties (see {@link CsvwsUrl#of})
   * @throws IllegalArgumentException if the driver does not accept {@code url}
   */
  public CsvwsDataSource(CsvwsDriver driver, String url) {
    if (!driver.acceptsURL(url)) {
      throw new IllegalArgumentException("'" + url + "' is not a csvws URL; it starts with "
          + CsvwsDriver.URL_PREFIX + ".");
    }
    this.driver = driver;
    this.url = url;
  }

  @Override
  public Connection getConnection() throws SQLException {
    return driver.connect(url, new Properties());
  }

  @Override
  public Connection getConnection(String username, String password) throws SQLException {
    return getConnection();
  }

  @Override
  public PrintWriter getLogWriter() {
    return logWriter;
  }

  /** Kept for callers that set one; csvws writes nothing to it. */
  @Override
  public void setLogWriter(PrintWriter out) {
    this.logWriter = out;
  }

  /** Kept for callers that set one; opening a connection reads no network, so it never waits. */
  @Override
  public void setLoginTimeout(int seconds) {
    this.loginTimeoutSeconds = seconds;
  }

  @Override
  public int getLoginTimeout() {
    return loginTimeoutSeconds;
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    return driver.getParentLogger();
  }

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    if (iface.isInstance(this)) {
      return iface.cast(this);
    }
    throw new SQLException("A csvws data source does not wrap " + iface.getName() + ".", "HY000");
  }

  @Override
  public boolean isWrapperFor(Class<?> iface) {
    return iface.isInstance(this);
  }

  @Override
  public String toString() {
    return "CsvwsDataSource(" + url + ")";
  }
}

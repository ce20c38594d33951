package io.csvws.gateway;

import io.csvws.jdbc.ReadOnlyTest;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * The driver's {@link ReadOnlyTest}, every statement through every JDBC entry point, through a
 * gateway over the same workspace with {@code jdbc:csvws:remote:}: the same refusals with the
 * same SQLStates and messages as embedded JDBC, and the workspace byte-identical after each.
 */
class ReadOnlyRemoteTest extends ReadOnlyTest {
  /** The gateway's own folder (its access log), outside the workspace whose bytes are compared. */
  @TempDir
  Path gatewayRoot;

  private GatewayFixture gateway;

  @BeforeEach
  void startGateway() throws Exception {
    gateway = GatewayFixture.anonymous(gatewayRoot, dir);
  }

  @AfterEach
  void stopGateway() throws Exception {
    gateway.close();
  }

  @Override
  protected Connection open() throws Exception {
    return DriverManager.getConnection("jdbc:csvws:remote:" + gateway.url());
  }
}

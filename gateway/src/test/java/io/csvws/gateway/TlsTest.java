package io.csvws.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** HTTPS from a keystore, with authentication on top. */
class TlsTest {
  private static final String PASSWORD = "keystore-pass";

  @TempDir
  Path root;

  private void keytool(String... args) throws Exception {
    List<String> command = new java.util.ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "keytool").toString()));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(out).isZero();
  }

  @Test
  void clientsThatTrustTheCertificateQueryOverHttps() throws Exception {
    Path keystore = root.resolve("gateway.p12");
    keytool("-genkeypair", "-alias", "gateway", "-keyalg", "RSA", "-keysize", "2048",
        "-dname", "CN=localhost", "-ext", "SAN=ip:127.0.0.1,dns:localhost", "-validity", "2",
        "-storetype", "PKCS12", "-keystore", keystore.toString(), "-storepass", PASSWORD);
    Path cert = root.resolve("gateway.cer");
    keytool("-exportcert", "-alias", "gateway", "-keystore", keystore.toString(),
        "-storepass", PASSWORD, "-file", cert.toString());
    Path truststore = root.resolve("trust.p12");
    keytool("-importcert", "-noprompt", "-alias", "gateway", "-file", cert.toString(),
        "-storetype", "PKCS12", "-keystore", truststore.toString(), "-storepass", PASSWORD);

    Path ws = Files.createDirectories(root.resolve("users-root"));
    try (GatewayFixture probe = GatewayFixture.withUsers(ws)) {
      // Only used to write alice's and bob's workspaces and users file.
      assertThat(probe.url()).startsWith("http://");
    }
    try (GatewayFixture g = GatewayFixture.start(ws, List.of("--users",
        ws.resolve("users.txt").toString(), "--keystore", keystore.toString()),
        Map.of("CSVWS_KEYSTORE_PASSWORD", PASSWORD))) {
      assertThat(g.url()).startsWith("https://127.0.0.1:");
      Properties p = new Properties();
      p.setProperty("authentication", "BASIC");
      p.setProperty("avatica_user", "alice");
      p.setProperty("avatica_password", GatewayFixture.ALICE_PASSWORD);
      p.setProperty("truststore", truststore.toString());
      p.setProperty("truststore_password", PASSWORD);
      try (Connection c = DriverManager.getConnection(g.jdbcUrl("protobuf"), p)) {
        assertThat(GatewayFixture.rows(c, "SELECT COUNT(*) FROM orders")).containsExactly("3");
      }
      Properties untrusted = new Properties();
      untrusted.putAll(p);
      untrusted.remove("truststore");
      untrusted.remove("truststore_password");
      assertThatThrownBy(() -> {
        try (Connection c = DriverManager.getConnection(g.jdbcUrl("protobuf"), untrusted)) {
          GatewayFixture.rows(c, "SELECT 1");
        }
      }).as("a client that does not trust the certificate cannot connect")
          .isInstanceOf(Exception.class);
      // jdbc:csvws:remote: takes the trust store in its URL and JDBC's user and password.
      String csvws = "jdbc:csvws:remote:" + g.url() + "?truststore=" + truststore
          + "&truststore_password=" + PASSWORD;
      try (Connection c = DriverManager.getConnection(csvws, "alice",
          GatewayFixture.ALICE_PASSWORD)) {
        assertThat(GatewayFixture.rows(c, "SELECT COUNT(*) FROM orders")).containsExactly("3");
      }
      assertThatThrownBy(() -> DriverManager.getConnection("jdbc:csvws:remote:" + g.url(),
          "alice", GatewayFixture.ALICE_PASSWORD).createStatement().executeQuery("SELECT 1"))
          .as("without the trust store").isInstanceOf(SQLException.class)
          .satisfies(e -> assertThat(((SQLException) e).getSQLState()).startsWith("08"));
      assertThatThrownBy(() -> g.get("/health").statusCode())
          .as("a client without the certificate cannot even read /health").isInstanceOf(Exception.class);
    }
  }
}

package io.csvws.driver;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The csvws version, and the Calcite version it is built on, from the build. */
final class Version {
  static final String TEXT;
  /** The version of Apache Calcite in the driver, as its connection reports it. */
  static final String CALCITE;
  static final int MAJOR;
  static final int MINOR;

  static {
    Properties p = new Properties();
    try (InputStream in = Version.class.getResourceAsStream("version.properties")) {
      if (in != null) {
        p.load(in);
      }
    } catch (IOException e) {
      throw new ExceptionInInitializerError(e);
    }
    TEXT = p.getProperty("version", "0.0.0");
    CALCITE = p.getProperty("calcite", "unknown");
    String[] parts = TEXT.split("[.-]");
    MAJOR = parse(parts, 0);
    MINOR = parse(parts, 1);
  }

  private Version() {
  }

  private static int parse(String[] parts, int i) {
    try {
      return i < parts.length ? Integer.parseInt(parts[i]) : 0;
    } catch (NumberFormatException e) {
      return 0;
    }
  }
}

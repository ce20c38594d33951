package io.csvws.web;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * A WebJar on the class path (a browser library packaged for Maven Central): its version, read
 * from the Maven properties it carries, and its files.
 *
 * @param group    the WebJar's Maven group, e.g. {@code org.webjars.npm}
 * @param artifact its artifact, which is also its folder under {@code META-INF/resources/webjars}
 * @param version  the version found on the class path, or null when the WebJar is not there
 */
record WebJar(String group, String artifact, String version) {

  /** The WebJar {@code group:artifact} as found on the class path. */
  static WebJar find(String group, String artifact) {
    String props = "META-INF/maven/" + group + "/" + artifact + "/pom.properties";
    try (InputStream in = WebJar.class.getClassLoader().getResourceAsStream(props)) {
      if (in == null) {
        return new WebJar(group, artifact, null);
      }
      Properties p = new Properties();
      p.load(in);
      return new WebJar(group, artifact, p.getProperty("version"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Whether it is on the class path. */
  boolean present() {
    return version != null;
  }

  /**
   * One of its files, {@code path} relative to the version's folder (e.g.
   * {@code lib/codemirror.js}), or null when it has no such file or is not there.
   */
  InputStream open(String path) {
    return version == null ? null : WebJar.class.getClassLoader().getResourceAsStream(
        "META-INF/resources/webjars/" + artifact + "/" + version + "/" + path);
  }
}

package io.csvws.console;

import io.csvws.driver.CsvwsDriver;
import java.io.IOException;
import java.io.InputStream;
import java.util.Collection;
import java.util.List;
import java.util.Properties;
import sqlline.Application;
import sqlline.SqlLine;
import sqlline.SqlLineOpts;

/**
 * SQLLine's application configuration for csvws: the banner, csvws URL examples for
 * {@code !connect}, and no credential prompts (a workspace has no users). Loaded by SQLLine by
 * class name ({@code -ac}), so it needs a public no-argument constructor.
 */
public class CsvwsApplication extends Application {
  /** Creates the configuration; SQLLine calls this by reflection. */
  public CsvwsApplication() {
  }

  @Override
  public String getInfoMessage() {
    return "csvws " + csvwsVersion() + " console (" + getVersion() + "). !tables lists the "
        + "tables, !columns TABLE their columns, !help the commands, !quit leaves.";
  }

  @Override
  public Collection<String> getConnectionUrlExamples() {
    return List.of("jdbc:csvws:<folder>", "jdbc:csvws:<folder>?maxCellChars=200");
  }

  @Override
  public String getDefaultInteractiveMode() {
    return Console.CONNECT_INTERACTION_MODE;
  }

  /**
   * Keeps the options SQLLine already holds: it applies {@code --name=value} arguments before it
   * loads this class, and the default implementation would reset them.
   */
  @Override
  public SqlLineOpts getOpts(SqlLine sqlLine) {
    return sqlLine.getOpts();
  }

  /** The driver's version, from the properties file the build fills in. */
  static String csvwsVersion() {
    Properties p = new Properties();
    try (InputStream in = CsvwsDriver.class.getResourceAsStream("version.properties")) {
      if (in != null) {
        p.load(in);
      }
    } catch (IOException e) {
      return "(unknown version)";
    }
    return p.getProperty("version", "(unknown version)");
  }
}

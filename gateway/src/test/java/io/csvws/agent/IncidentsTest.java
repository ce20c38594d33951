package io.csvws.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a client may see of a failure, and what only the server's log keeps. */
class IncidentsTest {
  private final List<String> log = new ArrayList<>();
  private final Incidents incidents = new Incidents(log::add, Path.of("/srv/data/alice"),
      Path.of("/srv/exports"));

  @Test
  void absoluteServerNamesAreCutOnlyWhereTheyStart() {
    assertThat(incidents.scrub("Cannot read /srv/data/alice/sales/x.csv: bad gzip"))
        .isEqualTo("Cannot read sales/x.csv: bad gzip");
    assertThat(incidents.scrub("'/srv/exports/.csvws-export-1.tmp' exists"))
        .isEqualTo("'.csvws-export-1.tmp' exists");
    assertThat(incidents.scrub("The workspace /srv/data/alice is empty"))
        .isEqualTo("The workspace . is empty");
    assertThat(incidents.scrub("read data/srv/data/alice/y.csv and /srv/data/alice2/z.csv"))
        .as("a relative name, and another folder that starts the same")
        .isEqualTo("read data/srv/data/alice/y.csv and /srv/data/alice2/z.csv");
  }

  @Test
  void internalsAreReplacedByAReferenceTheLogCarries() {
    IllegalStateException failure = new IllegalStateException("boom");
    String message = incidents.forClient("test", "java.lang.IllegalStateException: boom",
        failure);
    assertThat(message).doesNotContain("IllegalState").contains("reference ");
    String reference = message.replaceAll(".*reference ([0-9a-f]{8}).*", "$1");
    assertThat(log).singleElement().satisfies(line -> assertThat(line)
        .startsWith("incident " + reference).contains("IllegalStateException: boom")
        .contains("\tat "));
    assertThat(incidents.forClient("test", "Column 'x' not found in table 't'", failure))
        .isEqualTo("Column 'x' not found in table 't'");
    assertThat(Incidents.showsInternals("NullPointerException at line 3")).isTrue();
    assertThat(Incidents.showsInternals("No column 'emial' in customers.")).isFalse();
  }
}

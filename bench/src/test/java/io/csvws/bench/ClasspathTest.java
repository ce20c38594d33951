package io.csvws.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClasspathTest {
  private static final List<String> ALL = List.of("bench/target/csvws-bench.jar",
      "lib/csvws-driver-0.1.0-SNAPSHOT.jar", "lib/csvws-model-0.1.0-SNAPSHOT.jar",
      "lib/calcite-core-1.42.0.jar", "lib/calcite-file-1.41.0.jar", "lib/csvjdbc-1.0.46.jar",
      "lib/duckdb_jdbc-2.0.0.1.jar", "lib/h2-2.5.252.jar", "lib/httpcore5-h2-5.3.5.jar",
      "lib/fastcsv-4.4.0.jar", "target/classes");

  private static List<String> forEngine(Engine e) {
    return List.of(Classpath.forEngine(String.join(File.pathSeparator, ALL), e)
        .split(File.pathSeparator));
  }

  @Test
  void eachEngineKeepsItsOwnJarsAndDropsTheOtherEngines() {
    assertThat(forEngine(Engine.CSVWS)).containsExactly("bench/target/csvws-bench.jar",
        "lib/csvws-driver-0.1.0-SNAPSHOT.jar", "lib/csvws-model-0.1.0-SNAPSHOT.jar",
        "lib/calcite-core-1.42.0.jar", "lib/httpcore5-h2-5.3.5.jar", "lib/fastcsv-4.4.0.jar",
        "target/classes");
    assertThat(forEngine(Engine.CSVWS_CACHED)).isEqualTo(forEngine(Engine.CSVWS));
    assertThat(forEngine(Engine.DUCKDB)).contains("lib/duckdb_jdbc-2.0.0.1.jar")
        .doesNotContain("lib/csvws-driver-0.1.0-SNAPSHOT.jar", "lib/h2-2.5.252.jar",
            "lib/csvjdbc-1.0.46.jar", "lib/calcite-file-1.41.0.jar");
    assertThat(forEngine(Engine.CALCITE))
        .contains("lib/calcite-file-1.41.0.jar", "lib/calcite-core-1.42.0.jar")
        .doesNotContain("lib/csvws-model-0.1.0-SNAPSHOT.jar", "lib/duckdb_jdbc-2.0.0.1.jar");
    assertThat(forEngine(Engine.H2)).contains("lib/h2-2.5.252.jar", "lib/httpcore5-h2-5.3.5.jar");
    assertThat(forEngine(Engine.FASTCSV)).containsExactly("bench/target/csvws-bench.jar",
        "lib/calcite-core-1.42.0.jar", "lib/httpcore5-h2-5.3.5.jar", "lib/fastcsv-4.4.0.jar",
        "target/classes");
  }
}

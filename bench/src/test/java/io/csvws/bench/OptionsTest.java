package io.csvws.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class OptionsTest {
  @Test
  void defaultsAreTheFullBenchmark() {
    Options o = Options.parse("--root", "/tmp/repo");
    assertThat(o.workload).isEqualTo(Workload.FULL);
    assertThat(o.modeName()).isEqualTo("full");
    assertThat(o.engines).containsExactly(Engine.values());
    assertThat(o.queries).containsExactly(Query.values());
    assertThat(o.warm).isTrue();
    assertThat(o.cold).isTrue();
    assertThat(o.warmup).isEqualTo(2);
    assertThat(o.warmupSeconds).isEqualTo(5);
    assertThat(o.iterations).isEqualTo(5);
    assertThat(o.coldRuns).isEqualTo(3);
    assertThat(o.cap).isEqualTo(60);
    assertThat(o.data).isEqualTo(Path.of("/tmp/repo/bench/data"));
    assertThat(o.scenarios).containsExactly("console");
  }

  @Test
  void quickModeShrinksRowsAndRunsAndExplicitValuesWin() {
    Options q = Options.parse("--quick");
    assertThat(q.workload).isEqualTo(Workload.QUICK);
    assertThat(q.modeName()).isEqualTo("quick");
    assertThat(q.warmupSeconds).isEqualTo(2);
    assertThat(q.iterations).isEqualTo(3);
    assertThat(q.coldRuns).isEqualTo(1);
    assertThat(q.cap).isEqualTo(30);

    // Given before or after --quick, an explicit value is kept.
    Options o = Options.parse("--iterations", "7", "--quick", "--cap", "5");
    assertThat(o.iterations).isEqualTo(7);
    assertThat(o.cap).isEqualTo(5);
  }

  @Test
  void listsAndScale() {
    Options o = Options.parse("--engines", "csvws, duckdb", "--queries", "q1,Q4",
        "--modes", "cold", "--scale", "0.1", "--seed", "3", "--scenarios", "big,console",
        "--jvm-opts", "-Xmx1g  -XX:+UseParallelGC", "--data", "/tmp/d");
    assertThat(o.engines).containsExactly(Engine.CSVWS, Engine.DUCKDB);
    assertThat(o.queries).containsExactly(Query.Q1, Query.Q4);
    assertThat(o.warm).isFalse();
    assertThat(o.cold).isTrue();
    assertThat(o.workload).isEqualTo(new Workload(3, 200_000, 100, 20_000));
    assertThat(o.modeName()).isEqualTo("custom");
    assertThat(o.workload.folderName()).isEqualTo("tall200000-wide100x20000-seed3");
    assertThat(o.scenarios).containsExactly("big", "console");
    assertThat(o.jvmOpts).isEqualTo(List.of("-Xmx1g", "-XX:+UseParallelGC"));
    assertThat(o.data).isEqualTo(Path.of("/tmp/d"));
    assertThat(Options.parse("--scenarios", "none").scenarios).isEmpty();
    assertThat(Options.parse("--scenarios", "many,entry").scenarios)
        .containsExactly("many", "entry");
    Options scenariosOnly =
        Options.parse("--modes", "none", "--scenarios", "big", "--big-gb", "0.5");
    assertThat(scenariosOnly.warm).isFalse();
    assertThat(scenariosOnly.cold).isFalse();
    assertThat(scenariosOnly.bigGb).isEqualTo(0.5);
  }

  @Test
  void badArgumentsAreRefusedWithTheirName() {
    assertThatThrownBy(() -> Options.parse("--engines", "oracle"))
        .hasMessageContaining("oracle").hasMessageContaining("duckdb");
    assertThatThrownBy(() -> Options.parse("--queries", "Q9"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Q9");
    assertThatThrownBy(() -> Options.parse("--modes", "hot"))
        .hasMessageContaining("hot");
    assertThatThrownBy(() -> Options.parse("--cap", "0")).hasMessageContaining("--cap");
    assertThatThrownBy(() -> Options.parse("--big-gb", "-1")).hasMessageContaining("--big-gb");
    assertThatThrownBy(() -> Options.parse("--warmup-seconds", "-1"))
        .hasMessageContaining("--warmup-seconds");
    assertThatThrownBy(() -> Options.parse("--iterations", "0"))
        .hasMessageContaining("--iterations");
    assertThatThrownBy(() -> Options.parse("--scenarios", "tiny"))
        .hasMessageContaining("tiny").hasMessageContaining("entry");
    assertThatThrownBy(() -> Options.parse("--frobnicate", "1"))
        .hasMessageContaining("--frobnicate");
    assertThatThrownBy(() -> Options.parse("--cap")).hasMessageContaining("--cap");
    assertThatThrownBy(() -> Options.parse("--engines", ",")).hasMessageContaining("empty");
  }
}

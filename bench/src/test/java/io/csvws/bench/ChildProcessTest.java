package io.csvws.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The parent's side of the child protocol, driven by small shell scripts instead of JVMs. */
class ChildProcessTest {
  @TempDir
  Path dir;

  private ChildProcess.Outcome run(String script, double grace, double cap) throws Exception {
    return ChildProcess.run(List.of("/bin/sh", "-c", script), grace, cap, dir.resolve("c.log"));
  }

  @Test
  void reportedRunsHeapAndOtherOutputAreRead() throws Exception {
    ChildProcess.Outcome o = run("""
        echo 'library noise on stdout'
        echo '@@connected ms=12.5'
        echo '@@run phase=prime ms=99 first=99 rows=1 value=1 cpu=1'
        echo '@@run phase=warmup ms=50 first=10 rows=3 value=6 cpu=40'
        echo '@@run phase=measure ms=20.5 first=2.5 rows=3 value=6 cpu=30'
        echo '@@run phase=measure ms=21 first=3 rows=3 value=6 cpu=30'
        echo '@@heap used=1048576 after=524288 rss=2097152'
        echo '@@done'
        """, 5, 5);
    assertThat(o.status).isEqualTo(ChildProcess.Status.OK);
    assertThat(o.connectMs).isEqualTo(12.5);
    assertThat(o.runs).hasSize(3);
    assertThat(o.measured()).extracting(ChildProcess.Run::ms).containsExactly(20.5, 21.0);
    assertThat(o.measured().get(0).rows()).isEqualTo(3);
    assertThat(o.wallMs).isPositive();
    assertThat(o.heapUsed).isEqualTo(1 << 20);
    assertThat(o.heapAfterGc).isEqualTo(1 << 19);
    assertThat(o.rss).isEqualTo(2 << 20);

    Cell c = new Cell();
    c.add(o, false);
    assertThat(c.ok()).isTrue();
    assertThat(c.median()).isEqualTo(20.75);
    assertThat(c.value).isEqualTo(6);
  }

  @Test
  void anErrorIsKeptWithItsMessage() throws Exception {
    ChildProcess.Outcome o = run("echo '@@error SQLException: Too many columns'; echo '@@done'",
        5, 5);
    assertThat(o.status).isEqualTo(ChildProcess.Status.ERROR);
    assertThat(o.message).isEqualTo("SQLException: Too many columns");
    Cell c = new Cell();
    c.add(o, false);
    assertThat(c.ok()).isFalse();
    assertThat(c.status).isEqualTo(Cell.Status.ERROR);
  }

  @Test
  void aChildThatDiesWithoutReportingIsACrashWithItsLog() throws Exception {
    ChildProcess.Outcome o = run("echo 'Exception in thread main: boom' >&2; exit 3", 5, 5);
    assertThat(o.status).isEqualTo(ChildProcess.Status.CRASHED);
    assertThat(o.message).contains("boom").contains("c.log");
  }

  @Test
  void aChildThatGoesSilentPastTheCapIsKilled() throws Exception {
    long t0 = System.nanoTime();
    ChildProcess.Outcome o = run("sleep 30 & wait", 0, 0.5);
    double seconds = (System.nanoTime() - t0) / 1e9;
    assertThat(o.status).isEqualTo(ChildProcess.Status.CAPPED);
    assertThat(o.message).contains("cap of 0.5 s");
    assertThat(seconds).isLessThan(20);
    Cell c = new Cell();
    c.capSeconds = 0.5;
    c.add(o, false);
    assertThat(Report.cellText(c)).isEqualTo(">0.5 s");
  }
}

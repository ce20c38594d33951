package io.csvws.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ReportTest {
  @Test
  void timesAndRatiosAreShortAndReadable() {
    assertThat(Report.ms(0.4212)).isEqualTo("0.42 ms");
    assertThat(Report.ms(4.25)).isEqualTo("4.3 ms");
    assertThat(Report.ms(123.4)).isEqualTo("123 ms");
    assertThat(Report.ms(1234)).isEqualTo("1.23 s");
    assertThat(Report.ms(43_960)).isEqualTo("44.0 s");
    assertThat(Report.ms(Double.NaN)).isEqualTo("-");
    assertThat(Report.ratio(0.0123)).isEqualTo("0.012");
    assertThat(Report.ratio(0.5)).isEqualTo("0.50");
    assertThat(Report.ratio(42.4)).isEqualTo("42");
  }

  @Test
  void medianOfOddAndEvenCounts() {
    assertThat(Cell.median(List.of(5.0, 1.0, 3.0))).isEqualTo(3.0);
    assertThat(Cell.median(List.of(4.0, 1.0, 3.0, 2.0))).isEqualTo(2.5);
    assertThat(Cell.median(List.of())).isNaN();
  }

  @Test
  void cellTextTellsWhatHappened() {
    Cell capped = new Cell();
    capped.status = Cell.Status.CAPPED;
    capped.capSeconds = 60;
    assertThat(Report.cellText(capped)).isEqualTo(">60 s");
    assertThat(Report.cellText(Cell.na("no equivalent"))).isEqualTo("n/a");
    Cell ok = new Cell();
    ok.ms.addAll(List.of(10.0, 30.0, 20.0));
    ok.rows = 5;
    assertThat(Report.cellText(ok)).isEqualTo("20 ms (n=3, rows 5)");
  }
}

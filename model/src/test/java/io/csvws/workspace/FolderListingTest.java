package io.csvws.workspace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A folder listing is a value: a copy of what it was given, compared by its contents. */
class FolderListingTest {
  private static final Path FOLDER = Path.of("/data/ws/sales");

  private static Map<String, String> ordered(String... pairs) {
    Map<String, String> m = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      m.put(pairs[i], pairs[i + 1]);
    }
    return m;
  }

  private static FolderListing listing() {
    return new FolderListing(FOLDER, List.of("sales"),
        ordered("Orders", "Orders.csv", "a_csv", "a.csv", "a_tsv", "a.tsv"),
        ordered("Q1", "Q1", "q1_2", "q1"));
  }

  @Test
  void keepsWhatItWasGivenInOrder() {
    Map<String, String> tables = new HashMap<>(ordered("b", "b.csv"));
    java.util.ArrayList<String> path = new java.util.ArrayList<>(List.of("sales"));
    FolderListing l = new FolderListing(FOLDER, path, tables, Map.of());
    tables.put("c", "c.csv");
    path.add("more");

    assertThat(l.folder()).isEqualTo(FOLDER);
    assertThat(l.schemaPath()).containsExactly("sales");
    assertThat(l.tables()).containsOnlyKeys("b");
    assertThat(l.folders()).isEmpty();
    assertThat(listing().tables().keySet()).containsExactly("Orders", "a_csv", "a_tsv");
    assertThat(listing().folders().keySet()).containsExactly("Q1", "q1_2");
    assertThatThrownBy(() -> l.tables().put("x", "x.csv"))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> l.folders().put("x", "x"))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void findsNamesIgnoringCaseAndTablesByFile() {
    FolderListing l = listing();

    assertThat(l.tableNameIgnoringCase("orders")).isEqualTo("Orders");
    assertThat(l.tableNameIgnoringCase("ORDERS")).isEqualTo("Orders");
    assertThat(l.tableNameIgnoringCase("A_TSV")).isEqualTo("a_tsv");
    assertThat(l.tableNameIgnoringCase("q1")).isNull();
    assertThat(l.folderNameIgnoringCase("q1")).isEqualTo("Q1");
    assertThat(l.folderNameIgnoringCase("Q1_2")).isEqualTo("q1_2");
    assertThat(l.folderNameIgnoringCase("orders")).isNull();
    assertThat(l.tableOfFile("a.tsv")).isEqualTo("a_tsv");
    assertThat(l.tableOfFile("Orders.csv")).isEqualTo("Orders");
    assertThat(l.tableOfFile("orders.csv")).as("file names are exact").isNull();
    assertThat(l.tableOfFile("a_csv")).as("a table name is not a file name").isNull();
  }

  @Test
  void aListingMadeOutsideHasNoLinks() {
    assertThat(listing().hasLinks()).isFalse();
    assertThat(new FolderListing(FOLDER, List.of(), Map.of(), Map.of(), true).hasLinks())
        .isTrue();
  }

  @Test
  void equalListingsHaveEqualContents() {
    FolderListing l = listing();

    assertThat(l).isEqualTo(listing()).hasSameHashCodeAs(listing());
    assertThat(l).isNotEqualTo(new FolderListing(Path.of("/data/ws/other"), List.of("sales"),
        l.tables(), l.folders()));
    assertThat(l).isNotEqualTo(new FolderListing(FOLDER, List.of("other"), l.tables(),
        l.folders()));
    assertThat(l).isNotEqualTo(new FolderListing(FOLDER, List.of("sales"), Map.of(),
        l.folders()));
    assertThat(l).isNotEqualTo(new FolderListing(FOLDER, List.of("sales"), l.tables(),
        Map.of()));
    assertThat(l).isNotEqualTo("a listing");
    assertThat(l.hashCode()).isNotEqualTo(new FolderListing(FOLDER, List.of("sales"), Map.of(),
        Map.of()).hashCode());
  }

  @Test
  void describesItselfBriefly() {
    assertThat(listing()).hasToString("FolderListing[/data/ws/sales, 3 tables, 2 folders]");
  }
}

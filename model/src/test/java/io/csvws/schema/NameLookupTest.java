package io.csvws.schema;

import static org.assertj.core.api.Assertions.assertThat;

import io.csvws.workspace.FolderListing;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.apache.calcite.schema.lookup.LikePattern;
import org.apache.calcite.schema.lookup.Named;
import org.junit.jupiter.api.Test;

/**
 * A lookup over one folder listing: exact names and names ignoring case through the listing's
 * indexes, name patterns, the listing read once per lookup, and a folder that is gone.
 */
class NameLookupTest {
  private static final FolderListing LISTING = listing();

  private static FolderListing listing() {
    Map<String, String> tables = new LinkedHashMap<>();
    tables.put("Orders", "Orders.csv");
    tables.put("a_b", "a_b.csv");
    tables.put("axb", "axb.tsv");
    tables.put("100%", "100%.csv");
    Map<String, String> folders = new LinkedHashMap<>();
    folders.put("Sales", "Sales");
    folders.put("v1.2", "v1.2");
    return new FolderListing(Path.of("/nowhere/w"), List.of("w"), tables, folders);
  }

  /** Creates the entity of a name, as a schema's lookup does. */
  private interface Creator<T> {
    T apply(FolderListing listing, String name, String target);
  }

  /** A lookup of the listing's tables (or folders) whose listing and entities come from these. */
  private static <T> NameLookup<T> lookup(boolean tables, Supplier<FolderListing> listing,
      Creator<T> create) {
    return new NameLookup<>(tables) {
      @Override
      FolderListing readListing() {
        return listing.get();
      }

      @Override
      T create(FolderListing l, String name, String target) {
        return create.apply(l, name, target);
      }
    };
  }

  /** What the lookup created: the name it was asked with and the file-system name. */
  private record Made(String name, String target) {
  }

  private static NameLookup<Made> tables(Supplier<FolderListing> listing) {
    return lookup(true, listing, (l, name, target) -> {
      assertThat(l).isSameAs(LISTING);
      return new Made(name, target);
    });
  }

  @Test
  void anExactNameIsFoundWithItsFileAndOtherCasesAreNot() {
    NameLookup<Made> lookup = tables(() -> LISTING);
    assertThat(lookup.get("Orders")).isEqualTo(new Made("Orders", "Orders.csv"));
    assertThat(lookup.get("orders")).isNull();
    assertThat(lookup.get("Sales")).as("a folder is not a table").isNull();
    assertThat(lookup.get("nothing")).isNull();
  }

  @Test
  void aNameIgnoringCaseIsFoundUnderTheListingsSpelling() {
    NameLookup<Made> lookup = tables(() -> LISTING);
    Named<Made> found = lookup.getIgnoreCase("ORDERS");
    assertThat(found.name()).isEqualTo("Orders");
    assertThat(found.entity()).isEqualTo(new Made("Orders", "Orders.csv"));
    assertThat(lookup.getIgnoreCase("AXB").entity()).isEqualTo(new Made("axb", "axb.tsv"));
    assertThat(lookup.getIgnoreCase("ordersx")).isNull();
  }

  @Test
  void anEntityTheCreatorRefusesIsNotFound() {
    NameLookup<String> lookup = lookup(true, () -> LISTING, (l, name, target) -> null);
    assertThat(lookup.get("Orders")).isNull();
    assertThat(lookup.getIgnoreCase("orders")).isNull();
    assertThat(lookup.getNames(LikePattern.any())).as("names come from the listing alone")
        .containsExactly("100%", "Orders", "a_b", "axb");
  }

  @Test
  void foldersAreLookedUpInTheFoldersOfTheListing() {
    List<String> created = new ArrayList<>();
    NameLookup<String> lookup = lookup(false, () -> LISTING, (l, name, target) -> {
      created.add(name + "->" + target);
      return target;
    });
    assertThat(lookup.get("Sales")).isEqualTo("Sales");
    assertThat(lookup.get("Orders")).as("a table is not a folder").isNull();
    assertThat(lookup.getIgnoreCase("sales").name()).isEqualTo("Sales");
    assertThat(lookup.getIgnoreCase("V1.2").entity()).isEqualTo("v1.2");
    assertThat(lookup.getIgnoreCase("orders")).isNull();
    assertThat(lookup.getNames(LikePattern.any())).containsExactly("Sales", "v1.2");
    assertThat(created).containsExactly("Sales->Sales", "Sales->Sales", "v1.2->v1.2");
  }

  @Test
  void namesMatchAPatternSorted() {
    NameLookup<Made> lookup = tables(() -> LISTING);
    assertThat(lookup.getNames(LikePattern.any())).containsExactly("100%", "Orders", "a_b", "axb");
    assertThat(lookup.getNames(new LikePattern(null))).hasSize(4);
    assertThat(lookup.getNames(new LikePattern("a%"))).containsExactly("a_b", "axb");
    assertThat(lookup.getNames(new LikePattern("%s"))).containsExactly("Orders");
    assertThat(lookup.getNames(new LikePattern("100\\%"))).as("an escaped percent sign")
        .containsExactly("100%");
    assertThat(lookup.getNames(new LikePattern("O\\rders"))).as("an escaped letter")
        .containsExactly("Orders");
    assertThat(lookup.getNames(new LikePattern("\\Orders"))).as("escaped first")
        .containsExactly("Orders");
  }

  @Test
  void oneNameAskedForIsFoundOnlyAsItIs() {
    NameLookup<Made> lookup = tables(() -> LISTING);
    assertThat(lookup.getNames(new LikePattern("Orders"))).containsExactly("Orders");
    assertThat(lookup.getNames(new LikePattern("orders"))).isEmpty();
    assertThat(lookup.getNames(new LikePattern("a_b"))).as("_ is no wildcard here")
        .containsExactly("a_b");
    assertThat(lookup.getNames(new LikePattern("Sales"))).isEmpty();
  }

  @Test
  void theListingIsReadOnceForTheLifeOfTheLookup() {
    AtomicInteger reads = new AtomicInteger();
    NameLookup<Made> lookup = tables(() -> {
      reads.incrementAndGet();
      return LISTING;
    });
    assertThat(reads).hasValue(0);
    lookup.get("Orders");
    lookup.getIgnoreCase("orders");
    lookup.getNames(LikePattern.any());
    lookup.get("axb");
    assertThat(reads).hasValue(1);
  }

  @Test
  void aFolderThatIsGoneHasNoNames() {
    NameLookup<Made> lookup = tables(() -> null);
    assertThat(lookup.get("Orders")).isNull();
    assertThat(lookup.getIgnoreCase("Orders")).isNull();
    assertThat(lookup.getNames(LikePattern.any())).isEmpty();
    assertThat(lookup.getNames(new LikePattern("Orders"))).isEmpty();
  }
}

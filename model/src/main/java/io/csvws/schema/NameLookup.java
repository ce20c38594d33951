package io.csvws.schema;

import io.csvws.workspace.FolderListing;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.calcite.schema.lookup.LikePattern;
import org.apache.calcite.schema.lookup.Lookup;
import org.apache.calcite.schema.lookup.Named;

/**
 * A {@link Lookup} over the tables or sub-folders of one folder listing.
 *
 * <p>The listing is read on first use and then kept for the life of this lookup, which Calcite
 * keeps for one schema object: one metadata call or one resolution of a name in a statement.
 * Looking up every table of a listing therefore reads the folder once, not once per table, and
 * the next statement, which gets a new lookup, sees files added, changed or removed. Names are
 * found through the listing's indexes, in constant time however large the folder.
 *
 * @param <T> the looked-up entity (table or schema)
 */
final class NameLookup<T> implements Lookup<T> {
  /** The folder's listing now, or null if the folder is gone. */
  private final Supplier<FolderListing> listing;
  /** Which names of a listing: tables or folders, by name. */
  private final Function<FolderListing, Map<String, String>> names;
  /** The name matching a name ignoring case, in a listing. */
  private final BiFunction<FolderListing, String, String> ignoringCase;
  /** Creates the entity for a name of a listing; may return null. */
  private final Create<T> create;
  private volatile FolderListing read;

  private NameLookup(Supplier<FolderListing> listing,
      Function<FolderListing, Map<String, String>> names,
      BiFunction<FolderListing, String, String> ignoringCase,
      Create<T> create) {
    this.listing = listing;
    this.names = names;
    this.ignoringCase = ignoringCase;
    this.create = create;
  }

  /** The tables of a folder. */
  static <T> NameLookup<T> tables(Supplier<FolderListing> listing,
      Create<T> create) {
    return new NameLookup<>(listing, FolderListing::tables, FolderListing::tableNameIgnoringCase,
        create);
  }

  /** The sub-folders of a folder. */
  static <T> NameLookup<T> folders(Supplier<FolderListing> listing,
      Create<T> create) {
    return new NameLookup<>(listing, FolderListing::folders,
        FolderListing::folderNameIgnoringCase, create);
  }

  /**
   * Creates the entity a name stands for.
   *
   * @param <T> the entity
   */
  @FunctionalInterface
  interface Create<T> {
    /** The entity {@code name} stands for; {@code target} is its file-system name. */
    T apply(FolderListing listing, String name, String target);
  }

  private FolderListing listing() {
    FolderListing l = read;
    if (l == null) {
      l = listing.get();
      read = l;
    }
    return l;
  }

  @Override
  public T get(String name) {
    FolderListing l = listing();
    String target = l == null ? null : names.apply(l).get(name);
    return target == null ? null : create.apply(l, name, target);
  }

  @Override
  public Named<T> getIgnoreCase(String name) {
    FolderListing l = listing();
    String found = l == null ? null : ignoringCase.apply(l, name);
    if (found == null) {
      return null;
    }
    T t = create.apply(l, found, names.apply(l).get(found));
    return t == null ? null : new Named<>(found, t);
  }

  @Override
  public Set<String> getNames(LikePattern pattern) {
    FolderListing l = listing();
    Set<String> out = new TreeSet<>();
    if (l == null) {
      return out;
    }
    Map<String, String> all = names.apply(l);
    String p = pattern.pattern;
    if (p != null && p.indexOf('%') < 0 && p.indexOf('\\') < 0) {
      // One name asked for (getColumns of one table): found in the index, not by matching a
      // pattern against each of the folder's names.
      if (all.containsKey(p)) {
        out.add(p);
      }
      return out;
    }
    all.keySet().stream().filter(pattern.matcher()::apply).forEach(out::add);
    return out;
  }
}

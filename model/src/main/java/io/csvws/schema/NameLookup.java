package io.csvws.schema;

import io.csvws.workspace.FolderListing;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
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
abstract class NameLookup<T> implements Lookup<T> {
  /** Whether the names are the listing's tables; else its sub-folders. */
  private final boolean tables;
  private volatile FolderListing read;

  /** @param tables whether to look up the listing's tables; else its sub-folders */
  NameLookup(boolean tables) {
    this.tables = tables;
  }

  /** The folder's listing now, or null if the folder is gone. */
  abstract FolderListing readListing();

  /**
   * The entity {@code name} stands for, or null; {@code target} is its file-system name.
   * (Subclasses rather than functions: a fresh JVM links each lambda through method handles at
   * its first call, and a lookup is on the path of every first statement.)
   */
  abstract T create(FolderListing listing, String name, String target);

  private Map<String, String> names(FolderListing l) {
    return tables ? l.tables() : l.folders();
  }

  private String ignoringCase(FolderListing l, String name) {
    return tables ? l.tableNameIgnoringCase(name) : l.folderNameIgnoringCase(name);
  }

  private FolderListing listing() {
    FolderListing l = read;
    if (l == null) {
      l = readListing();
      read = l;
    }
    return l;
  }

  @Override
  public T get(String name) {
    FolderListing l = listing();
    String target = l == null ? null : names(l).get(name);
    return target == null ? null : create(l, name, target);
  }

  @Override
  public Named<T> getIgnoreCase(String name) {
    FolderListing l = listing();
    String found = l == null ? null : ignoringCase(l, name);
    if (found == null) {
      return null;
    }
    T t = create(l, found, names(l).get(found));
    return t == null ? null : new Named<>(found, t);
  }

  @Override
  public Set<String> getNames(LikePattern pattern) {
    FolderListing l = listing();
    Set<String> out = new TreeSet<>();
    if (l == null) {
      return out;
    }
    Map<String, String> all = names(l);
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

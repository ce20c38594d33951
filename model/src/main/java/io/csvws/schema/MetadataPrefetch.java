package io.csvws.schema;

import io.csvws.metadata.TableMetadata;
import io.csvws.workspace.TableFile;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Learns the metadata of many files at once, on the connection's scan threads, so that listing
 * the columns of every table of a big folder costs one inspection per file spread over the
 * processors, and nothing for a file whose metadata is already known. A file is inspected once per
 * change: the metadata cache keeps what each inspection learnt.
 */
public final class MetadataPrefetch {
  private MetadataPrefetch() {
  }

  /**
   * The metadata of each file, in order, inspecting the files not yet known in parallel.
   */
  public static List<TableMetadata> metadata(Catalog catalog, List<TableFile> files) {
    TableMetadata[] out = new TableMetadata[files.size()];
    if (catalog.workers() == null) {
      for (int i = 0; i < out.length; i++) {
        out[i] = catalog.metadata(files.get(i));
      }
    } else {
      catalog.workers().forEach(out.length, i -> out[i] = catalog.metadata(files.get(i)));
    }
    return Arrays.asList(out);
  }

  /**
   * Learns the metadata of every table file whose schema name (such as {@code main} or
   * {@code sales.eu}) and table name match, so that a walk over their columns that follows finds
   * each in the cache. Does nothing when at most one table matches.
   *
   * @return how many table files matched
   */
  public static int tables(Catalog catalog, Predicate<String> schemaName,
      Predicate<String> tableName) {
    List<TableFile> files = new ArrayList<>();
    for (FolderWalk.Folder folder : FolderWalk.walk(catalog)) {
      if (folder.listing() == null || !schemaName.test(folder.schemaName())) {
        continue;
      }
      for (Map.Entry<String, String> t : folder.listing().tables().entrySet()) {
        if (tableName.test(t.getKey())) {
          TableFile f = catalog.workspace().table(folder.listing(), t.getValue(), t.getKey());
          if (f != null) {
            files.add(f);
          }
        }
      }
    }
    if (files.size() > 1 && catalog.workers() != null) {
      // A file that cannot be inspected is reported by the walk that follows, in its place.
      catalog.workers().forEach(files.size(), i -> {
        try {
          catalog.metadata(files.get(i));
        } catch (RuntimeException e) {
          // Reported again, with its file named, when the walk reaches it.
        }
      });
    }
    return files.size();
  }
}

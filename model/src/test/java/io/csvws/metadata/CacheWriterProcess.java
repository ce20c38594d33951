package io.csvws.metadata;

import io.csvws.config.ConnectionConfig;
import io.csvws.workspace.TableFile;
import io.csvws.workspace.Workspace;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A second process for {@link PersistentMetadataTest}: {@code WORKSPACE CACHE FILES ROUNDS}
 * reads and writes the entries of files {@code f0.csv ...} with a new cache each round, checks
 * every answer, and prints {@code ok} or what was wrong (exit status 1).
 */
public final class CacheWriterProcess {
  private CacheWriterProcess() {
  }

  public static void main(String[] args) {
    Path dir = Path.of(args[0]);
    ConnectionConfig config = ConnectionConfig.parse(Map.of("metadataCache", args[1]));
    int files = Integer.parseInt(args[2]);
    int rounds = Integer.parseInt(args[3]);
    for (int round = 0; round < rounds; round++) {
      MetadataCache cache = new MetadataCache(10);
      int i = round % files;
      TableFile f = Workspace.open(dir).table(List.of(), "f" + i + ".csv", "t");
      String want = i % 2 == 0 ? "n:INTEGER" : "n:VARCHAR";
      List<String> got = InspectorFixtures.columns(cache.get(f, config));
      if (!got.equals(List.of(want))) {
        System.out.println("round " + round + ": f" + i + " read as " + got);
        System.exit(1);
      }
      RowIndex.Builder b = new RowIndex.Builder();
      b.add(1, 2);
      cache.putRowIndex(f, config, b.build(f.fingerprint(), 1));
      RowIndex r = new MetadataCache(10).rowIndex(f, config);
      if (r == null || r.rowCount() != 1) {
        System.out.println("round " + round + ": f" + i + " row index " + r);
        System.exit(1);
      }
    }
    System.out.println("ok");
  }
}

package io.csvws.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The workspace a page's SQL runs on: the example workspace, a copy of it with the files the
 * page's examples name (docs/names.md's {@code sales/eu/q1.tsv}), or, for pages whose examples
 * use tables of their own ({@code events}, {@code t}, {@code variants}, the benchmark's
 * {@code tall}), small files with those tables' columns.
 */
final class DocWorkspaces {
  private DocWorkspaces() {
  }

  /** The files a page's examples need besides (or instead of) the example workspace. */
  private static Map<String, String> files(String page) {
    return switch (page) {
      case "docs/names.md" -> Map.of("sales/eu/q1.tsv", "region\tamount\nnorth\t10\nsouth\t20\n");
      case "docs/sql.md" -> Map.of(
          "events.csv", "date,year,month,time,count,value,type,name,timestamp,day,hour,week,"
              + "quarter,position,size,level,result,start,key,language,rank,interval,current,"
              + "partition\n"
              + "2019-05-01,2019,5,10:00:00,3,1.5,click,a,2019-05-01 10:00:00,1,10,18,2,1,2,3,"
              + "ok,2019-05-01,k1,en,1,5,yes,p1\n",
          "cities.csv", "name,population\nBerlin,3563564\nLima,9751000\n",
          "t.csv", "a,b,col_a,col_b\n1,2,3,4\n5,6,7,8\n",
          "sales.csv", "region,product,amount\nnorth,a,10\nsouth,b,20\nnorth,b,5\n",
          "opening_hours.csv", "monday,tuesday\n9-17,9-18\n");
      case "docs/wide-tables.md" -> Map.of("variants.csv", variants());
      case "docs/benchmarks.md" -> Map.of(
          "tall.csv", "id,email,country,qty,status,amount\n1,a@example.com,DE,60,shipped,10.50\n"
              + "2,b@example.com,FR,70,open,3.25\n",
          "wide.csv", "chr,pos,sample_00016,sample_00017\n1,10001,0,2\n",
          "f04242.csv", "id,value\n1,a\n2,b\n",
          "t.csv", "id,value\n1,a\n");
      default -> Map.of();
    };
  }

  /**
   * The folder a page's placeholder ({@code ~/data}, {@code <folder>}, {@code DIR}) stands for:
   * README.md's {@code ~/data} holds a table {@code sales}; elsewhere the page's workspace.
   */
  static Path placeholder(String page, Path scratch) throws IOException {
    if (!page.equals("README.md")) {
      return forPage(page, scratch);
    }
    Path data = scratch.resolve("readme-data");
    if (!Files.exists(data)) {
      Files.createDirectories(data);
      Files.writeString(data.resolve("sales.csv"), "region,amount\nnorth,10.50\nsouth,3\n");
    }
    return data;
  }

  /** Whether a page's examples use the example workspace's tables. */
  private static boolean usesExample(String page) {
    return !List.of("docs/sql.md", "docs/wide-tables.md", "docs/benchmarks.md").contains(page);
  }

  /** The workspace for {@code page}'s SQL (made once per run). */
  static Path forPage(String page, Path scratch) throws IOException {
    Map<String, String> extra = files(page);
    if (extra.isEmpty()) {
      return DocsIT.EXAMPLE;
    }
    Path ws = scratch.resolve("ws-" + page.replace('/', '-'));
    if (!Files.exists(ws)) {
      if (usesExample(page)) {
        copy(DocsIT.EXAMPLE, ws);
      }
      for (Map.Entry<String, String> f : extra.entrySet()) {
        Path file = ws.resolve(f.getKey());
        Files.createDirectories(file.getParent());
        Files.writeString(file, f.getValue());
      }
    }
    return ws;
  }

  /** The example workspace with docs/agents.md's generated 20,000-column file added. */
  static Path forAgents(Path scratch) throws IOException {
    Path ws = scratch.resolve("ws-agents");
    copy(DocsIT.EXAMPLE, ws);
    Path genomics = Files.createDirectories(ws.resolve("genomics"));
    Files.writeString(genomics.resolve("variants.csv"), variants());
    return ws;
  }

  /**
   * The file the worked session of docs/agents.md describes: 3 rows of chr, pos, ref, alt, an
   * annotation of 100,011 characters and 19,995 sample columns, 680,004 bytes.
   */
  static String variants() {
    int samples = 19_995;
    StringBuilder csv = new StringBuilder("chr,pos,ref,alt,annotation");
    for (int s = 1; s <= samples; s++) {
      csv.append(String.format(",sample_%05d", s));
    }
    csv.append('\n');
    for (int row = 1; row <= 3; row++) {
      csv.append(row).append(',').append(10_000 + row).append(",A,G,gene=BRCA").append(row)
          .append(';').append("x".repeat(100_000));
      for (int s = 1; s <= samples; s++) {
        csv.append(',').append((row + s) % 3);
      }
      csv.append('\n');
    }
    return csv.toString();
  }

  private static void copy(Path from, Path to) throws IOException {
    try (Stream<Path> files = Files.walk(from)) {
      files.forEach(f -> {
        try {
          Path target = to.resolve(from.relativize(f).toString());
          if (Files.isDirectory(f)) {
            Files.createDirectories(target);
          } else {
            Files.copy(f, target);
          }
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    }
  }
}

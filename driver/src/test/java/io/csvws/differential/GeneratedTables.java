package io.csvws.differential;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The generated tables of the differential suite, written with a fixed seed so that every run (and
 * every machine) queries the same bytes. Four tables share keys for joins:
 *
 * <ul>
 *   <li>{@code customers} (60 rows): {@code id}; text with quotes, commas, newlines, unicode, the
 *       empty string and NULL; a text column holding {@code NA} (Namibia) that must stay text; dates;
 *       booleans written four ways; negative integers; 2-decimal amounts with {@code N/A} tokens.
 *   <li>{@code orders} (400 rows): {@code customer_id} (some without a customer, some NULL) and
 *       {@code product_id} (some without a product); timestamps with and without milliseconds;
 *       2-decimal prices; doubles with exponents; INTEGER values at the 32-bit limits whose sum needs
 *       64 bits; BIGINT values up to 9e18 whose sum stays in range.
 *   <li>{@code products} (25 rows): columns named {@code year} and {@code count}.
 *   <li>{@code events} (200 rows): columns named {@code date}, {@code time}, {@code value},
 *       {@code type}, {@code name}, {@code month}.
 * </ul>
 */
final class GeneratedTables {
  /** The seed: the suite's data never changes between runs. */
  static final long SEED = 13;

  private static final DateTimeFormatter TS = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
  private static final DateTimeFormatter TS_MILLIS =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");

  private static final String[] SPECIAL_NAMES = {
    "O'Brien", "Smith, Jr.", "She said \"hi\"", "Zoë Ångström", "李雷", "line one\nline two",
    "Ünal", "  padded  ", "émile", "Émile", "ALL CAPS", "mixed Case", "100% sure", "under_score",
    "back\\slash", "a,b,c", "😀 smile"
  };
  private static final String[] CITIES = {"Paris", "Berlin", "Lyon", "São Paulo", "New York", null};
  private static final String[] COUNTRIES = {"FR", "DE", "NA", "BR", "US"};
  private static final String[] BOOLEANS = {"true", "false", "yes", "no", "TRUE", "No", ""};
  private static final String[] STATUSES = {"shipped", "pending", "cancelled", "returned"};
  private static final String[] CATEGORIES = {"tools", "toys", "food", "books", null};
  private static final String[] EVENT_TYPES = {"click", "view", "buy", "Click", "VIEW"};

  private GeneratedTables() {
  }

  /** Writes the four tables into {@code dir}. */
  static void write(Path dir) throws IOException {
    Random r = new Random(SEED);
    write(dir.resolve("customers.csv"), customers(r));
    write(dir.resolve("orders.csv"), orders(r));
    write(dir.resolve("products.csv"), products(r));
    write(dir.resolve("events.csv"), events(r));
    writeLog(dir.resolve("big_log.csv"), r);
  }

  /** The size from which csvws reads a file on every core (docs/reading-csv.md, "Large files"). */
  static final long PARALLEL_SCAN_BYTES = 16L << 20;

  /**
   * {@code big_log}: a file just over {@link #PARALLEL_SCAN_BYTES}, so csvws reads it in chunks on
   * every core and combines partial aggregates of many batches; some quoted notes hold line breaks,
   * so some chunks start with a wrong guess that csvws must correct. INTEGER readings whose sum
   * needs 64 bits, 2-decimal amounts, timestamps.
   */
  private static void writeLog(Path file, Random r) throws IOException {
    StringBuilder out = new StringBuilder(18 << 20);
    out.append("id,sensor,ts,reading,amount,note\n");
    LocalDateTime start = LocalDateTime.of(2024, 1, 1, 0, 0);
    int id = 0;
    while (out.length() < PARALLEL_SCAN_BYTES + (512 << 10)) {
      id++;
      int reading = id % 1000 == 0 ? 2_000_000_000 : r.nextInt(2_000_001) - 1_000_000;
      String note = switch (id % 97) {
        case 0 -> "\"multi\nline, note " + id + "\"";
        case 1 -> "\"say \"\"hi\"\"\"";
        case 2 -> "";
        default -> "n" + (id % 13);
      };
      out.append(id).append(",s").append(r.nextInt(40)).append(',')
          .append(start.plusSeconds(id * 7L).format(TS)).append(',').append(reading).append(',')
          .append(cents(r.nextInt(100_000))).append(',').append(note).append('\n');
    }
    Files.writeString(file, out, StandardCharsets.UTF_8);
  }

  private static List<List<String>> customers(Random r) {
    List<List<String>> rows = new ArrayList<>();
    rows.add(List.of("id", "name", "city", "country", "signup", "vip", "score", "balance"));
    for (int id = 1; id <= 60; id++) {
      String name;
      if (id <= SPECIAL_NAMES.length) {
        name = SPECIAL_NAMES[id - 1];
      } else if (id % 19 == 0) {
        name = "";
      } else if (id % 23 == 0) {
        name = null;
      } else {
        name = "Customer " + (char) ('A' + r.nextInt(26)) + id;
      }
      String signup = id % 17 == 0 ? "NA" : id % 13 == 0 ? null
          : LocalDate.of(2019, 1, 1).plusDays(r.nextInt(6 * 365)).toString();
      String score = id % 11 == 0 ? null : String.valueOf(r.nextInt(151) - 50);
      String balance = id % 14 == 0 ? "N/A" : cents(r.nextInt(1_100_000) - 100_000);
      rows.add(row(String.valueOf(id), name, pick(r, CITIES), pick(r, COUNTRIES), signup,
          nullIfEmpty(pick(r, BOOLEANS)), score, balance));
    }
    return rows;
  }

  private static List<List<String>> orders(Random r) {
    List<List<String>> rows = new ArrayList<>();
    rows.add(List.of("order_id", "customer_id", "product_id", "ordered_at", "ship_date", "qty",
        "unit_price", "discount", "status", "int_big", "big"));
    LocalDateTime start = LocalDateTime.of(2023, 1, 1, 0, 0);
    long[] bigs = new long[400];
    long bigSum = 0;
    for (int i = 0; i < 400; i++) {
      // One value near the 64-bit limit; the rest small enough that no partial sum overflows.
      bigs[i] = i == 137 ? 9_000_000_000_000_000_000L : (r.nextLong() % 400_000_000_000_000L);
      bigSum += i == 137 ? 0 : Math.abs(bigs[i]);
    }
    if (bigSum > 200_000_000_000_000_000L) {
      throw new IllegalStateException("big values could overflow: " + bigSum);
    }
    for (int i = 1; i <= 400; i++) {
      String customer = i % 37 == 0 ? null : String.valueOf(1 + r.nextInt(65));
      LocalDateTime at = start.plusSeconds(r.nextInt(2 * 365 * 24 * 3600));
      String ordered = i % 5 == 0 ? at.plusNanos((1 + r.nextInt(998)) * 1_000_000L).format(TS_MILLIS)
          : at.format(TS);
      String ship = i % 10 == 0 ? null : at.toLocalDate().plusDays(r.nextInt(15)).toString();
      int qty = i % 29 == 0 ? -(1 + r.nextInt(3)) : 1 + r.nextInt(20);
      String price = cents(50 + r.nextInt(99_950));
      String discount = switch (i % 6) {
        case 0 -> "0";
        case 1 -> (1 + r.nextInt(9)) + "e-2";
        case 2 -> "1.5E-1";
        case 3 -> "2.5e-2";
        case 4 -> "0." + (1 + r.nextInt(9));
        default -> i % 4 == 0 ? null : "5e-2";
      };
      String intBig = switch (i % 50) {
        case 7 -> "2147483647";
        case 8 -> "-2147483648";
        case 9, 10, 11, 12 -> "2000000000";
        default -> String.valueOf(r.nextInt(2_000_001) - 1_000_000);
      };
      rows.add(row(String.valueOf(i), customer, String.valueOf(1 + r.nextInt(27)), ordered, ship,
          String.valueOf(qty), price, discount, pick(r, STATUSES), intBig,
          String.valueOf(bigs[i - 1])));
    }
    return rows;
  }

  private static List<List<String>> products(Random r) {
    List<List<String>> rows = new ArrayList<>();
    rows.add(List.of("product_id", "name", "category", "price", "weight_kg", "launched", "year",
        "count"));
    String[] names = {"Hammer", "Saw", "Drill", "Teddy", "Kite", "Puzzle", "Apple", "Bread",
      "Cheese, aged", "Novel \"Dune\"", "Atlas", "Crème brûlée", "Ñandú plush", "Wrench",
      "Glue", "Yo-yo", "Rice", "Tea", "Cookbook", "Map", "Nails", "Ball", "Honey", "Poems",
      "Screws"};
    for (int i = 1; i <= 25; i++) {
      LocalDate launched = LocalDate.of(2015, 1, 1).plusDays(r.nextInt(3000));
      String weight = switch (i % 4) {
        case 0 -> (1 + r.nextInt(9)) + "." + r.nextInt(10) + "e" + (r.nextInt(3) - 1);
        case 1 -> "2.5E-3";
        case 2 -> (1 + r.nextInt(50)) + "." + (10 + r.nextInt(90));
        default -> "1e2";
      };
      rows.add(row(String.valueOf(i), names[i - 1], pick(r, CATEGORIES),
          cents(99 + r.nextInt(20_000)), weight, launched.toString(),
          String.valueOf(launched.getYear()), i % 9 == 0 ? "NA" : String.valueOf(r.nextInt(500))));
    }
    return rows;
  }

  private static List<List<String>> events(Random r) {
    List<List<String>> rows = new ArrayList<>();
    rows.add(List.of("event_id", "customer_id", "date", "time", "type", "name", "value", "month"));
    for (int i = 1; i <= 200; i++) {
      LocalDate date = LocalDate.of(2024, 1, 1).plusDays(r.nextInt(400));
      LocalTime time = LocalTime.ofSecondOfDay(r.nextInt(86_400));
      String value = i % 15 == 0 ? null
          : String.format(java.util.Locale.ROOT, "%.3e", (r.nextDouble() - 0.3) * 1000);
      rows.add(row(String.valueOf(i), String.valueOf(1 + r.nextInt(60)), date.toString(),
          i % 21 == 0 ? null : time.toString().length() == 5 ? time + ":00" : time.toString(),
          pick(r, EVENT_TYPES), "event " + (i % 7), value,
          String.valueOf(date.getMonthValue())));
    }
    return rows;
  }

  private static String cents(long cents) {
    return BigDecimal.valueOf(cents, 2).toPlainString();
  }

  private static String pick(Random r, String[] values) {
    return values[r.nextInt(values.length)];
  }

  private static String nullIfEmpty(String s) {
    return s.isEmpty() ? null : s;
  }

  private static List<String> row(String... values) {
    List<String> row = new ArrayList<>();
    for (String v : values) {
      row.add(v);
    }
    return row;
  }

  /** RFC 4180: NULL as an empty unquoted field, the empty string as {@code ""}. */
  private static void write(Path file, List<List<String>> rows) throws IOException {
    StringBuilder out = new StringBuilder();
    for (List<String> row : rows) {
      for (int i = 0; i < row.size(); i++) {
        if (i > 0) {
          out.append(',');
        }
        String v = row.get(i);
        if (v == null) {
          continue;
        }
        boolean quote = v.isEmpty() || v.contains(",") || v.contains("\"") || v.contains("\n")
            || v.contains("\r") || !v.strip().equals(v);
        out.append(quote ? '"' + v.replace("\"", "\"\"") + '"' : v);
      }
      out.append('\n');
    }
    Files.writeString(file, out, StandardCharsets.UTF_8);
  }
}

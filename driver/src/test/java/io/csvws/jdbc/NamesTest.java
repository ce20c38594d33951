package io.csvws.jdbc;

import static io.csvws.jdbc.Queries.column;
import static io.csvws.jdbc.Queries.failure;
import static io.csvws.jdbc.Queries.labels;
import static io.csvws.jdbc.Queries.rows;
import static io.csvws.jdbc.Queries.value;
import static io.csvws.jdbc.Queries.write;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The naming rules of docs/names.md, seen through JDBC: which files are tables, how folders become
 * schemas, how names match regardless of case and keep their case in metadata, how blank and
 * duplicate header cells and clashing file names are named, and the hidden {@code _row} column.
 */
class NamesTest {
  @TempDir
  Path dir;

  @Test
  void subFoldersAreNestedSchemasReachedByDottedNames() throws Exception {
    write(dir, "data/sales/q1.csv", "id,amount\n1,10\n2,20\n");
    write(dir, "data/q1.csv", "id\n7\n");
    write(dir, "q1.csv", "id\n100\n");
    try (Connection c = Queries.open(dir)) {
      assertThat(column(c, "SELECT id FROM data.sales.q1 ORDER BY id")).containsExactly(1, 2);
      assertThat(column(c, "SELECT id FROM main.data.sales.q1 ORDER BY id"))
          .containsExactly(1, 2);
      assertThat(column(c, "SELECT id FROM \"data.sales\".\"q1\" ORDER BY id"))
          .as("the dotted schema name that metadata lists, quoted")
          .containsExactly(1, 2);
      assertThat(column(c, "SELECT id FROM data.q1")).containsExactly(7);
      assertThat(column(c, "SELECT id FROM q1")).as("the root folder is the default schema")
          .containsExactly(100);
      assertThat(column(c, "SELECT id FROM main.q1")).containsExactly(100);
      assertThat(value(c, "SELECT SUM(s.amount) FROM data.sales.q1 s JOIN data.q1 d ON d.id > s.id"))
          .as("tables of different folders join").isEqualTo(30L);

      assertThat(failure(c, "SELECT * FROM sales.q1").getMessage())
          .as("a folder is reached through its parents").containsIgnoringCase("sales");
      assertThat(failure(c, "SELECT * FROM data.sales.q2").getMessage())
          .contains("Table 'q2' not found in schema 'data.sales'");
      assertThat(failure(c, "SELECT * FROM data.nothing.q1").getMessage()).contains("not found");

      assertThat(tables(c.getMetaData(), null))
          .contains("main.q1", "data.q1", "data.sales.q1");
    }
  }

  @Test
  void quotedRelativePathsNameOneFile() throws Exception {
    write(dir, "data/sales/q1.csv", "id,amount\n1,10\n2,20\n");
    write(dir, "data/sales/Q1.tsv", "id\tamount\n3\t30\n");
    write(dir, "customers.csv", "id\n1\n2\n3\n");
    write(dir, "notes.md", "id\n1\n");
    try (Connection c = Queries.open(dir)) {
      assertThat(column(c, "SELECT id FROM \"data/sales/q1.csv\" ORDER BY id"))
          .containsExactly(1, 2);
      assertThat(column(c, "SELECT id FROM \"data/sales/Q1.tsv\"")).containsExactly(3);
      assertThat(column(c, "SELECT COUNT(*) FROM \"customers.csv\"")).containsExactly(3L);
      assertThat(column(c, "SELECT id FROM \"./customers.csv\" WHERE id = 2"))
          .containsExactly(2);
      assertThat(column(c, "SELECT id FROM data.\"sales/q1.csv\" ORDER BY id"))
          .as("a path is relative to the schema it is qualified with").containsExactly(1, 2);
      assertThat(column(c, "SELECT p.amount FROM \"data/sales/q1.csv\" p WHERE p.id = 2"))
          .containsExactly(20);

      assertThat(failure(c, "SELECT * FROM \"data/sales/q9.csv\"").getMessage())
          .contains("q9.csv");
      assertThat(failure(c, "SELECT * FROM \"notes.md\"").getMessage())
          .as("a file that is not a table is not reached by its path either")
          .contains("notes.md");
    }
  }

  @Test
  void unquotedAndQuotedNamesMatchRegardlessOfCaseAndMetadataKeepsTheFilesCase()
      throws Exception {
    write(dir, "Customers.csv", "Name,City\nAna,Madrid\nBob,Paris\n");
    write(dir, "Sales/Orders.csv", "OrderId,Total\n1,9.5\n");
    try (Connection c = Queries.open(dir)) {
      for (String sql : List.of(
          "SELECT name FROM customers ORDER BY name",
          "SELECT NAME FROM CUSTOMERS ORDER BY NAME",
          "SELECT Name FROM Customers ORDER BY Name",
          "SELECT \"Name\" FROM \"Customers\" ORDER BY \"Name\"",
          "SELECT \"name\" FROM \"customers\" ORDER BY \"name\"",
          "SELECT c.name FROM MAIN.customers c ORDER BY C.NAME")) {
        assertThat(column(c, sql)).as(sql).containsExactly("Ana", "Bob");
      }
      assertThat(column(c, "SELECT total FROM sales.orders WHERE orderid = 1"))
          .containsExactly(new java.math.BigDecimal("9.5"));
      assertThat(column(c, "SELECT TOTAL FROM SALES.ORDERS"))
          .containsExactly(new java.math.BigDecimal("9.5"));

      assertThat(labels(c, "SELECT * FROM customers")).containsExactly("Name", "City");
      assertThat(labels(c, "SELECT * FROM sales.orders")).containsExactly("OrderId", "Total");
      DatabaseMetaData md = c.getMetaData();
      assertThat(tables(md, null)).contains("main.Customers", "Sales.Orders");
      assertThat(columns(md, "main", "Customers")).containsExactly("Name", "City");
    }
  }

  @Test
  void columnNamesWithSpacesAndAccentsWorkWhenQuoted() throws Exception {
    write(dir, "movimientos.csv",
        "IMPORTE EUR,FECHA OPERACIÓN,  Concepto  ,Año\n12.50,2024-01-31,Café,2024\n"
            + "3.25,2024-02-01,Té,2023\n");
    try (Connection c = Queries.open(dir)) {
      assertThat(labels(c, "SELECT * FROM movimientos"))
          .as("surrounding spaces trimmed, everything else kept")
          .containsExactly("IMPORTE EUR", "FECHA OPERACIÓN", "Concepto", "Año");
      assertThat(rows(c, "SELECT \"IMPORTE EUR\", \"FECHA OPERACIÓN\", concepto, año "
          + "FROM movimientos WHERE \"importe eur\" > 10"))
          .containsExactly(List.of(new java.math.BigDecimal("12.50"),
              java.sql.Date.valueOf("2024-01-31"), "Café", 2024));
      assertThat(column(c, "SELECT \"Concepto\" FROM movimientos WHERE \"fecha operación\" "
          + "= DATE '2024-02-01'")).containsExactly("Té");
      assertThat(columns(c.getMetaData(), "main", "movimientos"))
          .containsExactly("IMPORTE EUR", "FECHA OPERACIÓN", "Concepto", "Año");
    }
  }

  @Test
  void blankHeaderCellsAreNumberedAndDuplicatesGetSuffixes() throws Exception {
    write(dir, "t.csv", "id,,name, ,ID,id,column_2,name\n"
        + "1,b,n1,d,e,f,g,h\n");
    try (Connection c = Queries.open(dir)) {
      List<String> names = labels(c, "SELECT * FROM t");
      assertThat(names).containsExactly("id", "column_2", "name", "column_4", "ID_2", "id_3",
          "column_2_2", "name_2");
      assertThat(rows(c, "SELECT id, column_2, column_4, id_2, ID_3, column_2_2, name_2 "
          + "FROM t")).containsExactly(List.of(1, "b", "d", "e", "f", "g", "h"));
      assertThat(columns(c.getMetaData(), "main", "t")).isEqualTo(names);
    }
  }

  @Test
  void aFileWithoutHeaderHasNumberedColumns() throws Exception {
    write(dir, "nums.csv", "1,2,3\n4,5,6\n");
    try (Connection c = Queries.open(dir, "header=absent")) {
      assertThat(labels(c, "SELECT * FROM nums"))
          .containsExactly("column_1", "column_2", "column_3");
      assertThat(column(c, "SELECT column_2 FROM nums ORDER BY 1")).containsExactly(2, 5);
    }
  }

  @Test
  void filesThatWouldShareANameAreBothVisibleUnderTheDocumentedRule() throws Exception {
    write(dir, "a.csv", "src\ncomma\n");
    write(dir, "a.tsv", "src\ntab\n");
    write(dir, "a.csv.gz.txt", "src\ntxt\n");
    write(dir, "b.csv", "src\nb\n");
    write(dir, "b/detail.csv", "src\ndetail\n");
    try (Connection c = Queries.open(dir)) {
      assertThat(value(c, "SELECT src FROM a_csv")).isEqualTo("comma");
      assertThat(value(c, "SELECT src FROM a_tsv")).isEqualTo("tab");
      assertThat(value(c, "SELECT src FROM \"a.csv\"")).isEqualTo("comma");
      assertThat(value(c, "SELECT src FROM \"a.tsv\"")).isEqualTo("tab");
      assertThat(value(c, "SELECT src FROM \"a.csv.gz\"")).as("the base name of a.csv.gz.txt")
          .isEqualTo("txt");
      assertThat(failure(c, "SELECT src FROM a").getMessage())
          .as("no file takes the shared name").contains("a");
      assertThat(value(c, "SELECT src FROM b")).as("a table and a folder may share a name")
          .isEqualTo("b");
      assertThat(value(c, "SELECT src FROM b.detail")).isEqualTo("detail");
      assertThat(value(c, "SELECT b.src FROM main.b")).isEqualTo("b");
      assertThat(value(c, "SELECT x.src FROM b AS x")).isEqualTo("b");
      assertThat(rows(c, "SELECT b.src, d.src FROM b JOIN b.detail d ON b.src <> d.src"))
          .containsExactly(List.of("b", "detail"));
      assertThat(value(c, "SELECT COUNT(*) FROM (SELECT * FROM b) WHERE src IN "
          + "(SELECT src FROM b)")).isEqualTo(1L);
      assertThat(value(c, "WITH b AS (SELECT 'with' AS src) SELECT src FROM b"))
          .as("a WITH item comes before tables").isEqualTo("with");
      assertThat(tables(c.getMetaData(), "main")).containsExactlyInAnyOrder(
          "main.a_csv", "main.a_tsv", "main.a.csv.gz", "main.b");
    }
  }

  @Test
  void namesDifferingOnlyInCaseGetNumberedSuffixesInCodePointOrder() throws Exception {
    write(dir, "A.csv", "src\nupper\n");
    write(dir, "a.csv", "src\nlower\n");
    if (!Files.exists(dir.resolve("a.csv")) || Files.isSameFile(dir.resolve("A.csv"),
        dir.resolve("a.csv"))) {
      return; // a case-insensitive file system holds one file
    }
    write(dir, "Data/x.csv", "src\nData\n");
    write(dir, "data/x.csv", "src\ndata\n");
    try (Connection c = Queries.open(dir)) {
      assertThat(value(c, "SELECT src FROM A_csv")).isEqualTo("upper");
      assertThat(value(c, "SELECT src FROM a_csv_2")).isEqualTo("lower");
      assertThat(value(c, "SELECT src FROM \"a.csv\"")).isEqualTo("lower");
      assertThat(value(c, "SELECT src FROM \"A.csv\"")).isEqualTo("upper");
      assertThat(value(c, "SELECT src FROM data.x")).as("'Data' sorts before 'data'")
          .isEqualTo("Data");
      assertThat(value(c, "SELECT src FROM data_2.x")).isEqualTo("data");
      assertThat(value(c, "SELECT src FROM \"data/x.csv\"")).isEqualTo("data");
    }
  }

  @Test
  void hiddenFilesAndFoldersAndOtherExtensionsAreNotTables() throws Exception {
    write(dir, "visible.csv", "x\n1\n");
    write(dir, ".hidden.csv", "x\n2\n");
    write(dir, ".git/objects.csv", "x\n3\n");
    write(dir, "sub/.secret.tsv", "x\t4\n");
    write(dir, "sub/shown.tsv", "x\n5\n");
    write(dir, "readme.md", "x\n6\n");
    write(dir, "data.json", "x\n7\n");
    write(dir, ".csv", "x\n8\n");
    try (Connection c = Queries.open(dir)) {
      assertThat(tables(c.getMetaData(), null)).contains("main.visible", "sub.shown")
          .noneMatch(t -> t.contains("hidden") || t.contains("git") || t.contains("secret")
              || t.contains("readme") || t.contains("json") || t.contains("objects"));
      assertThat(column(c, "SELECT x FROM visible")).containsExactly(1);
      assertThat(column(c, "SELECT x FROM sub.shown")).containsExactly(5);
      for (String sql : List.of(
          "SELECT * FROM \".hidden.csv\"", "SELECT * FROM \".git/objects.csv\"",
          "SELECT * FROM \"sub/.secret.tsv\"", "SELECT * FROM \".git\".objects",
          "SELECT * FROM \"readme.md\"", "SELECT * FROM readme", "SELECT * FROM \"data.json\"",
          "SELECT * FROM \".csv\"")) {
        SQLException e = failure(c, sql);
        assertThat(e.getMessage()).as(sql).doesNotContain("\n2\n", "\n3\n");
      }
    }
  }

  @Test
  void theRowNumberIsSelectableAndFilterableButNotPartOfTheStar() throws Exception {
    write(dir, "t.csv", "name,note\nann,\"two\nlines\"\n\nbob,x\ncid,y\n");
    write(dir, "u.csv", "name,_row\nann,own\n");
    try (Connection c = Queries.open(dir)) {
      assertThat(labels(c, "SELECT * FROM t")).containsExactly("name", "note");
      assertThat(labels(c, "SELECT t.* FROM t")).containsExactly("name", "note");
      assertThat(rows(c, "SELECT _row, name FROM t ORDER BY _row")).as(
              "records are numbered, not lines: a quoted line break and an empty line do not count")
          .containsExactly(List.of(1L, "ann"), List.of(2L, "bob"), List.of(3L, "cid"));
      assertThat(column(c, "SELECT name FROM t WHERE _row = 2")).containsExactly("bob");
      assertThat(rows(c, "SELECT *, _row FROM t WHERE _row > 2"))
          .as("every column and the row number, in file order")
          .containsExactly(List.of("cid", "y", 3L));
      assertThat(labels(c, "SELECT t.*, t._row FROM t")).containsExactly("name", "note", "_row");
      assertThat(column(c, "SELECT note FROM t ORDER BY _row DESC")).containsExactly("y", "x",
          "two\nlines");
      assertThat(column(c, "SELECT name FROM t WHERE _row > 1 AND name <> 'cid'"))
          .containsExactly("bob");
      assertThat(column(c, "SELECT t._row FROM t WHERE name = 'cid'")).containsExactly(3L);
      assertThat(column(c, "SELECT MAX(_ROW) FROM t")).as("matched regardless of case")
          .containsExactly(3L);
      assertThat(column(c, "SELECT \"_row\" FROM \"t.csv\" WHERE name = 'ann'"))
          .containsExactly(1L);

      assertThat(labels(c, "SELECT * FROM u")).as("a header cell named _row is renamed")
          .containsExactly("name", "_row_2");
      assertThat(rows(c, "SELECT _row, _row_2 FROM u")).containsExactly(List.of(1L, "own"));
      assertThat(columns(c.getMetaData(), "main", "t")).containsExactly("name", "note");

      assertThat(rows(c, "SELECT * FROM t NATURAL JOIN u"))
          .as("NATURAL JOIN matches the visible columns, never _row")
          .containsExactly(List.of("ann", "two\nlines", "own"));
      assertThat(rows(c, "SELECT t.name, u._row_2 FROM t JOIN u USING (name)"))
          .containsExactly(List.of("ann", "own"));
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"q1.CSV", "q1.Tsv", "q1.psv", "q1.tab", "q1.txt"})
  void everyTableExtensionInAnyCaseIsATable(String file) throws Exception {
    char d = file.toLowerCase().endsWith(".psv") ? '|'
        : file.toLowerCase().matches(".*\\.(tsv|tab)") ? '\t' : ',';
    write(dir, file, "a" + d + "b\n1" + d + "x\n2" + d + "y\n");
    try (Connection c = Queries.open(dir)) {
      assertThat(rows(c, "SELECT b, a FROM q1 ORDER BY a"))
          .containsExactly(List.of("x", 1), List.of("y", 2));
      assertThat(column(c, "SELECT a FROM \"" + file + "\" WHERE b = 'y'")).containsExactly(2);
    }
  }

  /** "schema.table" for every table (of {@code schema}, or of all schemas when null). */
  static List<String> tables(DatabaseMetaData md, String schema) throws SQLException {
    List<String> out = new ArrayList<>();
    try (ResultSet rs = md.getTables(null, schema, "%", null)) {
      while (rs.next()) {
        if (!"csvws".equals(rs.getString("TABLE_SCHEM"))) {
          out.add(rs.getString("TABLE_SCHEM") + "." + rs.getString("TABLE_NAME"));
        }
      }
    }
    return out;
  }

  /** The column names of a table, in order, as {@code getColumns} lists them. */
  static List<String> columns(DatabaseMetaData md, String schema, String table)
      throws SQLException {
    List<String> out = new ArrayList<>();
    try (ResultSet rs = md.getColumns(null, schema, table, "%")) {
      while (rs.next()) {
        out.add(rs.getString("COLUMN_NAME"));
      }
    }
    return out;
  }
}

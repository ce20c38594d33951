package io.csvws.sql.functions;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.sql.SqlOperator;
import org.junit.jupiter.api.Test;

/**
 * The function catalogue: one row per name and signature of every operator the validator knows,
 * each described from {@code descriptions.tsv}, with its kind and source; names looked up in any
 * case.
 */
class FunctionCatalogTest {
  private static final FunctionCatalog CATALOG = FunctionCatalog.instance();

  private static List<FunctionCatalog.Function> named(String name) {
    return CATALOG.named(name);
  }

  @Test
  void everyOperatorOfTheVocabularyHasRowsAndEveryRowADescription() {
    Set<String> names = new HashSet<>();
    CATALOG.functions().forEach(f -> names.add(f.name()));
    for (SqlOperator op : SqlVocabulary.instance().operatorTable().getOperatorList()) {
      if (!op.getName().isEmpty()) {
        assertThat(names).as(op.getName()).contains(op.getName());
      }
    }
    assertThat(names).doesNotContain("");
    assertThat(CATALOG.functions()).allMatch(f -> !f.description()
        .equals(FunctionCatalog.NO_DESCRIPTION) && !f.returnType().isEmpty()
        && !f.topic().isEmpty() && !f.signature().isEmpty());
    assertThat(CATALOG).isSameAs(FunctionCatalog.instance());
  }

  @Test
  void aRowSaysKindSignatureReturnTypeTopicAndSource() {
    assertThat(named("MEDIAN")).singleElement().satisfies(f -> {
      assertThat(f.kind()).isEqualTo("aggregate");
      assertThat(f.signature()).isEqualTo("MEDIAN(<NUMERIC>)");
      assertThat(f.returnType()).isEqualTo("DOUBLE");
      assertThat(f.topic()).isEqualTo("aggregate");
      assertThat(f.source()).isEqualTo("csvws");
      assertThat(f.description()).isNotBlank();
    });
    assertThat(named("ILIKE")).extracting(FunctionCatalog.Function::kind,
        FunctionCatalog.Function::source).containsOnly(
            org.assertj.core.groups.Tuple.tuple("operator", "postgresql"));
    assertThat(named("UPPER")).extracting(FunctionCatalog.Function::kind).containsOnly("scalar");
    assertThat(named("UPPER")).extracting(FunctionCatalog.Function::source)
        .containsOnly("standard");
  }

  @Test
  void windowFunctionsAreToldFromAggregates() {
    for (String w : List.of("ROW_NUMBER", "RANK", "LAG", "LEAD", "FIRST_VALUE", "LAST_VALUE",
        "NTH_VALUE")) {
      assertThat(named(w)).as(w).isNotEmpty()
          .extracting(FunctionCatalog.Function::kind).containsOnly("window");
    }
    for (String a : List.of("SUM", "COUNT", "MIN", "CORR", "PERCENTILE_DISC")) {
      assertThat(named(a)).as(a).extracting(FunctionCatalog.Function::kind)
          .containsOnly("aggregate");
    }
  }

  @Test
  void internalFormsAreMarkedSo() {
    assertThat(CATALOG.functions()).filteredOn(f -> f.topic().equals("internal"))
        .isNotEmpty().allMatch(f -> f.kind().equals("internal"));
    assertThat(CATALOG.functions()).filteredOn(f -> f.kind().equals("internal"))
        .allMatch(f -> f.topic().equals("internal"));
    assertThat(CATALOG.functions()).extracting(FunctionCatalog.Function::kind).contains(
        "aggregate", "internal", "operator", "scalar", "window");
  }

  @Test
  void dateArithmeticListsItsOwnSignaturesAndTheStandardOnes() {
    List<String> minus = named("-").stream().map(FunctionCatalog.Function::signature).toList();
    assertThat(minus).contains("<DATE> - <DATE>", "<DATE> - <INTEGER>",
        "<NUMERIC> - <NUMERIC>");
    assertThat(minus).doesNotHaveDuplicates();
    assertThat(named("+").stream().map(FunctionCatalog.Function::signature))
        .contains("<DATE> + <INTEGER>", "<INTEGER> + <DATE>", "<NUMERIC> + <NUMERIC>");
    assertThat(named("-")).extracting(FunctionCatalog.Function::source).contains("csvws");
  }

  @Test
  void eachNameAndSignatureIsOneRow() {
    assertThat(CATALOG.functions().stream().map(f -> f.name() + " " + f.signature()))
        .doesNotHaveDuplicates();
  }

  @Test
  void signaturesAreUnquotedOneAPerLine() {
    assertThat(named("REGEXP_REPLACE")).hasSizeGreaterThan(1);
    assertThat(CATALOG.functions()).noneMatch(f -> f.signature().startsWith("'")
        || f.signature().contains("\n") || f.signature().isBlank());
    assertThat(named("BTRIM")).extracting(FunctionCatalog.Function::signature)
        .containsExactlyInAnyOrder("BTRIM(<CHARACTER>)", "BTRIM(<CHARACTER>, <CHARACTER>)");
  }

  @Test
  void formsWithoutASignatureAreNamedAlone() {
    assertThat(named("CASE")).extracting(FunctionCatalog.Function::signature)
        .containsExactly("CASE");
    assertThat(named("CAST")).extracting(FunctionCatalog.Function::signature)
        .allMatch(s -> s.startsWith("CAST"));
  }

  @Test
  void namesAreLookedUpIgnoringCaseAndSpaces() {
    assertThat(named(" date_trunc ")).extracting(FunctionCatalog.Function::name)
        .containsOnly("DATE_TRUNC").isNotEmpty();
    assertThat(named("no_such_function")).isEmpty();
  }

  @Test
  void aCatalogueOfTheVocabularyHasTheSameRows() {
    assertThat(new FunctionCatalog(SqlVocabulary.instance()).functions())
        .isEqualTo(CATALOG.functions());
  }
}

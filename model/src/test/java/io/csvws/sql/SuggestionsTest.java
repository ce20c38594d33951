package io.csvws.sql;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Which names "did you mean" offers for a misspelt one. */
class SuggestionsTest {
  private static final List<String> COLUMNS =
      List.of("customer_id", "customer_name", "order_id", "amount", "Region");

  @Test
  void nearestNamesByEditsIgnoringCase() {
    assertThat(Suggestions.nearest("custmer_id", COLUMNS)).containsExactly("customer_id");
    assertThat(Suggestions.nearest("REGOIN", COLUMNS)).as("a swap is one edit")
        .containsExactly("Region");
    assertThat(Suggestions.nearest("MEDAIN", List.of("MEDIAN", "MODE", "MAX", "MIN")))
        .containsExactly("MEDIAN");
    assertThat(Suggestions.nearest("cust", COLUMNS)).as("what was typed starts the name")
        .containsExactly("customer_id", "customer_name");
  }

  @Test
  void noSuggestionForFarNamesOrAKnownName() {
    assertThat(Suggestions.nearest("price", COLUMNS)).isEmpty();
    assertThat(Suggestions.nearest("ab", List.of("xy"))).isEmpty();
    assertThat(Suggestions.nearest("amount", COLUMNS)).isEmpty();
  }

  @Test
  void atMostThreeNearestFirst() {
    List<String> names = Suggestions.nearest("col",
        List.of("col1", "col2", "col3", "col4", "cola", "cl"));
    assertThat(names).hasSize(Suggestions.MAX).containsExactly("cl", "col1", "col2");
    assertThat(Suggestions.phrase(List.of("a"))).isEqualTo("; did you mean 'a'?");
    assertThat(Suggestions.phrase(List.of("a", "b")))
        .isEqualTo("; did you mean one of 'a', 'b'?");
    assertThat(Suggestions.phrase(List.of())).isEmpty();
  }

  @Test
  void distanceCountsInsertionsDeletionsSubstitutionsAndSwaps() {
    assertThat(Suggestions.distance("", "abc")).isEqualTo(3);
    assertThat(Suggestions.distance("abc", "")).isEqualTo(3);
    assertThat(Suggestions.distance("abc", "abc")).isZero();
    assertThat(Suggestions.distance("ab", "ba")).isEqualTo(1);
    assertThat(Suggestions.distance("abc", "acb")).isEqualTo(1);
    assertThat(Suggestions.distance("abcd", "badc")).isEqualTo(2);
    assertThat(Suggestions.distance("ca", "abc")).as("no edit twice: optimal alignment")
        .isEqualTo(3);
    assertThat(Suggestions.distance("kitten", "sitting")).isEqualTo(3);
    assertThat(Suggestions.distance("abcx", "abyc")).isEqualTo(2);
    assertThat(Suggestions.distance("xab", "xba")).isEqualTo(1);
  }

  @Test
  void nearerNamesComeBeforeAlphabeticallyEarlierOnes() {
    assertThat(Suggestions.nearest("abcd", List.of("abcdxyz", "abce")))
        .containsExactly("abce", "abcdxyz");
  }

  @Test
  void longerNamesAllowMoreEdits() {
    assertThat(Suggestions.nearest("abcdef", List.of("abxdxf"))).containsExactly("abxdxf");
    assertThat(Suggestions.nearest("abcdef", List.of("axxdxf"))).isEmpty();
    assertThat(Suggestions.nearest("abcdefghi", List.of("abxdxfxhi"))).hasSize(1);
    assertThat(Suggestions.nearest("abcdefghijklmnop", List.of("xxxxefghijklmnop"))).isEmpty();
    assertThat(Suggestions.nearest("ab", List.of("abcdef"))).as("two letters start nothing")
        .isEmpty();
    assertThat(Suggestions.nearest("cus", List.of("customer_id"))).as("three letters do")
        .containsExactly("customer_id");
    assertThat(Suggestions.nearest("x", List.of("y"))).as("one edit at least")
        .containsExactly("y");
  }
}

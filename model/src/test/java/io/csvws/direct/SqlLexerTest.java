package io.csvws.direct;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SqlLexerTest {

  private static List<String> kinds(String sql) {
    return SqlLexer.read(sql).stream().map(t -> t.kind() + ":" + t.text()).toList();
  }

  @Test
  void readsWordsQuotedNamesLiteralsAndSymbols() {
    assertThat(kinds("SELECT \"a \"\"b\"\" c\", 'it''s', x_1$ FROM t -- FROM u\n/* v */."))
        .containsExactly("WORD:SELECT", "QUOTED:a \"b\" c", "SYMBOL:,", "LITERAL:'it''s'",
            "SYMBOL:,", "WORD:x_1$", "WORD:FROM", "WORD:t", "SYMBOL:.");
    assertThat(kinds("1abc")).containsExactly("SYMBOL:1", "WORD:abc");
  }

  @Test
  void aQuoteOrLiteralNeverClosedEndsTheTokens() {
    assertThat(kinds("SELECT a FROM \"t")).containsExactly("WORD:SELECT", "WORD:a", "WORD:FROM");
    assertThat(kinds("SELECT 'x FROM t")).containsExactly("WORD:SELECT");
    assertThat(kinds("SELECT a /* FROM t")).containsExactly("WORD:SELECT", "WORD:a");
  }

  @Test
  void unqualifiedNamesLeaveOutBothSidesOfADot() {
    assertThat(SqlLexer.unqualifiedNames(
        "SELECT s.id, total FROM sales.q1 s JOIN \"my results\" ON 'x.y' = z . w"))
        .containsExactly("SELECT", "total", "FROM", "s", "JOIN", "my results", "ON");
  }
}

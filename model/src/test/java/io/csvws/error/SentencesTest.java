package io.csvws.error;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Sentences end with one full stop, whether or not the text given had one. */
class SentencesTest {
  @Test
  void aSentenceEndsOnce() {
    assertThat(Sentences.ending("listen on 127.0.0.1")).isEqualTo("listen on 127.0.0.1.");
    assertThat(Sentences.ending("listen on 127.0.0.1.")).isEqualTo("listen on 127.0.0.1.");
    assertThat(Sentences.ending("is it? ")).isEqualTo("is it?");
    assertThat(Sentences.ending("cut ...")).isEqualTo("cut ...");
    assertThat(Sentences.ending(null)).isEmpty();
    assertThat(Sentences.ending("stop!")).isEqualTo("stop!");
    assertThat(Sentences.ending("as follows:")).isEqualTo("as follows:");
    assertThat(Sentences.ending("   ")).isEmpty();
    assertThat(Sentences.ending("")).isEmpty();
  }

  @Test
  void sentencesJoinWithOneStopEach() {
    assertThat(Sentences.join("Bad value for maxCellChars.", "Give a number", null, " "))
        .isEqualTo("Bad value for maxCellChars. Give a number.");
    assertThat(Sentences.join(null, "", " first ", "\tsecond ")).isEqualTo("first. second.");
    assertThat(Sentences.join("only")).isEqualTo("only.");
    assertThat(Sentences.join()).isEmpty();
    assertThat(Sentences.join(null, " ")).isEmpty();
  }
}

package io.csvws.console;

import java.util.List;
import java.util.ListIterator;
import org.jline.reader.Candidate;
import org.jline.reader.Completer;
import org.jline.reader.LineReader;
import org.jline.reader.ParsedLine;

/**
 * Wraps SQLLine's completer so that a completed table or schema name keeps its last character.
 *
 * <p>SQLLine 1.12 offers table and schema names with the suffix {@code "."} but without that dot
 * in the value. JLine 3.21 expects the suffix at the end of the value: when the key after the
 * completion is one that ends a word ({@code ;}, Enter, ...) it deletes as many characters as
 * the suffix has. So {@code from cust<Tab>;} became {@code from customer ;}. Candidates whose
 * value does not end with their suffix are passed on without it. Stateless and thread-safe if
 * the wrapped completer is.
 */
final class SuffixSafeCompleter implements Completer {
  private final Completer delegate;

  SuffixSafeCompleter(Completer delegate) {
    this.delegate = delegate;
  }

  @Override
  public void complete(LineReader reader, ParsedLine line, List<Candidate> candidates) {
    int first = candidates.size();
    delegate.complete(reader, line, candidates);
    ListIterator<Candidate> it = candidates.listIterator(first);
    while (it.hasNext()) {
      Candidate c = it.next();
      if (c.suffix() != null && !c.value().endsWith(c.suffix())) {
        it.set(new Candidate(c.value(), c.displ(), c.group(), c.descr(), null, c.key(),
            c.complete(), c.sort()));
      }
    }
  }
}

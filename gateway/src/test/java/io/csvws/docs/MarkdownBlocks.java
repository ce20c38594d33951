package io.csvws.docs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The fenced code blocks of a Markdown page, with what the page says about each one.
 *
 * <p>The conventions the docs follow, so that a test can run every block:
 * <ul>
 *   <li>A block right after another one (only blank lines between) is the first one's output.
 *   <li>{@code <!-- not run: REASON -->} on the line before a block says it is not run and why;
 *       the page says the reason in its prose too.
 *   <li>{@code <!-- run by: TestClass -->} says another test runs the block.
 * </ul>
 * Every other block is a command, a statement or a program that {@link DocsIT} runs.
 */
final class MarkdownBlocks {
  private static final Pattern FENCE = Pattern.compile("^```\\s*([\\w+-]*)\\s*$");
  private static final Pattern NOT_RUN = Pattern.compile("^<!-- not run: (.+?) -->$");
  private static final Pattern RUN_BY = Pattern.compile("^<!-- run by: ([\\w.]+) -->$");

  private MarkdownBlocks() {
  }

  /** One fenced block. {@code line} is the 1-based line of its opening fence. */
  record Block(String page, int line, String info, String text, String notRun, String runBy,
      Block output) {
    /** Where the block is, for test names and failure messages: {@code docs/x.md:12}. */
    String where() {
      return page + ":" + line;
    }

    /** The block's lines. */
    List<String> lines() {
      return List.of(text.split("\n", -1));
    }

    String firstLine() {
      return lines().get(0);
    }
  }

  /** The blocks of {@code root/page}, outputs attached to the block before them. */
  static List<Block> read(Path root, String page) throws IOException {
    List<String> lines = Files.readAllLines(root.resolve(page), StandardCharsets.UTF_8);
    List<Block> raw = new ArrayList<>();
    List<Integer> ends = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      Matcher open = FENCE.matcher(lines.get(i));
      if (!open.matches()) {
        continue;
      }
      int close = i + 1;
      while (close < lines.size() && !lines.get(close).startsWith("```")) {
        close++;
      }
      if (close == lines.size()) {
        throw new AssertionError(page + ":" + (i + 1) + ": a code block is never closed");
      }
      String before = i > 0 ? lines.get(i - 1).trim() : "";
      Matcher notRun = NOT_RUN.matcher(before);
      Matcher runBy = RUN_BY.matcher(before);
      raw.add(new Block(page, i + 1, open.group(1),
          String.join("\n", lines.subList(i + 1, close)),
          notRun.matches() ? notRun.group(1) : null, runBy.matches() ? runBy.group(1) : null,
          null));
      ends.add(close);
      i = close;
    }
    List<Block> blocks = new ArrayList<>();
    for (int b = 0; b < raw.size(); b++) {
      Block block = raw.get(b);
      Block output = null;
      if (b + 1 < raw.size() && onlyBlankBetween(lines, ends.get(b), raw.get(b + 1).line() - 1)) {
        output = raw.get(++b);
      }
      blocks.add(new Block(block.page(), block.line(), block.info(), block.text(),
          block.notRun(), block.runBy(), output));
    }
    return blocks;
  }

  /** True when lines strictly between {@code close} and {@code nextOpen} (0-based) are blank. */
  private static boolean onlyBlankBetween(List<String> lines, int close, int nextOpen) {
    for (int i = close + 1; i < nextOpen; i++) {
      if (!lines.get(i).isBlank()) {
        return false;
      }
    }
    return true;
  }
}

package io.csvws.driver;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import io.csvws.error.Sentences;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A {@code jdbc:csvws:<folder>[?key=value&...]} URL: {@link #of} writes one for a folder,
 * {@link #parse} reads one.
 *
 * <p>The folder is a path, absolute or relative to the working directory; {@code ~/} stands for
 * the user's home. Percent escapes ({@code %20}) are decoded in the folder and in keys and values;
 * {@code +} is kept as it is, since it is common in paths. Properties are separated by {@code &}
 * (or {@code ;}, as some tools append them).
 *
 * @param folderText the folder as written, decoded
 * @param properties the properties in the URL, in order
 */
public record CsvwsUrl(String folderText, Map<String, String> properties) {
  static final String PREFIX = "jdbc:csvws:";

  /** Keeps the properties in their order, unmodifiable. */
  public CsvwsUrl {
    properties = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(properties));
  }

  /**
   * The URL of {@code folder}, whatever its name holds: {@code %}, {@code ?} and {@code #} are
   * escaped so that they stay part of the name.
   */
  public static String of(Path folder) {
    return of(folder, Map.of());
  }

  /**
   * The URL of the folder written as {@code folder} (a path as a person typed it: {@code ~/} is
   * the home folder), escaped as {@link #of(Path)} escapes it. A text that is no valid path gets
   * its URL too, so that connecting to it fails with the driver's own message.
   */
  public static String of(String folder) {
    return PREFIX + folderPart(folder);
  }

  /**
   * The URL of {@code folder} with {@code properties} (in the map's order), each key and value
   * escaped as {@link #of(Path)} escapes the folder, so that {@link #parse} gives them back.
   */
  public static String of(Path folder, Map<String, String> properties) {
    StringBuilder url = new StringBuilder(PREFIX).append(folderPart(folder.toString()));
    char separator = '?';
    for (Map.Entry<String, String> p : properties.entrySet()) {
      url.append(separator).append(escape(p.getKey(), true)).append('=')
          .append(escape(p.getValue(), true));
      separator = '&';
    }
    return url.toString();
  }

  /** Whether {@code url} is a csvws URL. */
  public static boolean accepts(String url) {
    return url != null && url.startsWith(PREFIX);
  }

  /** Parses {@code url}; throws {@link ErrorCode#VALIDATION_FAILED} saying what is malformed. */
  public static CsvwsUrl parse(String url) {
    String rest = url.substring(PREFIX.length());
    int q = rest.indexOf('?');
    String folder = decode(q < 0 ? rest : rest.substring(0, q), url);
    if (folder.isBlank()) {
      throw new CsvwsException(ErrorCode.VALIDATION_FAILED, "The URL " + url + " names no folder; "
          + "write jdbc:csvws:/path/to/folder (or a path relative to the working directory).");
    }
    Map<String, String> props = new LinkedHashMap<>();
    if (q >= 0) {
      for (String pair : rest.substring(q + 1).split("[&;]")) {
        if (pair.isEmpty()) {
          continue;
        }
        int eq = pair.indexOf('=');
        if (eq <= 0) {
          throw new CsvwsException(ErrorCode.VALIDATION_FAILED, "The URL property '" + pair
              + "' is not key=value; write properties as ?key=value&key2=value2.");
        }
        String key = decode(pair.substring(0, eq), url);
        String value = decode(pair.substring(eq + 1), url);
        if (props.put(key, value) != null) {
          throw new CsvwsException(ErrorCode.VALIDATION_FAILED,
              "The URL gives property '" + key + "' twice; give it once.");
        }
      }
    }
    return new CsvwsUrl(folder, props);
  }

  /** The folder as a path ({@code ~/} expanded to the user's home). */
  public Path folder() {
    String f = folderText;
    if (f.equals("~") || f.startsWith("~/")) {
      f = System.getProperty("user.home") + f.substring(1);
    }
    try {
      return Path.of(f);
    } catch (InvalidPathException e) {
      throw new CsvwsException(ErrorCode.VALIDATION_FAILED,
          "'" + folderText + "' is not a valid folder path: " + Sentences.ending(e.getReason()));
    }
  }

  /** A relative folder named {@code remote:...} is written {@code ./remote:...}, not a gateway. */
  private static String folderPart(String folder) {
    return (folder.startsWith(RemoteUrl.KIND) ? "./" : "") + escape(folder, false);
  }

  /**
   * Percent escapes for what would otherwise end a name: an escape, the start of the properties,
   * a fragment for tools that read URLs as URIs, and in a property the separators.
   */
  private static String escape(String text, boolean property) {
    StringBuilder out = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '%' -> out.append("%25");
        case '?' -> out.append("%3F");
        case '#' -> out.append("%23");
        case '&' -> out.append(property ? "%26" : "&");
        case ';' -> out.append(property ? "%3B" : ";");
        case '=' -> out.append(property ? "%3D" : "=");
        default -> {
          if (c < 0x20 || c == 0x7f) {
            out.append('%').append(Character.forDigit(c >> 4, 16))
                .append(Character.forDigit(c & 0xf, 16));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.toString();
  }

  private static String decode(String s, String url) {
    if (s.indexOf('%') < 0) {
      return s;
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '%') {
        if (i + 2 >= s.length() || Character.digit(s.charAt(i + 1), 16) < 0
            || Character.digit(s.charAt(i + 2), 16) < 0) {
          throw new CsvwsException(ErrorCode.VALIDATION_FAILED, "The URL " + url
              + " has a malformed percent escape at '" + s.substring(i) + "'; write %25 for %.");
        }
        out.write(Integer.parseInt(s.substring(i + 1, i + 3), 16));
        i += 2;
      } else {
        byte[] b = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
        if (Character.isHighSurrogate(c) && i + 1 < s.length()) {
          b = s.substring(i, i + 2).getBytes(StandardCharsets.UTF_8);
          i++;
        }
        out.write(b, 0, b.length);
      }
    }
    return out.toString(StandardCharsets.UTF_8);
  }
}

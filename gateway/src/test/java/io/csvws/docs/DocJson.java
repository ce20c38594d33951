package io.csvws.docs;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * JSON as the docs show it, compared with JSON as a program answered. Numbers keep their written
 * form ({@code 4.50} is not {@code 4.5}) and members their order, so what a reader sees is what
 * is compared. Only timings are normalised: they differ on every run.
 */
final class DocJson {
  /** Members that hold a duration in milliseconds; their value is replaced before comparing. */
  static final Set<String> TIMINGS = Set.of("query_elapsed_ms", "elapsed_ms");

  private static final ObjectMapper MAPPER = new ObjectMapper()
      .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

  private DocJson() {
  }

  static JsonNode parse(String json) {
    try {
      return MAPPER.readTree(json);
    } catch (IOException e) {
      throw new UncheckedIOException("not JSON: " + json, e);
    }
  }

  /** A JSON object as a map, as a client library hands arguments over. */
  static Map<String, Object> object(String json) {
    try {
      return new ObjectMapper().readValue(json, new TypeReference<Map<String, Object>>() { });
    } catch (IOException e) {
      throw new UncheckedIOException("not a JSON object: " + json, e);
    }
  }

  /** {@code json} written on one line with the timings replaced by {@code "<ms>"}. */
  static String normalised(String json) {
    JsonNode tree = parse(json);
    replaceTimings(tree);
    try {
      return MAPPER.writeValueAsString(tree);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void replaceTimings(JsonNode node) {
    if (node instanceof ObjectNode object) {
      Iterator<Map.Entry<String, JsonNode>> fields = object.fields();
      while (fields.hasNext()) {
        Map.Entry<String, JsonNode> field = fields.next();
        if (TIMINGS.contains(field.getKey()) && field.getValue().isNumber()) {
          field.setValue(object.textNode("<ms>"));
        } else {
          replaceTimings(field.getValue());
        }
      }
    } else if (node instanceof ArrayNode array) {
      array.forEach(DocJson::replaceTimings);
    }
  }
}

package io.csvws.agent;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * JSON in and out of the tools: tool arguments arrive as a JSON object, responses leave as
 * compact JSON whose size is what the response budget counts. Thread-safe.
 */
final class Json {
  private static final ObjectMapper MAPPER = new ObjectMapper()
      .enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN)
      .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
      .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);
  private static final ObjectMapper PRETTY = MAPPER.copy()
      .enable(SerializationFeature.INDENT_OUTPUT);
  private static final TypeReference<Map<String, Object>> OBJECT = new TypeReference<>() { };

  private Json() {
  }

  /** Compact JSON of maps, lists, strings, numbers, booleans and nulls. */
  static String write(Object value) {
    try {
      return MAPPER.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("A tool response could not be written as JSON", e);
    }
  }

  /** Indented JSON, for people (the schema listing, docs). */
  static String pretty(Object value) {
    try {
      return PRETTY.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("A value could not be written as JSON", e);
    }
  }

  /** Size of {@link #write(Object)} in UTF-8 bytes: what the response budget counts. */
  static int size(Object value) {
    return write(value).getBytes(StandardCharsets.UTF_8).length;
  }

  /** Parses tool arguments; blank text is no arguments. */
  static Map<String, Object> parseObject(String json) {
    if (json == null || json.isBlank()) {
      return Map.of();
    }
    try {
      Map<String, Object> m = MAPPER.readValue(json, OBJECT);
      return m == null ? Map.of() : m;
    } catch (JsonProcessingException e) {
      throw new CsvwsException(ErrorCode.VALIDATION_FAILED,
          "The arguments are not a JSON object: " + e.getOriginalMessage()
              + ". Send an object such as {\"table\": \"customers.csv\"}.");
    }
  }
}

package io.csvws.agent;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One argument of a tool: its JSON type, what it means to a model, and its bounds.
 *
 * @param name       argument name, snake_case
 * @param type       JSON Schema type: string, integer, boolean, or array (of strings)
 * @param description what the argument does, written for a model
 * @param required   whether a call must give it
 * @param minimum    smallest integer accepted, or null
 * @param choices    the only strings accepted, or null
 */
public record ToolParam(String name, String type, String description, boolean required, Long minimum,
    List<String> choices) {

  static ToolParam string(String name, boolean required, String description) {
    return new ToolParam(name, "string", description, required, null, null);
  }

  static ToolParam choice(String name, boolean required, String description,
      List<String> choices) {
    return new ToolParam(name, "string", description, required, null, List.copyOf(choices));
  }

  static ToolParam integer(String name, boolean required, Long minimum, String description) {
    return new ToolParam(name, "integer", description, required, minimum, null);
  }

  static ToolParam bool(String name, String description) {
    return new ToolParam(name, "boolean", description, false, null, null);
  }

  static ToolParam strings(String name, String description) {
    return new ToolParam(name, "array", description, false, null, null);
  }

  /** This argument as a JSON Schema property. */
  Map<String, Object> schema() {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("type", type);
    if (type.equals("array")) {
      p.put("items", Map.of("type", "string"));
    }
    if (minimum != null) {
      p.put("minimum", minimum);
    }
    if (choices != null) {
      p.put("enum", choices);
    }
    p.put("description", description);
    return p;
  }
}

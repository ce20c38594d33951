package io.csvws.agent;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A tool as an agent framework sees it: name, description for the model, and arguments.
 *
 * @param name        tool name, snake_case
 * @param description what the tool does and how to use it well, written for a model
 * @param params      its arguments
 */
public record ToolSpec(String name, String description, List<ToolParam> params) {

  public ToolSpec {
    params = List.copyOf(params);
  }

  /** The arguments as a JSON Schema object ({@code type}, {@code properties}, {@code required}). */
  public Map<String, Object> parametersSchema() {
    Map<String, Object> properties = new LinkedHashMap<>();
    List<String> required = new ArrayList<>();
    for (ToolParam p : params) {
      properties.put(p.name(), p.schema());
      if (p.required()) {
        required.add(p.name());
      }
    }
    Map<String, Object> s = new LinkedHashMap<>();
    s.put("type", "object");
    s.put("properties", properties);
    s.put("required", required);
    s.put("additionalProperties", false);
    return s;
  }

  /** Names of the arguments, for "valid arguments are ..." messages. */
  List<String> paramNames() {
    List<String> names = new ArrayList<>();
    for (ToolParam p : params) {
      names.add(p.name());
    }
    return names;
  }

  ToolParam param(String paramName) {
    for (ToolParam p : params) {
      if (p.name().equals(paramName)) {
        return p;
      }
    }
    return null;
  }
}

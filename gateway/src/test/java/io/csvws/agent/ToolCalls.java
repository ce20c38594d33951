package io.csvws.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Calls tools with JSON arguments and reads their JSON answers, as a transport would. */
final class ToolCalls {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final AgentTools tools;

  ToolCalls(AgentTools tools) {
    this.tools = tools;
  }

  /** The raw result of a call with JSON arguments. */
  ToolResult raw(String tool, String argsJson) {
    return tools.callJson(tool, argsJson);
  }

  /** Calls a tool that must succeed; returns its parsed body. */
  JsonNode ok(String tool, String argsJson) {
    ToolResult r = tools.callJson(tool, argsJson);
    assertThat(r.isError()).as("%s %s -> %s", tool, argsJson, r.json()).isFalse();
    return parse(r.json());
  }

  /** Calls a tool that must fail with {@code code}; returns the error message. */
  String error(String tool, String argsJson, String code) {
    ToolResult r = tools.callJson(tool, argsJson);
    assertThat(r.isError()).as("%s %s -> %s", tool, argsJson, r.json()).isTrue();
    JsonNode e = parse(r.json()).get("error");
    assertThat(e.get("code").asText()).as(r.json()).isEqualTo(code);
    return e.get("message").asText();
  }

  static JsonNode parse(String json) {
    try {
      return MAPPER.readTree(json);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static int bytes(ToolResult r) {
    return r.json().getBytes(StandardCharsets.UTF_8).length;
  }

  /** A JSON string literal. */
  static String str(String s) {
    try {
      return MAPPER.writeValueAsString(s);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
